import Foundation
import GRDB
import HummingbirdBcrypt

/// User accounts, kept in the same SQLite file as the calendars. Passwords are stored
/// only as bcrypt hashes.
public final class AccountStore: Sendable {
    /// One account as listed to administrators: never its password hash.
    public struct Account: Sendable, Hashable {
        public var name: String
        public var isAdmin: Bool
        public var createdAt: Int
    }

    /// Why an account operation was refused.
    public struct AccountError: Error, Sendable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    private let pool: DatabasePool
    private let cost: UInt8
    /// A hash of no one's password at the same cost, checked for unknown names.
    private let decoyHash: String

    /// Opens the accounts in the database at `path` (the calendar store's file).
    /// - Parameter bcryptCost: work factor; 12 by default, lower only in tests.
    public init(path: String, bcryptCost: UInt8 = 12) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("jadwal-1-accounts") { db in
            try db.execute(sql: """
                CREATE TABLE account (
                    name TEXT PRIMARY KEY,
                    password_hash TEXT NOT NULL,
                    is_admin INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL
                )
                """)
        }
        try migrator.migrate(pool)
        cost = bcryptCost
        decoyHash = Bcrypt.hash(UUID().uuidString, cost: bcryptCost)
    }

    /// Account names are principal path segments: letters, digits and `._@+-`, 1 to 64.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name != "." && name != ".."
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "._@+-".unicodeScalars.contains($0) }
    }

    /// Creates an account; fails if the name is taken or invalid, or the password too short.
    public func create(name: String, password: String, isAdmin: Bool = false, now: Int = Int(Date().timeIntervalSince1970)) async throws {
        guard Self.isValidName(name) else { throw AccountError("'\(name)' is not a valid user name: use letters, digits and . _ @ + -") }
        guard password.count >= 8 else { throw AccountError("passwords need at least 8 characters") }
        let hash = Bcrypt.hash(password, cost: cost)
        try await pool.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE name = ?", arguments: [name]) == true {
                throw AccountError("user \(name) exists already")
            }
            try db.execute(sql: "INSERT INTO account (name, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?)",
                           arguments: [name, hash, isAdmin, now])
        }
    }

    /// Replaces an account's password.
    public func setPassword(name: String, password: String) async throws {
        guard password.count >= 8 else { throw AccountError("passwords need at least 8 characters") }
        let hash = Bcrypt.hash(password, cost: cost)
        let changed = try await pool.write { db in
            try db.execute(sql: "UPDATE account SET password_hash = ? WHERE name = ?", arguments: [hash, name])
            return db.changesCount
        }
        if changed == 0 { throw AccountError("no user \(name)") }
    }

    /// Deletes an account (its calendars are the calendar store's to delete).
    public func delete(name: String) async throws {
        let changed = try await pool.write { db in
            try db.execute(sql: "DELETE FROM account WHERE name = ?", arguments: [name])
            return db.changesCount
        }
        if changed == 0 { throw AccountError("no user \(name)") }
    }

    /// Every account, by name.
    public func list() async throws -> [Account] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT name, is_admin, created_at FROM account ORDER BY name").map {
                Account(name: $0["name"], isAdmin: $0["is_admin"], createdAt: $0["created_at"])
            }
        }
    }

    /// Whether `password` is the account's; `false` for unknown names too. Unknown names
    /// still cost one bcrypt check, so timing does not tell which names exist.
    public func verify(name: String, password: String) async -> Bool {
        let hash = try? await pool.read { db in
            try String.fetchOne(db, sql: "SELECT password_hash FROM account WHERE name = ?", arguments: [name])
        }
        guard let stored = hash.flatMap({ $0 }) else {
            _ = Bcrypt.verify(password, hash: decoyHash)
            return false
        }
        return Bcrypt.verify(password, hash: stored)
    }
}
