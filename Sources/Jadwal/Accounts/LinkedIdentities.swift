import Foundation
import SQLStorage

/// The OpenID Connect subjects (`iss`, `sub`) linked to accounts: at most one per account
/// and issuer. An ID token signs in to the account its subject is linked to; an address
/// alone never moves an account to another subject.
public struct LinkedIdentities: Sendable {
    let database: any SQLDatabase

    /// The account linked to a subject, or `nil`.
    public func account(issuer: String, subject: String) async throws -> String? {
        try await database.read { session in
            try await session.scalar(String.self, "SELECT account FROM account_identity WHERE issuer = ? AND subject = ?", [issuer, subject])
        }
    }

    /// Links `account` to a subject; `false` when the account is linked to another subject
    /// of the same issuer (or the subject to another account).
    public func link(_ account: String, issuer: String, subject: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> Bool {
        try await database.write { session in
            let inserted = try await session.execute("""
                INSERT INTO account_identity (issuer, subject, account, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING
                """, [issuer, subject, account, now])
            if inserted == 1 { return true }
            return try await session.scalar(String.self, "SELECT account FROM account_identity WHERE issuer = ? AND subject = ?",
                                            [issuer, subject]).map { $0.utf8.elementsEqual(account.utf8) } ?? false
        }
    }
}

extension ApplicationDatabase {
    /// OpenID Connect subjects linked to accounts.
    public var identities: LinkedIdentities { LinkedIdentities(database: database) }
}
