import Foundation

/// One-time links that set up a device (seed use case 5): `/provision/{token}` answers
/// once with a configuration profile holding a new app password, then 410 Gone.
public struct SetupLinks: Sendable {
    /// What a link sets up.
    public enum Kind: String, Sendable, CaseIterable {
        /// The user's calendars and contacts, as CalDAV and CardDAV accounts with a new app password.
        case calendars
        /// A subscription to the user's prayer-times feed.
        case prayerFeed = "prayer-feed"

        /// What the link adds, and where, for people: "your Jadwal calendars and contacts to the Calendar and Contacts apps".
        public var offer: String {
            self == .calendars ? "your Jadwal calendars and contacts to the Calendar and Contacts apps" : "your prayer times to the Calendar app"
        }
    }

    /// An issued link.
    public struct Link: Sendable, Equatable {
        public let url: String
        public let expiresAt: Int
        /// The address it was mailed to, when it was.
        public let sentTo: String?
    }

    public let application: ApplicationDatabase
    /// The server's public address (`https://cal.example.org`).
    public let publicURL: String
    public let send: @Sendable (OutgoingMail) async throws -> Void

    public init(application: ApplicationDatabase, publicURL: String, send: @escaping @Sendable (OutgoingMail) async throws -> Void) {
        self.application = application
        self.publicURL = publicURL
        self.send = send
    }

    /// A new link for `name`; with `send`, also mailed to the user's address.
    public func issue(for name: String, kind: Kind = .calendars, send shouldSend: Bool = false,
                      now: Int = Int(Date().timeIntervalSince1970)) async throws -> Link {
        let email = try await application.accounts.account(named: name)?.email
        if shouldSend && email == nil { throw AccountStore.AccountError("\(name) has no email address to send the link to") }
        let token = try await application.oneTimeTokens.issue(.setup, for: name, detail: kind.rawValue, now: now)
        let url = "\(publicURL)/provision/\(token)"
        if shouldSend, let email {
            let (subject, text) = await MailTexts.of(name, in: application.accounts).setupLink(url, kind: kind)
            try await send(OutgoingMail(to: email, subject: subject, text: text))
        }
        return Link(url: url, expiresAt: now + OneTimeTokens.lifetime, sentTo: shouldSend ? email : nil)
    }
}
