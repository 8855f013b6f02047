import CalDAVSQLite
import Foundation
import GRDB

extension AccountStore {
    /// The account whose email address is `email` (compared without case), or `nil`.
    public func account(withEmail email: String) async throws -> Account? {
        try pool.readInPlace { db in
            try Row.fetchOne(db.cachedStatement(sql: """
                SELECT name, email, is_admin, created_at FROM account WHERE email = ? COLLATE NOCASE ORDER BY created_at LIMIT 1
                """), arguments: [email]).map {
                Account(name: $0["name"], email: $0["email"], isAdmin: $0["is_admin"], createdAt: $0["created_at"])
            }
        }
    }

    /// Changes an account's email address and administrator flag; `nil` leaves one as is,
    /// an empty email clears it.
    public func update(name: String, email: String?? = .none, isAdmin: Bool? = nil) async throws {
        if case .some(.some(let address)) = email, !address.isEmpty, !Self.isValidEmail(address) {
            throw AccountError("'\(address)' is not an email address")
        }
        let changed = try await pool.write { db in
            guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM account WHERE name = ?"), arguments: [name]) == true else { return false }
            if case .some(let address) = email {
                let stored = address.flatMap { $0.isEmpty ? nil : $0 }
                try db.cachedStatement(sql: "UPDATE account SET email = ? WHERE name = ?").execute(arguments: [stored, name])
            }
            if let isAdmin {
                try db.cachedStatement(sql: "UPDATE account SET is_admin = ? WHERE name = ?").execute(arguments: [isAdmin, name])
            }
            return true
        }
        if !changed { throw AccountError("no user \(name)", missing: true) }
    }

    /// Notes a sign-in to the app; `true` the first time, when a welcome is due.
    public func recordSignIn(name: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> Bool {
        try await pool.write { db in
            try db.cachedStatement(sql: "UPDATE account SET first_signed_in_at = ? WHERE name = ? AND first_signed_in_at IS NULL")
                .execute(arguments: [now, name])
            return db.changesCount == 1
        }
    }
}
