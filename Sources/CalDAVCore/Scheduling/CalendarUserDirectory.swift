/// The calendar users of this server, as scheduling needs them (RFC 6638 §2.4.1): which
/// account an email address belongs to, and whether an account exists. The application
/// implements it over its accounts; the protocol layer knows no account store.
public protocol CalendarUserDirectory: Sendable {
    /// The account whose email address this is (compared as mailboxes are, case-insensitively).
    func user(withEmail email: String) async throws -> String?
    /// Whether an account of this name exists.
    func userExists(_ name: String) async throws -> Bool
    /// The email addresses of an account: its calendar user addresses, for a delegate who
    /// acts for it.
    func emailAddresses(of name: String) async throws -> [String]
}

extension CalendarUserDirectory {
    public func emailAddresses(of name: String) async throws -> [String] { [] }
}
