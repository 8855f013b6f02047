import Foundation
import SQLStorage

/// Signed-in browser sessions of the admin page: a random cookie value stored only as its
/// SHA-256 digest, with a CSRF token that every form must echo. Sessions last eight hours
/// from sign-in and end at sign-out, password change or account deletion.
public struct WebSessions: Sendable {
    /// A live session.
    public struct Session: Sendable, Equatable {
        public let account: String
        /// Forms carry it back; a request without it changes nothing.
        public let csrfToken: String
    }

    /// Eight hours.
    public static let lifetime = 8 * 3600

    let database: any SQLDatabase

    /// Starts a session for `account`; returns the cookie value (shown once) and the session.
    public func start(for account: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> (cookie: String, session: Session) {
        let cookie = SecretToken.generate()
        let csrf = SecretToken.generate()
        try await database.write { session in
            try await session.execute("DELETE FROM web_session WHERE expires_at < ?", [now])
            // The session remembers which password it was started with; a change ends it.
            let changed = try await session.execute("""
                INSERT INTO web_session (digest, account, password_generation, csrf_token, created_at, expires_at)
                SELECT ?, name, password_generation, ?, ?, ? FROM account WHERE name = ?
                """, [SecretToken.digest(cookie), csrf, now, now + Self.lifetime, account])
            guard changed == 1 else { throw AccountStore.AccountError("no user \(account)", missing: true) }
        }
        return (cookie, Session(account: account, csrfToken: csrf))
    }

    /// The session of a cookie value, or `nil` when unknown or expired.
    public func session(for cookie: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> Session? {
        guard SecretToken.isWellFormed(cookie) else { return nil }
        return try await database.read { session in
            try await session.queryRow("""
                SELECT s.account, s.csrf_token FROM web_session s JOIN account a ON a.name = s.account
                WHERE s.digest = ? AND s.expires_at > ? AND s.password_generation = a.password_generation
                """, [SecretToken.digest(cookie), now]).map { Session(account: $0["account"], csrfToken: $0["csrf_token"]) }
        }
    }

    /// Ends a session.
    public func end(_ cookie: String) async throws {
        guard SecretToken.isWellFormed(cookie) else { return }
        try await database.write { session in
            try await session.execute("DELETE FROM web_session WHERE digest = ?", [SecretToken.digest(cookie)])
        }
    }
}

extension ApplicationDatabase {
    /// The admin page's browser sessions.
    public var webSessions: WebSessions { WebSessions(database: database) }
}
