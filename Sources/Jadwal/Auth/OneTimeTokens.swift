import Foundation
import SQLStorage

/// Single-use links: sign-in by email and device setup. A token is random, stored only as
/// its SHA-256 digest, expires after ``lifetime`` seconds and works once: redeeming it
/// marks it used in the same write that reads it, so two concurrent uses cannot both win.
public struct OneTimeTokens: Sendable {
    /// What a token may be used for; a token of one purpose never redeems as another.
    public enum Purpose: String, Sendable {
        case signIn = "sign-in"
        case setup
    }

    /// The outcome of redeeming a token.
    public enum Redemption: Sendable, Equatable {
        /// The token was good and is now spent. `detail` is what was stored with it.
        case redeemed(account: String, detail: String?)
        /// It was good once and has been used (a second use gets 410 Gone).
        case alreadyUsed
        case expired
        /// Never issued (or its account was deleted): indistinguishable on purpose.
        case unknown
    }

    /// Fifteen minutes.
    public static let lifetime = 15 * 60
    static let maxDetailLength = 1024

    let database: any SQLDatabase

    /// Issues a token for `account`; the returned text is shown or mailed once and never stored.
    /// - Parameter detail: a short note kept with the token (for setup links, what to set up).
    public func issue(_ purpose: Purpose, for account: String, detail: String? = nil,
                      now: Int = Int(Date().timeIntervalSince1970)) async throws -> String {
        if let detail, detail.utf8.count > Self.maxDetailLength { throw AccountStore.AccountError("the token's detail is too long") }
        let token = SecretToken.generate()
        try await database.write { session in
            guard try await session.scalar(Bool.self, "SELECT 1 FROM account WHERE name = ?", [account]) == true else {
                throw AccountStore.AccountError("no user \(account)", missing: true)
            }
            // Spent and expired rows are only kept for a day, to answer 410 to a late second use.
            try await session.execute("DELETE FROM one_time_token WHERE expires_at < ?", [now - 86_400])
            try await session.execute("""
                INSERT INTO one_time_token (digest, purpose, account, detail, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
                """, [SecretToken.digest(token), purpose.rawValue, account, detail, now, now + Self.lifetime])
        }
        return token
    }

    /// Spends a token if it is good for `purpose`.
    public func redeem(_ token: String, for purpose: Purpose, now: Int = Int(Date().timeIntervalSince1970)) async throws -> Redemption {
        guard SecretToken.isWellFormed(token) else { return .unknown }
        let digest = SecretToken.digest(token)
        return try await database.write { session in
            // Locked until commit: a concurrent redemption waits, then sees it used.
            let state = try await Self.state(of: digest, for: purpose, now: now, locking: true, session)
            if case .redeemed = state {
                try await session.execute("UPDATE one_time_token SET used_at = ? WHERE digest = ?", [now, digest])
            }
            return state
        }
    }

    /// Looks at a token without spending it (for a page that shows before the download).
    public func peek(_ token: String, for purpose: Purpose, now: Int = Int(Date().timeIntervalSince1970)) async throws -> Redemption {
        guard SecretToken.isWellFormed(token) else { return .unknown }
        return try await database.read { session in try await Self.state(of: SecretToken.digest(token), for: purpose, now: now, session) }
    }

    /// What redeeming the token with this digest would give now, without spending it.
    /// - Parameter locking: lock the row until the transaction ends (inside a write that spends it).
    private static func state(of digest: String, for purpose: Purpose, now: Int, locking: Bool = false,
                              _ session: any SQLSession) async throws -> Redemption {
        guard let row = try await session.queryRow("""
            SELECT account, detail, expires_at, used_at FROM one_time_token WHERE digest = ? AND purpose = ?\(locking ? session.dialect.forUpdate : "")
            """, [digest, purpose.rawValue]) else { return .unknown }
        if (row["used_at"] as Int?) != nil { return .alreadyUsed }
        if (row["expires_at"] as Int) <= now { return .expired }
        return .redeemed(account: row["account"], detail: row["detail"])
    }
}

extension ApplicationDatabase {
    /// Sign-in and setup links.
    public var oneTimeTokens: OneTimeTokens { OneTimeTokens(database: database) }
}
