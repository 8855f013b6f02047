/// A relational database that application state lives in: SQLite in one file for one
/// process, or PostgreSQL shared by several. Code written against it runs on both.
///
/// A ``write(_:)`` is one transaction: it commits when its body returns and rolls back
/// when it throws. Writes do not interleave with other writes to the same rows; on
/// SQLite one write runs at a time. A ``read(_:)`` runs each statement on its own, seeing
/// the latest commit; a read that must agree across statements uses a write.
public protocol SQLDatabase: Sendable {
    var dialect: SQLDialect { get }

    /// Runs `body`'s statements outside a transaction.
    @discardableResult
    func read<Result: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> Result) async throws -> Result

    /// Runs `body`'s statements in one transaction.
    @discardableResult
    func write<Result: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> Result) async throws -> Result
}

/// Which engine runs the SQL, for the statements that must differ.
public enum SQLDialect: String, Sendable {
    case sqlite
    case postgres

    /// Appended to a `SELECT` whose rows the transaction will change based on what it
    /// read: PostgreSQL locks them until commit; SQLite's single writer needs nothing.
    public var forUpdate: String {
        switch self {
        case .sqlite: return ""
        case .postgres: return " FOR UPDATE"
        }
    }

    /// Appended to a `SELECT` that picks work to claim, so that concurrent claimers skip
    /// the rows another has locked (PostgreSQL); SQLite's single writer needs nothing.
    public var skipLocked: String {
        switch self {
        case .sqlite: return ""
        case .postgres: return " FOR UPDATE SKIP LOCKED"
        }
    }
}
