/// Statements run on one connection: inside a transaction for ``SQLDatabase/write(_:)``,
/// each on its own for ``SQLDatabase/read(_:)``.
///
/// SQL uses `?` placeholders in both dialects, and only portable SQL: what differs
/// (schema, row locks) is chosen by ``dialect``.
public protocol SQLSession: Sendable {
    var dialect: SQLDialect { get }

    /// Runs one statement and returns its rows.
    func query(_ sql: String, _ arguments: SQLArguments) async throws -> [SQLRow]

    /// Runs one statement and returns the number of rows it inserted, changed or deleted.
    @discardableResult
    func execute(_ sql: String, _ arguments: SQLArguments) async throws -> Int
}

extension SQLSession {
    /// Runs one statement without arguments and returns its rows.
    public func query(_ sql: String) async throws -> [SQLRow] {
        try await query(sql, [])
    }

    /// Runs one statement without arguments; returns the rows it changed.
    @discardableResult
    public func execute(_ sql: String) async throws -> Int {
        try await execute(sql, [])
    }

    /// The first row, if any.
    public func queryRow(_ sql: String, _ arguments: SQLArguments = []) async throws -> SQLRow? {
        try await query(sql, arguments).first
    }

    /// The first column of the first row as `Value`; `nil` when there is no row or the value is NULL.
    public func scalar<Value: SQLValueConvertible>(_ type: Value.Type = Value.self, _ sql: String, _ arguments: SQLArguments = []) async throws -> Value? {
        guard let row = try await queryRow(sql, arguments) else { return nil }
        let optional: Value? = row[0]
        return optional
    }

    /// Whether the statement returns any row.
    public func exists(_ sql: String, _ arguments: SQLArguments = []) async throws -> Bool {
        try await queryRow(sql, arguments) != nil
    }
}
