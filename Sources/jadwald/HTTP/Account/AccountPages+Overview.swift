import CalDAVCore
import CardDAVCore
import Foundation
import Hummingbird
import Jadwal
import Logging
import Provisioning
import WebDAV

extension AccountPages {
    /// The signed-in person's page.
    /// - Parameter country: the country of the request's address, when a GeoIP database tells it.
    func overview(_ session: WebSessions.Session, _ t: PageLanguage, notice: String, citySearch: String?, country: String?) async throws -> Response {
        let user = session.account
        guard let account = try await users.accounts.account(named: user), let preferences = try await users.accounts.preferences(of: user) else {
            throw AccountStore.AccountError.missingUser
        }
        let zone = preferences.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        let hidden = BrowserSessions.hidden(session)
        let escape = HTMLPage.escape
        let link = { (href: String) in "<code dir=\"ltr\">\(escape(publicURL + href))</code>" }
        let calendars = try await calDAV.store.calendars(of: user).map { calendar in
            let shared = calendar.receivedShare.map { " <span class=\"muted\">\(t("shared by {1}", escape($0.owner)))</span>" } ?? ""
            return "<tr><td dir=\"auto\">\(escape(calendar.displayName ?? calendar.reference.name))\(shared)</td>"
                + "<td>\(link(DAVPath.calendar(user: user, calendar: calendar.reference.name).href))</td></tr>"
        }.joined()
        let books = try await cardDAV.store.addressBooks(of: user).map { book in
            "<tr><td dir=\"auto\">\(escape(book.displayName ?? book.reference.name))</td><td>\(link(CardDAVPath.book(user: user, book: book.reference.name).href))</td></tr>"
        }.joined()
        let devices = try await users.accounts.appPasswords(name: user).map { device in
            let used = device.lastUsedAt.map { t.dateTime($0, zone: zone) } ?? t("not yet")
            return """
                <tr><td dir="auto">\(escape(device.label))</td><td>\(t.dateTime(device.createdAt, zone: zone, time: false))</td><td>\(used)</td><td>
                <form method="post" action="/account/devices/revoke">\(hidden)<input type="hidden" name="id" value="\(escape(device.deviceID))">\
                <button>\(t("Revoke"))</button></form></td></tr>
                """
        }.joined()
        let languages = [("", t("As my browser asks")), ("en", "English"), ("ar", "العربية")].map { value, label in
            let chosen = (preferences.language.flatMap(AccountPreferences.supportedLanguage(of:)) ?? "") == value
            return "<option value=\"\(value)\"\(chosen ? " selected" : "")>\(label)</option>"
        }.joined()
        return HTMLPage(title: t("Your Jadwal account"), body: """
            <form method="post" action="/account/sign-out" style="float:inline-end">\(hidden)<button>\(t("Sign out"))</button></form>
            <p class="muted">Jadwal · <bdi>\(escape(account.displayName ?? user))</bdi></p>
            <h1>\(t("Your Jadwal account"))</h1>
            \(notice)
            <nav><a href="#apps">\(t("Calendar apps"))</a><a href="#setup">\(t("Set up a phone"))</a><a href="#devices">\(t("Devices"))</a>\
            <a href="#sharing">\(t("Sharing"))</a>\
            <a href="#prayer">\(t("Prayer times"))</a><a href="#chats">\(t("Chats"))</a>\
            <a href="#details">\(t("Your details"))</a><a href="#data">\(t("Your data"))</a></nav>
            <section id="apps"><h2>\(t("Your calendars in any app"))</h2>
            <p>\(t("Any CalDAV or CardDAV app (DAVx⁵, Thunderbird, macOS Calendar) connects with these:"))</p>
            <table><tr><th>\(t("Server"))</th><td><code dir="ltr">\(escape(publicURL))/dav/</code></td></tr>
            <tr><th>\(t("User name"))</th><td><code dir="ltr">\(escape(user))</code></td></tr>
            <tr><th>\(t("Password"))</th><td>\(t("an app password made for that app (below)"))</td></tr></table>
            <h3>\(t("Calendars"))</h3><table>\(calendars)</table>
            <h3>\(t("Address books"))</h3>\(books.isEmpty ? "<p class=\"muted\">\(t("No address books."))</p>" : "<table>\(books)</table>")
            </section>
            <section id="setup"><h2>\(t("Set up a phone"))</h2>
            <p>\(t("Scan the code with the iPhone or iPad's camera, or open the link on it: it installs your calendars and contacts, with a password made for that device."))</p>
            <form method="post" action="/account/setup-link">\(hidden)
            <p><label><input type="radio" name="kind" value="calendars" checked> \(t("Calendars and contacts"))</label>
            <label><input type="radio" name="kind" value="prayer-feed"> \(t("Prayer times"))</label></p>
            <p><button>\(t("Show a setup code"))</button></p></form></section>
            <section id="devices"><h2>\(t("Devices"))</h2>
            \(devices.isEmpty ? "<p class=\"muted\">\(t("No devices yet."))</p>"
                : "<table><tr><th>\(t("Device"))</th><th>\(t("Added"))</th><th>\(t("Last used"))</th><th></th></tr>\(devices)</table>")
            <form method="post" action="/account/app-passwords">\(hidden)
            <p><label>\(t("New app password for"))<br><input name="label" required maxlength="100" placeholder="\(t("Thunderbird on my laptop"))"></label>
            <button>\(t("Make an app password"))</button></p></form></section>
            \(try await sharingSection(session, t))
            \(try await prayerSection(session, t, zone: preferences.timeZone.flatMap(TimeZone.init(identifier:)), country: country, search: citySearch))
            \(try await chatsSection(session, t))
            <section id="details"><h2>\(t("Your details"))</h2>
            <form method="post" action="/account/preferences">\(hidden)
            <p><label>\(t("Your name as calendars show it"))<br><input name="displayName" maxlength="200" value="\(escape(account.displayName ?? ""))" dir="auto"></label></p>
            <p><label>\(t("Language"))<br><select name="language">\(languages)</select></label></p>
            <p><label>\(t("Time zone"))<br><input name="timeZone" maxlength="64" value="\(escape(preferences.timeZone ?? ""))" placeholder="Asia/Riyadh" dir="ltr"></label></p>
            <p><button>\(t("Save"))</button></p></form>
            <p class="muted">\(t("Email address")): \(escape(account.email ?? t("none")))</p></section>
            <section id="data"><h2>\(t("Your data"))</h2>
            <p>\(t("Everything Jadwal keeps for you in one file: your calendars (.ics), address books (.vcf), settings, devices and the events found in your chats."))</p>
            <p><a class="button" href="/account/export">\(t("Download my data"))</a></p>
            <h3>\(t("Delete my account"))</h3>
            <form method="post" action="/account/delete">\(hidden)
            <p>\(t("This deletes your account, calendars, address books, devices and chats. It cannot be undone."))</p>
            <p><label>\(t("Type your user name to confirm"))<br><input name="confirm" required autocomplete="off" dir="ltr"></label></p>
            <p><button class="danger">\(t("Delete my account"))</button></p></form></section>
            """, language: t.code).response()
    }

    // MARK: Actions

    func savePreferences(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        let user = session.account
        let language = form["language"].map { $0.isEmpty ? nil : $0 }
        let zone = form["timeZone"].map { $0.trimmingCharacters(in: .whitespaces) }.map { $0.isEmpty ? nil : $0 }
        do {
            try await users.accounts.updatePreferences(name: user, language: language, timeZone: zone)
            if let name = form["displayName"] { try await users.accounts.setDisplayName(name: user, String(name.prefix(200))) }
        } catch let problem as AccountStore.AccountError where !problem.isMissing {
            return back(showing: "<p class=\"warning\">\(HTMLPage.escape(problem.description))</p>", in: session, anchor: "details")
        }
        // Said in the language just chosen.
        let chosen = PageLanguage(preference: language ?? nil, otherwise: t)
        return back(showing: "<p><b>\(chosen("Saved."))</b></p>", in: session, anchor: "details")
    }

    func issueSetupLink(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        let kind = form["kind"].flatMap(SetupLinks.Kind.init(rawValue:)) ?? .calendars
        let link = try await setupLinks.issue(for: session.account, kind: kind)
        let qr = (try? QRCode(text: link.url).svg(moduleSize: 5)) ?? ""
        logger.info("setup link issued", metadata: ["user": "\(session.account)", "kind": "\(kind.rawValue)", "by": "its owner"])
        return back(showing: """
            <div id="setup-code"><p><b>\(t("Your setup code"))</b> \(t("(works once, for 15 minutes)")):</p><div class="qr">\(qr)</div>
            <p><a href="\(HTMLPage.escape(link.url))" dir="ltr">\(HTMLPage.escape(link.url))</a></p></div>
            """, in: session, anchor: "setup")
    }

    func createAppPassword(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        let label = (form["label"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let password: String
        do {
            password = try await users.accounts.createAppPassword(name: session.account, label: label)
        } catch let problem as AccountStore.AccountError where !problem.isMissing {
            return back(showing: "<p class=\"warning\">\(HTMLPage.escape(problem.description))</p>", in: session, anchor: "devices")
        }
        logger.info("app password created", metadata: ["user": "\(session.account)", "label": "\(label)", "by": "its owner"])
        return back(showing: """
            <p id="new-password"><b>\(t("App password for {1} (shown once):", HTMLPage.escape(label)))</b> <code dir="ltr">\(HTMLPage.escape(password))</code></p>
            """, in: session, anchor: "devices")
    }

    func revokeDevice(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        guard let id = form["id"], id.utf8.count <= 64, let label = try await users.accounts.revokeAppPassword(name: session.account, deviceID: id) else {
            return back(showing: "<p class=\"warning\">\(t("No such device."))</p>", in: session, anchor: "devices")
        }
        logger.info("app password revoked", metadata: ["user": "\(session.account)", "label": "\(label)", "by": "its owner"])
        return back(showing: "<p><b>\(t("{1} is signed out.", HTMLPage.escape(label)))</b></p>", in: session, anchor: "devices")
    }

    func download(_ session: WebSessions.Session) async throws -> Response {
        guard let archive = try await export.archive(of: session.account) else { throw AccountStore.AccountError.missingUser }
        logger.info("data exported", metadata: ["user": "\(session.account)", "bytes": "\(archive.count)"])
        let day = ISO8601DateFormatter().string(from: Date()).prefix(10)
        return Response(status: .ok, headers: [
            .contentType: "application/zip", .cacheControl: "no-store",
            .contentDisposition: "attachment; filename=\"jadwal-\(AccountExport.fileName(session.account))-\(day).zip\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: archive)))
    }

    func deleteAccount(_ session: WebSessions.Session, _ form: FormBody, _ t: PageLanguage) async throws -> Response {
        guard form["confirm"] == session.account else {
            return back(showing: "<p class=\"warning\">\(t("Not deleted: the typed name did not match."))</p>", in: session, anchor: "data")
        }
        try await users.delete(name: session.account)
        logger.info("user deleted", metadata: ["user": "\(session.account)", "by": "its owner"])
        var response = message(t("Your account is deleted"), t("Your account and everything it kept are gone."), language: t)
        response.headers[.setCookie] = browser.cookie("", maxAge: 0)
        return response
    }
}
