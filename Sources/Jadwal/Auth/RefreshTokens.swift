import Foundation
import SQLStorage

/// Long-lived tokens that get new access tokens for the app API. Stored only as SHA-256
/// digests; each use replaces the token with a new one of the same family (rotation). A
/// replaced token used again means a copy is in other hands, so the whole family is
/// revoked and both holders must sign in again.
public struct RefreshTokens: Sendable {
    /// The outcome of using a refresh token.
    public enum Rotation: Sendable, Equatable {
        case rotated(account: String, token: String)
        /// Unknown, expired, revoked or reused: sign in again.
        case refused
    }

    /// Ninety days from the last use.
    public static let lifetime = 90 * 86_400

    let database: any SQLDatabase

    /// A new token (and family) for `account`, after a successful sign-in.
    public func issue(for account: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> String {
        let token = SecretToken.generate()
        try await database.write { session in
            try await Self.insert(digest: SecretToken.digest(token), account: account, family: SecretToken.generate(), now: now, session)
        }
        return token
    }

    /// Spends `token` and returns its replacement.
    public func rotate(_ token: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> Rotation {
        guard SecretToken.isWellFormed(token) else { return .refused }
        let digest = SecretToken.digest(token)
        let replacement = SecretToken.generate()
        return try await database.write { session in
            // Locked until commit: a concurrent use of the same token waits, then finds it replaced.
            guard let row = try await session.queryRow("""
                SELECT account, family, expires_at, replaced_at, revoked_at FROM refresh_token WHERE digest = ?\(session.dialect.forUpdate)
                """, [digest]) else { return .refused }
            let family: String = row["family"]
            if (row["replaced_at"] as Int?) != nil {
                try await session.execute("UPDATE refresh_token SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL", [now, family])
                return .refused
            }
            guard (row["revoked_at"] as Int?) == nil, (row["expires_at"] as Int) > now else { return .refused }
            let account: String = row["account"]
            try await session.execute("UPDATE refresh_token SET replaced_at = ? WHERE digest = ?", [now, digest])
            try await Self.insert(digest: SecretToken.digest(replacement), account: account, family: family, now: now, session)
            return .rotated(account: account, token: replacement)
        }
    }

    /// Revokes the family of `token` (sign-out on that device). Unknown tokens are ignored.
    public func revoke(_ token: String, now: Int = Int(Date().timeIntervalSince1970)) async throws {
        guard SecretToken.isWellFormed(token) else { return }
        try await database.write { session in
            try await session.execute("""
                UPDATE refresh_token SET revoked_at = ? WHERE revoked_at IS NULL
                    AND family = (SELECT family FROM refresh_token WHERE digest = ?)
                """, [now, SecretToken.digest(token)])
        }
    }

    /// Revokes every refresh token of `account` (sign out everywhere, password reset).
    public func revokeAll(of account: String, now: Int = Int(Date().timeIntervalSince1970)) async throws {
        try await database.write { session in
            try await session.execute("UPDATE refresh_token SET revoked_at = ? WHERE account = ? AND revoked_at IS NULL", [now, account])
        }
    }

    /// How many signed-in app sessions `account` has.
    public func activeCount(of account: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> Int {
        try await database.read { session in
            try await session.scalar(Int.self, """
                SELECT COUNT(*) FROM refresh_token WHERE account = ? AND revoked_at IS NULL AND replaced_at IS NULL AND expires_at > ?
                """, [account, now]) ?? 0
        }
    }

    private static func insert(digest: String, account: String, family: String, now: Int, _ session: any SQLSession) async throws {
        // Rows dead for a while only make the table grow.
        try await session.execute("DELETE FROM refresh_token WHERE expires_at < ?", [now - 86_400])
        try await session.execute("""
            INSERT INTO refresh_token (digest, account, family, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
            """, [digest, account, family, now, now + lifetime])
    }
}

extension ApplicationDatabase {
    /// The app API's refresh tokens.
    public var refreshTokens: RefreshTokens { RefreshTokens(database: database) }
}
