import Foundation
import SQLStorage

extension AccountStore {
    /// The account whose email address is `email` (compared by ``AccountIdentity/key(_:)``), or `nil`.
    public func account(withEmail email: String) async throws -> Account? {
        try await database.read { session in
            try await session.queryRow("SELECT \(Account.columns) FROM account WHERE email_key = ?",
                                       [AccountIdentity.key(AccountIdentity.canonical(email))]).map(Account.init(row:))
        }
    }

    /// One account by the id tokens name, or `nil` once it is deleted.
    public func account(id: String) async throws -> Account? {
        try await database.read { session in
            try await session.queryRow("SELECT \(Account.columns) FROM account WHERE id = ?", [id]).map(Account.init(row:))
        }
    }

    /// The name of the account an access token was issued to, while it exists and its
    /// password is the one it had then; `nil` after a deletion or a password change.
    public func holder(of subject: AccessTokens.Subject) async throws -> String? {
        guard let account = try await account(id: subject.accountID), account.passwordGeneration == subject.passwordGeneration else { return nil }
        return account.name
    }

    /// Changes an account's email address and administrator flag; `nil` leaves one as is,
    /// an empty email clears it. An address another account has is refused.
    public func update(name: String, email: String?? = .none, isAdmin: Bool? = nil) async throws {
        let email = email.map { $0.map(AccountIdentity.canonical) }
        if case .some(.some(let address)) = email, !address.isEmpty, !Self.isValidEmail(address) {
            throw AccountError("'\(address)' is not an email address")
        }
        let changed = try await database.write { session in
            guard try await session.scalar(Bool.self, "SELECT 1 FROM account WHERE name = ?", [name]) == true else { return false }
            if case .some(let address) = email {
                let stored = address.flatMap { $0.isEmpty ? nil : $0 }
                let key = stored.map(AccountIdentity.key)
                if let key, let holder = try await session.scalar(String.self, "SELECT name FROM account WHERE email_key = ? AND name <> ?", [key, name]) {
                    throw AccountError("\(stored ?? "") is already the address of user \(holder)", conflict: true)
                }
                try await session.execute("UPDATE account SET email = ?, email_key = ? WHERE name = ?", [stored, key, name])
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
