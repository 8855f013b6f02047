import PostgresNIO

/// One step of a module's schema: applied once, in its place in the module's list, and
/// never changed after it shipped (a fix is a new migration).
public struct PostgresMigration: Sendable {
    /// Names the migration within its module (`"1-calendars"`); recorded once applied.
    public let name: String
    /// Applies the migration inside the migrator's transaction.
    public let apply: @Sendable (PostgresConnection) async throws -> Void

    public init(_ name: String, apply: @escaping @Sendable (PostgresConnection) async throws -> Void) {
        self.name = name
        self.apply = apply
    }

    /// A migration made of SQL statements run one after the other. They are fixed text
    /// (DDL), never built from values.
    public init(_ name: String, statements: [String]) {
        self.init(name) { connection in
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: connection.logger)
            }
        }
    }
}
