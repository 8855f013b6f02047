import CalDAVCore

/// The calendar users of this server for scheduling: its accounts, found by their email
/// address (compared as ``AccountStore/account(withEmail:)`` does) or their name.
public struct AccountCalendarUsers: CalendarUserDirectory {
    public let accounts: AccountStore

    public init(accounts: AccountStore) {
        self.accounts = accounts
    }

    public func user(withEmail email: String) async throws -> String? {
        try await accounts.account(withEmail: email)?.name
    }

    public func userExists(_ name: String) async throws -> Bool {
        try await accounts.account(named: name) != nil
    }

    public func emailAddresses(of name: String) async throws -> [String] {
        try await accounts.account(named: name)?.email.map { [$0] } ?? []
    }
}
