import CalDAVPostgres
import Foundation
import SQLStorage
import GRDB
import HummingbirdBcrypt

/// User accounts, kept in the same SQLite file as the calendars. Passwords are stored
/// only as bcrypt hashes.
public final class AccountStore: Sendable {
    /// One account as listed to administrators: never its password hash.
    public struct Account: Sendable, Hashable {
        public var name: String
        public var email: String?
        public var isAdmin: Bool
        public var createdAt: Int
    }

    /// Why an account operation was refused.
    public struct AccountError: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// Whether it was refused because the user (or their app password) does not exist.
        public var isMissing: Bool
        init(_ description: String, missing: Bool = false) {
            self.description = description
            isMissing = missing
        }

        /// A user that does not exist.
        public static let missingUser = AccountError("no such user", missing: true)
    }

    let database: any SQLDatabase
    let cost: UInt8
    /// A hash of no one's password at the same cost, checked for unknown names.
    let decoyHash: String
    /// Rung when mail is queued, to wake this process's dispatcher.
    let mailBell = OutboxBell()
    /// Rung when a job is queued, to wake this process's job worker.
    let jobBell = OutboxBell()

    /// Opens the accounts in the SQLite database at `path` (the calendar store's file),
    /// bringing their tables up to date.
    /// - Parameter bcryptCost: work factor; 12 by default, lower only in tests.
    public convenience init(path: String, bcryptCost: UInt8 = 12) throws {
        let database = try SQLiteDatabase(path: path)
        try AccountMigrations.migrator.migrate(database.pool)
        self.init(database: database, bcryptCost: bcryptCost)
    }

    /// Opens the accounts in a PostgreSQL database, bringing their tables up to date (under
    /// an advisory lock, so instances starting together apply each migration once).
    /// - Parameter bcryptCost: work factor; 12 by default, lower only in tests.
    public static func open(postgres pool: PostgresPool, bcryptCost: UInt8 = 12) async throws -> AccountStore {
        try await AccountPostgresSchema.migrator.migrate(pool)
        return AccountStore(database: PostgresSQLDatabase(pool: pool), bcryptCost: bcryptCost)
    }

    /// The accounts in a database whose tables are already up to date (see
    /// ``open(postgres:bcryptCost:)`` for PostgreSQL).
    init(database: any SQLDatabase, bcryptCost: UInt8) {
        self.database = database
        cost = bcryptCost
        decoyHash = Bcrypt.hash(UUID().uuidString, cost: bcryptCost)
    }

    /// Account names are principal path segments: letters, digits and `._@+-`, 1 to 64.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name != "." && name != ".."
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "._@+-".unicodeScalars.contains($0) }
    }

    /// A plausible address: one `@` with text either side, no spaces, at most 254 bytes.
    public static func isValidEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return email.utf8.count <= 254 && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !email.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 }
    }

    /// Creates an account; fails if the name is taken or invalid, or the password too short.
    public func create(name: String, password: String, email: String? = nil, isAdmin: Bool = false,
                       now: Int = Int(Date().timeIntervalSince1970)) async throws {
        guard Self.isValidName(name) else { throw AccountError("'\(name)' is not a valid user name: use letters, digits and . _ @ + -") }
        if let email, !Self.isValidEmail(email) { throw AccountError("'\(email)' is not an email address") }
        guard password.count >= 8 else { throw AccountError("passwords need at least 8 characters") }
        let hash = await PasswordHashing.hash(password, cost: cost)
        try await database.write { session in
            // The primary key decides, so two processes creating the same name at once get
            // one account and one refusal, not a constraint error.
            let inserted = try await session.execute("""
                INSERT INTO account (name, password_hash, email, is_admin, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING
                """, [name, hash, email, isAdmin, now])
            if inserted == 0 { throw AccountError("user \(name) exists already") }
        }
    }

    /// Replaces an account's password.
    public func setPassword(name: String, password: String) async throws {
        guard password.count >= 8 else { throw AccountError("passwords need at least 8 characters") }
        let hash = await PasswordHashing.hash(password, cost: cost)
        let changed = try await database.write { session in
            // Browser sessions started before the change end with it.
            return try await session.execute("UPDATE account SET password_hash = ?, password_generation = password_generation + 1 WHERE name = ?", [hash, name])
        }
        if changed == 0 { throw AccountError("no user \(name)", missing: true) }
    }

    /// Deletes an account (its calendars are the calendar store's to delete).
    public func delete(name: String) async throws {
        let changed = try await database.write { session in
            return try await session.execute("DELETE FROM account WHERE name = ?", [name])
        }
        if changed == 0 { throw AccountError("no user \(name)", missing: true) }
    }

    /// Every account, by name.
    public func list() async throws -> [Account] {
        try await database.read { session in
            try await session.query("SELECT name, email, is_admin, created_at FROM account ORDER BY name").map {
                Account(name: $0["name"], email: $0["email"], isAdmin: $0["is_admin"], createdAt: $0["created_at"])
            }
        }
    }

    /// One account, or `nil`.
    public func account(named name: String) async throws -> Account? {
        try await database.read { session in
            try await session.queryRow("SELECT name, email, is_admin, created_at FROM account WHERE name = ?", [name]).map {
                Account(name: $0["name"], email: $0["email"], isAdmin: $0["is_admin"], createdAt: $0["created_at"])
            }
        }
    }

    /// The stored hash `password` would be checked against (the account's, or an app
    /// password's), or `nil` when there is none. It changes when the password is changed,
    /// revoked or the account deleted, so a cache of successful checks keyed by it is
    /// invalidated at once. One indexed read, no bcrypt.
    public func credentialStamp(name: String, password: String) async -> String? {
        // One statement, on every authenticated request: no snapshot needed.
        let stamp = try? await database.read { session in
            if let appPassword = AppPassword.Parsed(password) {
                return try await session.scalar(String.self, "SELECT password_hash FROM app_password WHERE account = ? AND id = ?", [name, appPassword.id])
            }
            return try await session.scalar(String.self, "SELECT password_hash FROM account WHERE name = ?", [name])
        }
        return stamp.flatMap { $0 }
    }

    /// Whether `password` is the account's password or one of its app passwords; `false`
    /// for unknown names too. Unknown names still cost one bcrypt check, so timing does not
    /// tell which names exist.
    public func verify(name: String, password: String, now: Int = Int(Date().timeIntervalSince1970)) async -> Bool {
        if let appPassword = AppPassword.Parsed(password) {
            return await verifyAppPassword(name: name, appPassword, now: now)
        }
        let hash = try? await database.read { session in
            try await session.scalar(String.self, "SELECT password_hash FROM account WHERE name = ?", [name])
        }
        guard let stored = hash.flatMap({ $0 }) else {
            _ = await PasswordHashing.verify(password, hash: decoyHash)
            return false
        }
        return await PasswordHashing.verify(password, hash: stored)
    }
}
