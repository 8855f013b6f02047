import CalDAVCore
import Foundation

/// Accounts together with what they own: creating a user gives them their first
/// calendar, deleting one removes their calendars and files too. The command line, the
/// admin API and sign-up all go through here, so a user always looks the same however
/// they were made.
public struct UserDirectory: Sendable {
    public let application: ApplicationDatabase
    public let calendars: any CalendarHomeStore
    public var accounts: AccountStore { application.accounts }

    /// The first calendar of every new user. It is not named "default": iOS hides a
    /// calendar of that name.
    public static let firstCalendar = (name: "calendar", displayName: "Calendar", components: Set(["VEVENT", "VTODO"]))

    public init(application: ApplicationDatabase, calendars: any CalendarHomeStore) {
        self.application = application
        self.calendars = calendars
    }

    /// A user with what they own, for administrators.
    public struct Summary: Sendable, Equatable {
        public let account: AccountStore.Account
        public let calendars: [CalendarUsage]
        public let fileBytes: Int
        public let appPasswords: [AppPassword]

        /// Calendar data and files, in bytes.
        public var storageBytes: Int { calendars.reduce(fileBytes) { $0 + $1.bytes } }
        public var objectCount: Int { calendars.reduce(0) { $0 + $1.objects } }
    }

    /// Creates a user and their first calendar. Without a password the account gets a
    /// random one nobody knows: it signs in by email link, devices by app passwords.
    public func create(name: String, password: String? = nil, email: String? = nil, isAdmin: Bool = false) async throws {
        let name = AccountIdentity.canonical(name)
        try await accounts.create(name: name, password: password ?? SecretToken.generate(), email: email, isAdmin: isAdmin)
        // The account is new, so anything stored under its name is left from an earlier
        // account of that name (deleted by an older version): someone else's data.
        try await calendars.deleteEverything(of: name)
        try await calendars.createCalendar(CalendarCollection(
            reference: CalendarReference(owner: name, name: Self.firstCalendar.name), displayName: Self.firstCalendar.displayName,
            supportedComponents: Self.firstCalendar.components))
    }

    /// Deletes a user, their calendars, files, app passwords and tokens.
    public func delete(name: String) async throws {
        try await accounts.delete(name: name)
        try await calendars.deleteEverything(of: name)
    }

    /// A user with their calendars' sizes and devices, or `nil`.
    public func summary(of name: String) async throws -> Summary? {
        guard let account = try await accounts.account(named: name) else { return nil }
        return Summary(account: account, calendars: try await calendars.usage(of: name),
                       fileBytes: try await calendars.fileBytes(of: name), appPasswords: try await accounts.appPasswords(name: name))
    }
}
