import Foundation
import Hummingbird
import Jadwal
import Logging
import Provisioning
import WebDAV

/// `GET /provision/{token}`: the one-time setup link (seed use case 5).
///
/// On an iPhone or iPad (or with `?download=1`) the link is spent and answers with a
/// configuration profile: a CalDAV account with an app password made for this device, or
/// a subscription to the user's prayer feed; signed when a signing certificate is
/// configured. On Android it explains DAVx⁵ (or ICSx⁵ for the prayer feed), and with
/// `?android=1` spends the link and shows the server, user name and a new app password
/// (or the feed's address) to type in. In any other browser it shows a page with its own
/// QR code and what to do, without spending the link. A spent or expired link is 410
/// Gone; an unknown one 404.
struct SetupLinkRoutes: Sendable {
    let application: ApplicationDatabase
    let publicURL: String
    let signer: ProfileSigner?
    let logger: Logger

    func add(to router: Router<JadwalRequestContext>) {
        router.get("/provision/:token") { request, context in
            await self.handle(request, token: context.parameters.get("token") ?? "")
        }
    }

    private func handle(_ request: Request, token: String) async -> Response {
        let device = Self.device(userAgent: request.headers[.userAgent] ?? "")
        let download = request.uri.queryParameters["download"] != nil || device == "iPhone" || device == "iPad"
        let android = device == "Android" && !download
        let spend = download || (android && request.uri.queryParameters["android"] != nil)
        do {
            let tokens = application.oneTimeTokens
            switch spend ? try await tokens.redeem(token, for: .setup) : try await tokens.peek(token, for: .setup) {
            case .redeemed(let account, let detail):
                let kind = detail.flatMap(SetupLinks.Kind.init(rawValue:)) ?? .calendars
                if android {
                    return spend ? try await androidSettings(kind, for: account) : androidInstructions(token: token, kind: kind)
                }
                return download ? try await profile(kind, for: account, device: device) : instructions(token: token, kind: kind)
            case .alreadyUsed, .expired:
                return HTMLPage(title: "Link used or expired", body: """
                    <h1>This setup link has been used or has expired</h1>
                    <p>A setup link works once, within 15 minutes. Ask for a new one in the Jadwal app or from your administrator.</p>
                    """).response(status: .gone)
            case .unknown:
                return HTMLPage(title: "Unknown link", body: "<h1>This setup link is not valid</h1><p>Check that it was copied whole.</p>")
                    .response(status: .notFound)
            }
        } catch {
            logger.error("setup link failed", metadata: ["error": "\(error)", "token": "\(SecretToken.redacted(token))"])
            return HTMLPage(title: "Setup failed", body: "<h1>The profile could not be made</h1><p>Ask for a new setup link.</p>")
                .response(status: .internalServerError)
        }
    }

    /// The configuration profile for a spent link.
    private func profile(_ kind: SetupLinks.Kind, for account: String, device: String) async throws -> Response {
        guard let url = URL(string: publicURL), let host = url.host else { throw CommandFailure("public_url has no host") }
        let publicHost = url.port.map { "\(host):\($0)" } ?? host
        let profile: ConfigurationProfile
        switch kind {
        case .calendars:
            let password = try await appPassword(for: account, device: device)
            profile = try SetupProfile.calDAVAccount(publicHost: publicHost, useSSL: url.scheme == "https",
                                                     principalPath: ServerPath.principalHref(account),
                                                     userName: account, appPassword: password)
        case .prayerFeed:
            let settings = try await application.prayerSettings.update(account) { _ in }
            profile = try SetupProfile.prayerFeed(publicHost: publicHost, feedURL: "\(publicURL)/feeds/prayer/\(settings.feedToken).ics",
                                                  userName: account)
        }
        var body = profile.propertyList()
        if let signer { body = try signer.sign(body) }
        logger.info("setup profile issued", metadata: ["user": "\(account)", "kind": "\(kind.rawValue)", "signed": "\(signer != nil)"])
        return Response(status: .ok, headers: [
            .contentType: ConfigurationProfile.contentType, .cacheControl: "no-store",
            .contentDisposition: "attachment; filename=\"jadwal-\(kind.rawValue).mobileconfig\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A new app password labelled with the device and the time, so the user can tell
    /// their devices apart and revoke one.
    private func appPassword(for account: String, device: String) async throws -> String {
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!,
                                                formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime])
        for attempt in 1...5 {
            let label = "\(device), set up \(stamp)" + (attempt > 1 ? " (\(attempt))" : "")
            do {
                return try await application.accounts.createAppPassword(name: account, label: label)
            } catch let error as AccountStore.AccountError where !error.isMissing && attempt < 5 {
                continue
            }
        }
        throw CommandFailure("no free app-password label")
    }

    /// The page a desktop browser sees: the link as a QR code to scan with the phone.
    private func instructions(token: String, kind: SetupLinks.Kind) -> Response {
        let link = "\(publicURL)/provision/\(token)"
        let qr = (try? QRCode(text: link).svg(moduleSize: 6)) ?? ""
        return HTMLPage(title: "Set up Jadwal", body: """
            <h1>Set up Jadwal on your iPhone or iPad</h1>
            <p>Scan this code with the camera of your iPhone or iPad, or open this page there, to add \(kind.offer).</p>
            <div class="qr">\(qr)</div>
            <ol><li>Open the link on the phone: it downloads a profile.</li>
            <li>Open Settings and tap <b>Profile Downloaded</b>, then <b>Install</b>.</li>
            <li>\(kind == .calendars ? "Open Calendar and Contacts: your calendars and contacts" : "Open Calendar: your prayer times") appear within a minute.</li></ol>
            <p class="muted">The link works once, within 15 minutes. To install on this computer instead (a Mac):</p>
            <p><a class="button" href="/provision/\(HTMLPage.escape(token))?download=1">Download the profile</a></p>
            """).response()
    }

    /// What an Android visitor does: install DAVx⁵ (ICSx⁵ for the feed), then spend the link.
    private func androidInstructions(token: String, kind: SetupLinks.Kind) -> Response {
        let app = kind == .calendars
            ? "<a href=\"https://www.davx5.com/download\">DAVx⁵</a> (free on F-Droid, or from Google Play)"
            : "<a href=\"https://icsx5.bitfire.at/\">ICSx⁵</a> (free on F-Droid, or from Google Play)"
        return HTMLPage(title: "Set up Jadwal on Android", body: """
            <h1>Set up Jadwal on Android</h1>
            <p>Android's calendar syncs with Jadwal through \(app). Install it first, then continue here.</p>
            <p><a class="button" href="/provision/\(HTMLPage.escape(token))?android=1">Show my settings</a></p>
            <p class="muted">This shows \(kind == .calendars ? "a new password made for this phone" : "your prayer times' address") once;
            the link then stops working.</p>
            """).response()
    }

    /// The settings an Android app is set up with, for a spent link.
    private func androidSettings(_ kind: SetupLinks.Kind, for account: String) async throws -> Response {
        let page: HTMLPage
        switch kind {
        case .calendars:
            let password = try await appPassword(for: account, device: "Android")
            page = HTMLPage(title: "Your Jadwal settings", body: """
                <h1>Your Jadwal settings</h1>
                <p>In DAVx⁵, tap <b>+</b>, choose <b>Login with URL and user name</b>, and enter:</p>
                <table><tr><th>Base URL</th><td><code>\(HTMLPage.escape(publicURL))/dav/</code></td></tr>
                <tr><th>User name</th><td dir="auto"><code>\(HTMLPage.escape(account))</code></td></tr>
                <tr><th>Password</th><td><code>\(HTMLPage.escape(password))</code></td></tr></table>
                <p>Then choose the calendars to sync. This password is shown once and works only for this phone;
                it can be revoked without changing your own password.</p>
                """)
        case .prayerFeed:
            let settings = try await application.prayerSettings.update(account) { _ in }
            let feed = "\(publicURL)/feeds/prayer/\(settings.feedToken).ics"
            page = HTMLPage(title: "Your prayer times", body: """
                <h1>Your prayer times</h1>
                <p>In ICSx⁵, tap <b>+</b> and enter this address:</p>
                <p><code>\(HTMLPage.escape(feed))</code></p>
                """)
        }
        logger.info("setup settings shown", metadata: ["user": "\(account)", "kind": "\(kind.rawValue)", "device": "Android"])
        var response = page.response()
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// A short device name from a User-Agent, for app-password labels.
    static func device(userAgent: String) -> String {
        if userAgent.contains("Android") { return "Android" }
        if userAgent.contains("iPad") { return "iPad" }
        if userAgent.contains("iPhone") || userAgent.contains("iPod") { return "iPhone" }
        if userAgent.contains("Macintosh") { return "Mac" }
        return "Device"
    }
}
