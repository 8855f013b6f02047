import CalDAVCore
import CardDAVCore
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import Logging
import WebDAV

/// The person's own page at `/account/`: what the app does, for people on any platform.
/// Sign in by email link or password; then the addresses to type into any client, a QR
/// code of a fresh setup link, devices and app passwords, sharing, delegates and published
/// links, name, language and time zone, the download of everything they keep here, and
/// deleting their account.
///
/// Server-rendered HTML without scripts, readable on a phone, in English or Arabic (right
/// to left) by the person's choice or `Accept-Language`. The session cookie is HttpOnly,
/// SameSite=Strict, limited to `/account`, Secure on https; every form carries the
/// session's CSRF token and a cross-site POST is refused. Secrets (an app password, a
/// setup link) are shown once in the page the POST leads to, never put in a URL.
struct AccountPages: Sendable {
    let users: UserDirectory
    /// The person's calendars as clients see them (shared ones included).
    let calDAV: CalDAVAdapter
    let cardDAV: CardDAVAdapter
    let setupLinks: SetupLinks
    let signIn: SignInService
    let signInLimits: SignInLimits
    let passwordGuard: PasswordGuard
    let export: AccountExport
    /// Who acts in whose calendars.
    let delegation: Delegation
    /// Calendars published at secret links.
    let publications: CalendarPublications
    /// Chats and their conflicts.
    let chats: ChatService
    /// Connecting WhatsApp; `nil` when no bridge is configured.
    let whatsApp: WhatsAppLinking?
    /// Countries by IP address, for the first guess of where the person prays.
    let countries: CountryDatabase?
    let publicURL: String
    let logger: Logger
    let notices = FlashNotices()

    static let path = "/account"
    /// Where exported chats are uploaded: the page's one route with a large body.
    static let importPath = "/account/chats/import"

    var browser: BrowserSessions {
        BrowserSessions(cookieName: "jadwal_account", path: Self.path, secure: publicURL.hasPrefix("https://"), sessions: users.application.webSessions)
    }

    func add(to router: Router<JadwalRequestContext>) {
        router.get("/account/") { request, context in
            guard let session = await browser.session(request) else { return signInPage(request) }
            return await run(request, session) { language in
                try await overview(session, language, notice: notices.take(request.uri.queryParameters["notice"].map(String.init), for: session.csrfToken),
                                   citySearch: request.uri.queryParameters["city"].map(String.init),
                                   country: countries?.country(of: context.clientAddress))
            }
        }
        router.post("/account/sign-in/email") { request, context in await emailLink(request, context) }
        router.post("/account/sign-in/link") { request, context in await redeemLink(request, context) }
        router.post("/account/sign-in/password") { request, context in await passwordSignIn(request, context) }
        router.post("/account/sign-out") { request, _ in
            if case .accepted = await browser.form(request), let cookie = browser.cookieValue(request) { try? await users.application.webSessions.end(cookie) }
            return Response(status: .seeOther, headers: [.location: "/account/", .setCookie: browser.cookie("", maxAge: 0)])
        }
        router.get("/account/export") { request, _ in
            guard let session = await browser.session(request) else { return signInPage(request, status: .unauthorized) }
            return await run(request, session) { _ in try await download(session) }
        }
        let actions: [(String, @Sendable (AccountPages, WebSessions.Session, FormBody, PageLanguage) async throws -> Response)] = [
            ("preferences", { try await $0.savePreferences($1, $2, $3) }),
            ("setup-link", { try await $0.issueSetupLink($1, $2, $3) }),
            ("app-passwords", { try await $0.createAppPassword($1, $2, $3) }),
            ("devices/revoke", { try await $0.revokeDevice($1, $2, $3) }),
            ("delete", { try await $0.deleteAccount($1, $2, $3) }),
            ("prayer", { try await $0.savePrayer($1, $2, $3) }),
            ("conflicts/resolve", { try await $0.resolveConflict($1, $2, $3) }),
            ("whatsapp/connect", { try await $0.connectWhatsApp($1, $2, $3) }),
            ("whatsapp/unlink", { try await $0.unlinkWhatsApp($1, $2, $3) }),
            ("sharing/offer", { try await $0.offerShare($1, $2, $3) }),
            ("sharing/withdraw", { try await $0.withdrawShare($1, $2, $3) }),
            ("sharing/answer", { try await $0.answerShare($1, $2, $3) }),
            ("sharing/publish", { try await $0.publishCalendar($1, $2, $3) }),
            ("delegates", { try await $0.setDelegate($1, $2, $3) }),
        ]
        for (path, action) in actions {
            router.post(RouterPath(stringLiteral: "/account/\(path)")) { request, _ in await form(request) { try await action(self, $0, $1, $2) } }
        }
        router.post(RouterPath(stringLiteral: Self.importPath)) { request, _ in await importChat(request) }
    }

    // MARK: Plumbing

    /// The language of a signed-in person's pages.
    func language(of account: String, _ request: Request) async -> PageLanguage {
        PageLanguage(preference: (try? await users.accounts.preferences(of: account))??.language, request: request)
    }

    /// A page for a signed-in person; failures become a page in their language.
    private func run(_ request: Request, _ session: WebSessions.Session, _ body: (PageLanguage) async throws -> Response) async -> Response {
        let language = await language(of: session.account, request)
        do {
            return try await body(language)
        } catch let problem as AccountStore.AccountError {
            return message(language("Refused"), problem.description, language: language, status: problem.isMissing ? .notFound : .badRequest)
        } catch {
            logger.error("account page failed", metadata: ["error": "\(error)", "user": "\(session.account)"])
            return message(language("Something went wrong"), language("The operation could not be completed; try again."), language: language,
                           status: .internalServerError)
        }
    }

    /// A posted form of a signed-in person with the session's CSRF token.
    private func form(_ request: Request, _ body: (WebSessions.Session, FormBody, PageLanguage) async throws -> Response) async -> Response {
        let fallback = PageLanguage(preference: nil, request: request)
        switch await browser.form(request, maxBytes: 16 << 10) {
        case .accepted(let session, let form): return await run(request, session) { language in try await body(session, form, language) }
        case .crossSite: return message(fallback("Refused"), fallback("This form was sent from another site."), language: fallback, status: .forbidden)
        case .signedOut: return signInPage(request, status: .unauthorized)
        case .unreadable: return message(fallback("Refused"), fallback("The form could not be read."), language: fallback, status: .badRequest)
        case .stale: return message(fallback("Refused"), fallback("The form is out of date. Go back, reload the page and try again."), language: fallback,
                                    status: .forbidden)
        }
    }

    /// 303 to the page, which shows `notice` once: a reload does not post again.
    func back(showing notice: String, in session: WebSessions.Session, anchor: String = "") -> Response {
        let key = notices.keep(notice, for: session.csrfToken)
        return Response(status: .seeOther, headers: [.location: "/account/?notice=\(key)\(anchor.isEmpty ? "" : "#" + anchor)"])
    }

    func message(_ title: String, _ text: String, language: PageLanguage, status: HTTPResponse.Status = .ok) -> Response {
        HTMLPage(title: title, body: """
            <h1>\(HTMLPage.escape(title))</h1><p>\(HTMLPage.escape(text))</p><p><a href="/account/">\(language("Back to your account"))</a></p>
            """, language: language.code).response(status: status)
    }

    // MARK: Signing in

    func signInPage(_ request: Request, status: HTTPResponse.Status = .ok, note: String? = nil) -> Response {
        let t = PageLanguage(preference: nil, request: request)
        return HTMLPage(title: t("Your Jadwal account"), body: """
            <h1>\(t("Your Jadwal account"))</h1>
            \(note.map { "<p class=\"warning\">\(HTMLPage.escape($0))</p>" } ?? "")
            <section><h2>\(t("Sign in with your email"))</h2>
            <form method="post" action="/account/sign-in/email">
            <p><label>\(t("Email address"))<br><input name="email" type="email" autocomplete="email" required maxlength="254" dir="ltr"></label></p>
            <p><button>\(t("Send me a sign-in link"))</button></p></form></section>
            <section><h2>\(t("Or with your password"))</h2>
            <form method="post" action="/account/sign-in/password">
            <p><label>\(t("User name"))<br><input name="user" autocomplete="username" required maxlength="64" dir="ltr"></label></p>
            <p><label>\(t("Password"))<br><input name="password" type="password" autocomplete="current-password" required maxlength="1024"></label></p>
            <p><button>\(t("Sign in"))</button></p></form></section>
            """, language: t.code).response(status: status)
    }

    private func emailLink(_ request: Request, _ context: JadwalRequestContext) async -> Response {
        let t = PageLanguage(preference: nil, request: request)
        guard BrowserSessions.isSameOrigin(request) else { return signInPage(request, status: .forbidden, note: t("This form was sent from another site.")) }
        guard let form = await FormBody.read(request), let email = form["email"]?.trimmingCharacters(in: .whitespaces).lowercased(),
              email.utf8.count <= 254, AccountStore.isValidEmail(email) else {
            return signInPage(request, status: .badRequest, note: t("Enter your email address."))
        }
        if let wait = await signInLimits.checkEmail(email, from: context.clientAddress) {
            var response = signInPage(request, status: .tooManyRequests, note: t("Too many attempts; wait {1} seconds.", t.number(wait)))
            response.headers[.retryAfter] = String(wait)
            return response
        }
        do { try await signIn.requestLink(email: email, language: t.code) } catch {
            return signInPage(request, status: .serviceUnavailable, note: t("The sign-in link could not be sent; try again later."))
        }
        return message(t("Check your mail"), t("If {1} may sign in here, a link is on its way. Open it on this device; it works once, within 15 minutes.", email),
                       language: t)
    }

    /// The mailed link's token, posted from the `/signin` page opened in a browser.
    private func redeemLink(_ request: Request, _ context: JadwalRequestContext) async -> Response {
        let t = PageLanguage(preference: nil, request: request)
        guard BrowserSessions.isSameOrigin(request) else { return signInPage(request, status: .forbidden, note: t("This form was sent from another site.")) }
        if let wait = await signInLimits.checkToken(from: context.clientAddress) {
            return signInPage(request, status: .tooManyRequests, note: t("Too many attempts; wait {1} seconds.", t.number(wait)))
        }
        guard let form = await FormBody.read(request), let token = form["token"], SecretToken.isWellFormed(token),
              case .redeemed(let account, _) = try? await users.application.oneTimeTokens.redeem(token, for: .signIn) else {
            logger.notice("account sign-in link refused", metadata: ["client": "\(context.clientAddress)"])
            return signInPage(request, status: .unauthorized, note: t("This sign-in link has been used or has expired; ask for a new one."))
        }
        return await startSession(for: account, request, via: "email link")
    }

    private func passwordSignIn(_ request: Request, _ context: JadwalRequestContext) async -> Response {
        let t = PageLanguage(preference: nil, request: request)
        guard BrowserSessions.isSameOrigin(request) else { return signInPage(request, status: .forbidden, note: t("This form was sent from another site.")) }
        guard let form = await FormBody.read(request), let typed = form["user"], let password = form["password"],
              typed.utf8.count <= 64, password.utf8.count <= 1024 else {
            return signInPage(request, status: .badRequest, note: t("Enter your user name and password."))
        }
        switch await passwordGuard.admit(name: typed, client: context.clientAddress) {
        case .refuse(let retryAfter):
            var response = signInPage(request, status: .tooManyRequests, note: t("Too many attempts; wait {1} seconds.", t.number(retryAfter)))
            response.headers[.retryAfter] = String(retryAfter)
            return response
        case .check(let ticket, let delay):
            if delay > .zero { try? await Task.sleep(for: delay) }
            let name = (try? await users.accounts.resolve(typed)).flatMap { $0 }
            // The account's password only: an app password belongs to one device, not to a browser.
            let matches = AppPassword.isAppPasswordShaped(password) ? false : await users.accounts.verify(name: name ?? "\u{0}", password: password)
            await passwordGuard.finish(ticket, succeeded: matches)
            guard matches, let name else {
                logger.notice("account sign-in refused", metadata: ["user": "\(typed)", "client": "\(context.clientAddress)"])
                return signInPage(request, status: .unauthorized, note: t("Wrong user name or password."))
            }
            return await startSession(for: name, request, via: "password")
        }
    }

    private func startSession(for account: String, _ request: Request, via method: String) async -> Response {
        do {
            let (cookie, _) = try await users.application.webSessions.start(for: account)
            logger.info("account page signed in", metadata: ["user": "\(account)", "via": "\(method)"])
            return Response(status: .seeOther, headers: [.location: "/account/", .setCookie: browser.cookie(cookie, maxAge: WebSessions.lifetime)])
        } catch {
            let t = PageLanguage(preference: nil, request: request)
            return signInPage(request, status: .serviceUnavailable, note: t("Signing in is not possible right now."))
        }
    }
}
