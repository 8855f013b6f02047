import Foundation
import SQLStorage

extension AccountStore {
    /// The account whose email address is `email` (compared without case), or `nil`.
    public func account(withEmail email: String) async throws -> Account? {
        try await database.read { session in
            try await session.queryRow("""
                SELECT name, email, is_admin, created_at FROM account WHERE lower(email) = lower(?) ORDER BY created_at LIMIT 1
                """, [email]).map {
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
        let changed = try await database.write { session in
            guard try await session.scalar(Bool.self, "SELECT 1 FROM account WHERE name = ?", [name]) == true else { return false }
            if case .some(let address) = email {
                let stored = address.flatMap { $0.isEmpty ? nil : $0 }
                try await session.execute("UPDATE account SET email = ? WHERE name = ?", [stored, name])
            }
            if let isAdmin {
                try await session.execute("UPDATE account SET is_admin = ? WHERE name = ?", [isAdmin, name])
            }
            return true
        }
        if !changed { throw AccountError("no user \(name)", missing: true) }
    }

    /// Notes a sign-in to the app; `true` the first time, when a welcome is due.
    public func recordSignIn(name: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> Bool {
        try await database.write { session in
            let changed = try await session.execute("UPDATE account SET first_signed_in_at = ? WHERE name = ? AND first_signed_in_at IS NULL", [now, name])
            return changed == 1
        }
    }
}
