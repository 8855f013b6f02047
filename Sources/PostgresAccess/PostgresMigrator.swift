import PostgresNIO

/// Brings a module's tables up to date: applies, in order, the migrations not yet recorded
/// for the module in `schema_migration (id, module, name, applied_at)`.
///
/// Several modules keep their tables in one database, each with its own list; the module
/// name keeps their records apart. A run is one transaction that first takes an advisory
/// lock shared by all migrators, so instances starting at once apply each migration
/// exactly once: the others wait, then find it recorded. A failed migration leaves the
/// whole run rolled back. (Statements that cannot run in a transaction, such as
/// `CREATE INDEX CONCURRENTLY`, cannot be migrations.)
public struct PostgresMigrator: Sendable {
    /// Namespaces the migrations' records (`"caldav"`, `"accounts"`).
    public let module: String
    /// The migrations in the order they apply.
    public let migrations: [PostgresMigration]

    /// The key of the advisory lock every migrator takes (`pg_advisory_xact_lock`).
    public static let lockKey: Int64 = 0x4A41_4457_414C_4D47  // "JADWALMG"

    /// - Precondition: migration names are unique.
    public init(module: String, migrations: [PostgresMigration]) {
        precondition(Set(migrations.map(\.name)).count == migrations.count, "migration names of \(module) must be unique")
        self.module = module
        self.migrations = migrations
    }

    /// Applies the migrations not yet recorded, in order.
    /// - Returns: the names of the migrations this run applied.
    @discardableResult
    public func migrate(_ database: PostgresPool) async throws -> [String] {
        let module = module
        let migrations = migrations
        return try await database.withTransaction { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: connection.logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS schema_migration (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    module TEXT NOT NULL,
                    name TEXT NOT NULL,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now(),
                    UNIQUE (module, name)
                )
                """, logger: connection.logger)
            let applied = try await Self.appliedNames(module: module, connection)
            var ran: [String] = []
            for migration in migrations where !applied.contains(migration.name) {
                try await migration.apply(connection)
                try await connection.query("INSERT INTO schema_migration (module, name) VALUES (\(module), \(migration.name))",
                                           logger: connection.logger)
                ran.append(migration.name)
            }
            return ran
        }
    }

    /// The names of this module's migrations the database has recorded, in the order applied.
    public func appliedMigrations(in database: PostgresPool) async throws -> [String] {
        let module = module
        return try await database.withConnection { connection in
            let exists = try await connection.query("SELECT to_regclass('schema_migration') IS NOT NULL", logger: connection.logger)
                .collect().first?.decode(Bool.self) ?? false
            guard exists else { return [] }
            return try await Self.appliedNames(module: module, connection)
        }
    }

    private static func appliedNames(module: String, _ connection: PostgresConnection) async throws -> [String] {
        var names: [String] = []
        let rows = try await connection.query("SELECT name FROM schema_migration WHERE module = \(module) ORDER BY id",
                                              logger: connection.logger)
        for try await name in rows.decode(String.self) { names.append(name) }
        return names
    }
}
