import Foundation
import GRDB
import PostgresAccess
import SQLStorage
import Synchronization

/// The server's own tables in one database (the calendars' SQLite file, or PostgreSQL),
/// each kept by its own store: accounts, and beside them sign-in tokens, sessions, linked
/// identities, the mail outbox, jobs, prayer settings, conflicts and recorded settings.
/// Opening it brings every table up to date; the stores it hands out share its database
/// and nothing else.
public final class ApplicationDatabase: Sendable {
    /// The database every store here reads and writes.
    public let database: any SQLDatabase
    /// User accounts and their passwords.
    public let accounts: AccountStore
    /// Rung when mail is queued, to wake this process's dispatcher.
    let mailBell = OutboxBell()
    /// Rung when a job is queued, to wake this process's job worker.
    let jobBell = OutboxBell()
    /// Seals the bodies of queued mail (sign-in and setup links), once the server's keys are open.
    let mailKey = Mutex<SealingKey?>(nil)

    /// Opens the tables in the SQLite database at `path` (the calendar store's file),
    /// bringing them up to date.
    /// - Parameter bcryptCost: work factor of password hashes; 12 by default, lower only in tests.
    public convenience init(path: String, bcryptCost: UInt8 = 12) throws {
        try self.init(sqlite: SQLiteDatabase(path: path), bcryptCost: bcryptCost)
    }

    /// Opens the tables in a SQLite database the process shares with the calendar store
    /// (one file, one writer), bringing them up to date.
    /// - Parameter bcryptCost: work factor of password hashes; 12 by default, lower only in tests.
    public convenience init(sqlite database: SQLiteDatabase, bcryptCost: UInt8 = 12) throws {
        try AccountMigrations.migrator.migrate(database.pool)
        self.init(database: database, bcryptCost: bcryptCost)
    }

    /// Opens the tables in a PostgreSQL database, bringing them up to date (under an
    /// advisory lock, so instances starting together apply each migration once).
    /// - Parameter bcryptCost: work factor of password hashes; 12 by default, lower only in tests.
    public static func open(postgres pool: PostgresPool, bcryptCost: UInt8 = 12) async throws -> ApplicationDatabase {
        try await AccountPostgresSchema.migrator.migrate(pool)
        return ApplicationDatabase(database: PostgresSQLDatabase(pool: pool), bcryptCost: bcryptCost)
    }

    /// The tables of a database that is already up to date.
    init(database: any SQLDatabase, bcryptCost: UInt8) {
        self.database = database
        accounts = AccountStore(database: database, bcryptCost: bcryptCost)
    }

    /// Seals mail queued from now on with `key` (the vault's mail key), and opens mail
    /// sealed with it.
    public func sealMail(with key: SealingKey) {
        mailKey.withLock { $0 = key }
    }
}
