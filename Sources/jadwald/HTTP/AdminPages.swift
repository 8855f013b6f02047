import CalDAVCore
import CardDAVCore
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import Logging
import Provisioning
import WebDAV

/// The admin web page at `/admin/`: sign in, list users with their calendars, object
/// counts, storage and devices; create a user, reset a password, show or mail a setup
/// link, revoke a device, delete a user after typing their name.
///
/// Server-rendered HTML without scripts. The session cookie is HttpOnly, SameSite=Strict,
/// limited to `/admin` and Secure when the public URL is https. Every form carries the
/// session's CSRF token, and a POST whose Origin is another site is refused. Secrets (a
/// generated password, a setup link) are shown in the answer to the POST, never put in
/// a URL. An administrator also shares a user's calendars with other users.
struct AdminPages: Sendable {
    let users: UserDirectory
    /// Shares calendars and address books (``AdminPages/sharingSection(_:of:calendars:)``).
    let calDAV: CalDAVAdapter
    let cardDAV: CardDAVAdapter
    /// Who acts in whose calendars.
    let delegation: Delegation
    let setupLinks: SetupLinks
    let publicURL: String
    /// What the operator should fix about the public URL, shown on every page.
    let warnings: [String]
    /// Limits on password attempts, with the same rules as the DAV server's.
    let passwordGuard: PasswordGuard
    let logger: Logger
    /// What a form's answer shows once, on the page the browser is sent to.
    let notices = FlashNotices()

    static let cookieName = "jadwal_admin"

    func add(to router: Router<JadwalRequestContext>) {
        router.get("/admin/") { request, _ in
            await self.page(request) { session, request in
                try await self.userList(session, notice: self.notices.take(request.uri.queryParameters["notice"].map(String.init), for: session.csrfToken))
            }
        }
        router.post("/admin/sign-in") { request, context in await self.speaking(request, as: nil) { await self.signIn(request, context) } }
        router.post("/admin/sign-out") { request, _ in await self.signOut(request) }
        router.post("/admin/users") { request, _ in await self.form(request) { session, form in try await self.create(session, form) } }
        router.get("/admin/users/:name") { request, context in
            await self.page(request) { session, request in
                let notice = self.notices.take(request.uri.queryParameters["notice"].map(String.init), for: session.csrfToken)
                return try await self.userPage(session, try Self.name(context), notice: notice)
            }
        }
        router.post("/admin/users/:name/password") { request, context in
            await self.form(request) { session, form in try await self.resetPassword(session, try Self.name(context), form) }
        }
        router.post("/admin/users/:name/setup-link") { request, context in
            await self.form(request) { session, form in try await self.setupLink(session, try Self.name(context), form) }
        }
        router.post("/admin/users/:name/revoke") { request, context in
            await self.form(request) { session, form in try await self.revoke(session, try Self.name(context), form) }
        }
        router.post("/admin/users/:name/delete") { request, context in
            await self.form(request) { session, form in try await self.delete(session, try Self.name(context), form) }
        }
        router.post("/admin/users/:name/shares") { request, context in
            await self.form(request) { session, form in try await self.share(session, try Self.name(context), form) }
        }
        router.post("/admin/users/:name/unshare") { request, context in
            await self.form(request) { session, form in try await self.unshare(session, try Self.name(context), form) }
        }
        router.post("/admin/users/:name/delegates") { request, context in
            await self.form(request) { session, form in try await self.setDelegate(session, try Self.name(context), form) }
        }
        for kind in [CollectionKind.calendars, .addressbooks] {
            router.post(RouterPath(stringLiteral: "/admin/users/:name/\(kind.rawValue)")) { request, context in
                await self.form(request) { session, form in try await self.createCollection(session, try Self.name(context), kind, form) }
            }
            router.post(RouterPath(stringLiteral: "/admin/users/:name/\(kind.rawValue)/update")) { request, context in
                await self.form(request) { session, form in try await self.updateCollection(session, try Self.name(context), kind, form) }
            }
            router.post(RouterPath(stringLiteral: "/admin/users/:name/\(kind.rawValue)/delete")) { request, context in
                await self.form(request) { session, form in try await self.deleteCollection(session, try Self.name(context), kind, form) }
            }
        }
    }

    // MARK: Sessions

    private var browser: BrowserSessions {
        BrowserSessions(cookieName: Self.cookieName, path: "/admin", secure: publicURL.hasPrefix("https://"), sessions: users.application.webSessions)
    }

    /// Whether the session's account is (still) an administrator.
    private func isAdministrator(_ session: WebSessions.Session) async -> Bool {
        (try? await users.accounts.account(named: session.account))??.isAdmin == true
    }

    /// The signed-in administrator's session, or `nil`.
    private func session(_ request: Request) async -> WebSessions.Session? {
        guard let session = await browser.session(request), await isAdministrator(session) else { return nil }
        return session
    }

    // MARK: Plumbing

    struct Refusal: Error {
        let response: Response
    }

    /// Runs `body` speaking the administrator's language (their choice, else the browser's).
    private func speaking(_ request: Request, as account: String?, _ body: () async -> Response) async -> Response {
        var preference: String?
        if let account { preference = (try? await users.accounts.preferences(of: account))??.language }
        return await PageLanguage.$current.withValue(PageLanguage(preference: preference, request: request)) { await body() }
    }

    /// A GET page for a signed-in administrator, or the sign-in form.
    private func page(_ request: Request, _ body: (WebSessions.Session, Request) async throws -> Response) async -> Response {
        let session = await session(request)
        return await speaking(request, as: session?.account) {
            guard let session else { return signInPage() }
            return await run { try await body(session, request) }
        }
    }

    /// A POSTed form from a signed-in administrator with the session's CSRF token.
    private func form(_ request: Request, _ body: (WebSessions.Session, FormBody) async throws -> Response) async -> Response {
        await speaking(request, as: await browser.session(request)?.account) { await checkedForm(request, body) }
    }

    private func checkedForm(_ request: Request, _ body: (WebSessions.Session, FormBody) async throws -> Response) async -> Response {
        switch await browser.form(request, admits: isAdministrator) {
        case .accepted(let session, let form): return await run { try await body(session, form) }
        case .crossSite: return message(tr("Refused"), tr("This form was sent from another site."), status: .forbidden)
        case .signedOut: return signInPage(status: .unauthorized)
        case .unreadable: return message(tr("Refused"), tr("The form could not be read."), status: .badRequest)
        case .stale: return message(tr("Refused"), tr("The form is out of date. Go back, reload the page and try again."), status: .forbidden)
        }
    }

    private func run(_ body: () async throws -> Response) async -> Response {
        do {
            return try await body()
        } catch let refusal as Refusal {
            return refusal.response
        } catch let problem as AccountStore.AccountError {
            return message(problem.isMissing ? tr("Not found") : tr("Refused"), problem.description, status: problem.isMissing ? .notFound : .badRequest)
        } catch {
            logger.error("admin page failed", metadata: ["error": "\(error)"])
            return message(tr("Something went wrong"), tr("The operation could not be completed; try again."), status: .internalServerError)
        }
    }

    private static func name(_ context: JadwalRequestContext) throws -> String {
        guard let name = context.parameters.get("name")?.removingPercentEncoding.map(AccountIdentity.canonical), AccountStore.isValidName(name) else {
            throw AccountStore.AccountError.missingUser
        }
        return name
    }

    private func message(_ title: String, _ text: String, status: HTTPResponse.Status = .ok, session: WebSessions.Session? = nil) -> Response {
        HTMLPage(title: title, body: """
            \(session.map(header) ?? "")<h1>\(HTMLPage.escape(title))</h1><p>\(HTMLPage.escape(text))</p>
            <p><a href="/admin/">\(tr("Back to the users"))</a></p>
            """).response(status: status)
    }

    static func hidden(_ session: WebSessions.Session) -> String { BrowserSessions.hidden(session) }

    private func header(_ session: WebSessions.Session) -> String {
        """
        <form method="post" action="/admin/sign-out" style="float:inline-end">\(Self.hidden(session))<button>\(tr("Sign out"))</button></form>
        <p class="muted">\(tr("Jadwal admin")) · <bdi>\(HTMLPage.escape(session.account))</bdi></p>
        \(warnings.map { "<p class=\"warning\">\(HTMLPage.escape($0))</p>" }.joined())
        """
    }

    private static func size(_ bytes: Int) -> String {
        let formatter = ByteCountFormatter()
        formatter.countStyle = .file
        formatter.allowsNonnumericFormatting = false  // "0 bytes", not "Zero KB"
        return formatter.string(fromByteCount: Int64(bytes))
    }

    static func userPath(_ name: String) -> String {
        "/admin/users/" + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? name)
    }

    // MARK: Sign-in

    private func signInPage(status: HTTPResponse.Status = .ok, note: String? = nil) -> Response {
        HTMLPage(title: tr("Jadwal admin"), body: """
            <h1>\(tr("Jadwal admin"))</h1>
            \(note.map { "<p><b>\(HTMLPage.escape($0))</b></p>" } ?? "")
            <form method="post" action="/admin/sign-in">
            <p><label>\(tr("User name"))<br><input name="user" autocomplete="username" required dir="ltr"></label></p>
            <p><label>\(tr("Password"))<br><input name="password" type="password" autocomplete="current-password" required></label></p>
            <p><button type="submit">\(tr("Sign in"))</button></p>
            </form>
            """).response(status: status)
    }

    private func signIn(_ request: Request, _ context: JadwalRequestContext) async -> Response {
        guard BrowserSessions.isSameOrigin(request) else { return signInPage(status: .forbidden, note: tr("This form was sent from another site.")) }
        guard let form = await FormBody.read(request), let typed = form["user"], let password = form["password"],
              typed.utf8.count <= 64, password.utf8.count <= 1024 else {
            return signInPage(status: .badRequest, note: tr("Enter your user name and password."))
        }
        switch await passwordGuard.admit(name: typed, client: context.clientAddress) {
        case .refuse(let retryAfter):
            logger.notice("admin sign-in throttled", metadata: ["user": "\(typed)", "client": "\(context.clientAddress)"])
            var response = signInPage(status: .tooManyRequests, note: tr("Too many attempts; wait {1} seconds.", PageLanguage.current.number(retryAfter)))
            response.headers[.retryAfter] = String(retryAfter)
            return response
        case .check(let ticket, let delay):
            if delay > .zero { try? await Task.sleep(for: delay) }
            let name = (try? await users.accounts.resolve(typed)).flatMap { $0 }
            let matches = await users.accounts.verify(name: name ?? "\u{0}", password: password)
            await passwordGuard.finish(ticket, succeeded: matches)
            guard matches, let name, (try? await users.accounts.account(named: name))??.isAdmin == true else {
                logger.notice("admin sign-in refused", metadata: ["user": "\(typed)", "client": "\(context.clientAddress)"])
                return signInPage(status: .unauthorized, note: tr("Wrong user name or password, or not an administrator."))
            }
            return await startSession(for: name)
        }
    }

    private func startSession(for user: String) async -> Response {
        do {
            let (cookie, _) = try await users.application.webSessions.start(for: user)
            logger.info("admin signed in", metadata: ["user": "\(user)"])
            return Response(status: .seeOther, headers: [.location: "/admin/", .setCookie: browser.cookie(cookie, maxAge: WebSessions.lifetime)])
        } catch {
            return signInPage(status: .serviceUnavailable, note: tr("Signing in is not possible right now."))
        }
    }

    private func signOut(_ request: Request) async -> Response {
        if let cookie = browser.cookieValue(request), let session = await session(request),
           let form = await FormBody.read(request), let token = form["csrf"], SecretToken.constantTimeEqual(token, session.csrfToken) {
            try? await users.application.webSessions.end(cookie)
        }
        return Response(status: .seeOther, headers: [.location: "/admin/", .setCookie: browser.cookie("", maxAge: 0)])
    }

    // MARK: Pages

    private func userList(_ session: WebSessions.Session, notice: String = "") async throws -> Response {
        var rows = ""
        for account in try await users.accounts.list() {
            guard let summary = try await users.summary(of: account.name) else { continue }
            let calendars = summary.calendars.map { "\(HTMLPage.escape($0.displayName ?? $0.name)) (\($0.objects))" }.joined(separator: ", ")
            let books = summary.addressBooks.map { "\(HTMLPage.escape($0.displayName ?? $0.name)) (\($0.cards))" }.joined(separator: ", ")
            rows += """
                <tr><td dir="auto"><a href="\(HTMLPage.escape(Self.userPath(account.name)))">\(HTMLPage.escape(account.name))</a>\
                \(account.isAdmin ? " <span class=\"muted\">\(tr("administrator"))</span>" : "")</td>
                <td dir="auto">\(HTMLPage.escape(account.email ?? ""))</td><td dir="auto">\(calendars)</td><td>\(summary.objectCount)</td><td dir="auto">\(books)</td>
                <td>\(Self.size(summary.storageBytes))</td><td>\(summary.appPasswords.count)</td></tr>
                """
        }
        return HTMLPage(title: tr("Users · Jadwal admin"), body: """
            \(header(session))
            <h1>\(tr("Users"))</h1>
            \(notice)
            <div style="overflow-x:auto"><table>
            <tr><th>\(tr("User"))</th><th>\(tr("Email"))</th><th>\(tr("Calendars (objects)"))</th><th>\(tr("Objects"))</th><th>\(tr("Address books (cards)"))</th><th>\(tr("Storage"))</th><th>\(tr("Devices"))</th></tr>
            \(rows)
            </table></div>
            <h2>\(tr("New user"))</h2>
            <form method="post" action="/admin/users">\(Self.hidden(session))
            <p><label>\(tr("User name"))<br><input name="name" dir="ltr" required maxlength="64" pattern="[A-Za-z0-9._@+\\-]+"></label></p>
            <p><label>\(tr("Email"))<br><input name="email" type="email" maxlength="254" dir="ltr"></label></p>
            <p><label>\(tr("Password (empty: the user signs in by email link)"))<br><input name="password" type="password" minlength="8" autocomplete="new-password"></label></p>
            <p><label><input name="admin" type="checkbox" value="on"> \(tr("Administrator"))</label></p>
            <p><button type="submit">\(tr("Create user"))</button></p>
            </form>
            """).response()
    }

    private func userPage(_ session: WebSessions.Session, _ name: String, notice: String = "") async throws -> Response {
        guard let summary = try await users.summary(of: name) else { throw AccountStore.AccountError.missingUser }
        let action = HTMLPage.escape(Self.userPath(name))
        let devices = summary.appPasswords.map { device in
            let used = device.lastUsedAt.map { PageLanguage.current.dateTime($0) } ?? tr("not yet")
            return """
                <tr><td dir="auto">\(HTMLPage.escape(device.label))</td><td>\(HTMLPage.escape(used))</td><td>
                <form method="post" action="\(action)/revoke">\(Self.hidden(session))
                <input type="hidden" name="label" value="\(HTMLPage.escape(device.label))"><button>\(tr("Revoke"))</button></form></td></tr>
                """
        }.joined()
        return HTMLPage(title: "\(name) · \(tr("Jadwal admin"))", body: """
            \(header(session))
            <p><a href="/admin/">\(tr("← Users"))</a></p>
            <h1 dir="auto">\(HTMLPage.escape(name))</h1>
            \(notice)
            <p>\(HTMLPage.escape(summary.account.email ?? tr("no email address")))\(summary.account.isAdmin ? " · " + tr("administrator") : "")
            · \(tr("{1} objects", PageLanguage.current.number(summary.objectCount))) · \(Self.size(summary.storageBytes))</p>
            \(try await collectionsSection(session, of: name, usage: summary))
            \(try await sharingSection(session, of: name, calendars: summary.calendars, books: summary.addressBooks))
            <h2>\(tr("Devices"))</h2>
            \(devices.isEmpty ? "<p class=\"muted\">\(tr("No devices yet."))</p>" : "<table><tr><th>\(tr("Device"))</th><th>\(tr("Last used"))</th><th></th></tr>\(devices)</table>")
            <h2>\(tr("Set up a device"))</h2>
            <form method="post" action="\(action)/setup-link">\(Self.hidden(session))
            <p><label><input type="radio" name="kind" value="calendars" checked> \(tr("Calendars and contacts"))</label>
            <label><input type="radio" name="kind" value="prayer-feed"> \(tr("Prayer times"))</label></p>
            <p><button name="send" value="no">\(tr("Show a setup link"))</button>
            \(summary.account.email == nil ? "" : "<button name=\"send\" value=\"yes\">\(tr("Mail it to the user"))</button>")</p>
            </form>
            <h2>\(tr("Password"))</h2>
            <form method="post" action="\(action)/password">\(Self.hidden(session))
            <p><label>\(tr("New password (empty: make one)"))<br><input name="password" type="password" minlength="8" autocomplete="new-password"></label></p>
            <p><button>\(tr("Reset the password"))</button></p>
            </form>
            <h2>\(tr("Delete"))</h2>
            <form method="post" action="\(action)/delete">\(Self.hidden(session))
            <p>\(tr("This deletes {1}, their calendars, address books, files and devices. It cannot be undone.", HTMLPage.escape(name)))</p>
            <p><label>\(tr("Type the user name to confirm"))<br><input name="confirm" required autocomplete="off" dir="ltr"></label></p>
            <p><button class="danger">\(tr("Delete the user"))</button></p>
            </form>
            """).response()
    }

    // MARK: Actions

    /// 303 to the user's page, which shows `notice` once: a reload does not post again.
    func redirect(to name: String, showing notice: String, in session: WebSessions.Session) -> Response {
        let key = notices.keep(notice, for: session.csrfToken)
        return Response(status: .seeOther, headers: [.location: Self.userPath(name) + "?notice=" + key])
    }

    private func create(_ session: WebSessions.Session, _ form: FormBody) async throws -> Response {
        let name = form["name"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let email = form["email"].flatMap { $0.isEmpty ? nil : $0 }
        let password = form["password"].flatMap { $0.isEmpty ? nil : $0 }
        try await users.create(name: name, password: password, email: email, isAdmin: form["admin"] == "on")
        logger.info("user created", metadata: ["user": "\(name)", "by": "\(session.account)"])
        return Response(status: .seeOther, headers: [.location: Self.userPath(name)])
    }

    private func resetPassword(_ session: WebSessions.Session, _ name: String, _ form: FormBody) async throws -> Response {
        let given = form["password"].flatMap { $0.isEmpty ? nil : $0 }
        let password = given ?? SecretToken.generate()
        try await users.accounts.setPassword(name: name, password: password)
        try await users.application.refreshTokens.revokeAll(of: name)
        logger.info("password reset", metadata: ["user": "\(name)", "by": "\(session.account)"])
        let notice = given == nil
            ? "<p><b>\(tr("New password (shown once):"))</b> <code>\(HTMLPage.escape(password))</code></p>"
            : "<p><b>\(tr("The password is changed."))</b></p>"
        return redirect(to: name, showing: notice, in: session)
    }

    private func setupLink(_ session: WebSessions.Session, _ name: String, _ form: FormBody) async throws -> Response {
        let kind = form["kind"].flatMap(SetupLinks.Kind.init(rawValue:)) ?? .calendars
        let link = try await setupLinks.issue(for: name, kind: kind, send: form["send"] == "yes")
        let qr = (try? QRCode(text: link.url).svg(moduleSize: 5)) ?? ""
        let notice = """
            <p><b>\(tr("Setup link"))</b> \(link.sentTo.map { tr("(works once, for 15 minutes; mailed to {1}):", HTMLPage.escape($0)) } ?? tr("(works once, for 15 minutes):"))<br>
            <a href="\(HTMLPage.escape(link.url))">\(HTMLPage.escape(link.url))</a></p><div class="qr">\(qr)</div>
            """
        return redirect(to: name, showing: notice, in: session)
    }

    private func revoke(_ session: WebSessions.Session, _ name: String, _ form: FormBody) async throws -> Response {
        let label = form["label"] ?? ""
        try await users.accounts.revokeAppPassword(name: name, label: label)
        logger.info("app password revoked", metadata: ["user": "\(name)", "label": "\(label)", "by": "\(session.account)"])
        return redirect(to: name, showing: "<p><b>\(tr("{1} is signed out.", HTMLPage.escape(label)))</b></p>", in: session)
    }

    private func delete(_ session: WebSessions.Session, _ name: String, _ form: FormBody) async throws -> Response {
        guard form["confirm"] == name else {
            return redirect(to: name, showing: "<p><b>\(tr("Not deleted: the typed name did not match."))</b></p>", in: session)
        }
        try await users.delete(name: name)
        logger.info("user deleted", metadata: ["user": "\(name)", "by": "\(session.account)"])
        let key = notices.keep("<p><b>\(tr("{1} and everything they stored are deleted.", HTMLPage.escape(name)))</b></p>", for: session.csrfToken)
        return Response(status: .seeOther, headers: [.location: "/admin/?notice=" + key])
    }
}
