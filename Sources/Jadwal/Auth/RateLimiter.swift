import Crypto
import Foundation
import SQLStorage

/// Counts attempts per key (a user name, an email address, a client address) in fixed
/// windows and says when a key has had its share. The counts live in the database, so
/// every jadwald process on it shares one budget: two instances behind a load balancer do
/// not give a password guesser twice the tries. Keys are stored as SHA-256 digests, and
/// expired windows are dropped as new attempts come in. It slows guessing and mail
/// bombing; it is not an accounting system, and a database failure lets the attempt through.
public struct RateLimiter: Sendable {
    let database: any SQLDatabase
    /// Which budget this is ("basic-user", "sign-in-email", ...): keys of different limits never meet.
    public let scope: String
    public let limit: Int
    public let windowSeconds: Int

    /// Counts one attempt for `key`; `false` when the key is over its limit (the attempt
    /// must then be refused without doing its work).
    public func allow(_ key: String, now: Int = Int(Date().timeIntervalSince1970)) async -> Bool {
        let digest = Self.digest(key)
        let expired = now - windowSeconds
        let count = try? await database.write { session in
            // Windows whose time has passed are useless to everyone: clear this budget's.
            try await session.execute("DELETE FROM rate_limit WHERE scope = ? AND window_start <= ?", [scope, expired])
            return try await session.scalar(Int.self, """
                INSERT INTO rate_limit (scope, key, window_start, count) VALUES (?, ?, ?, 1)
                ON CONFLICT (scope, key) DO UPDATE SET count = rate_limit.count + 1
                RETURNING count
                """, [scope, digest, now])
        }
        return (count.flatMap { $0 } ?? 0) <= limit
    }

    /// Seconds until `key` may try again (0 when it may now).
    public func retryAfter(_ key: String, now: Int = Int(Date().timeIntervalSince1970)) async -> Int {
        let digest = Self.digest(key)
        let row = try? await database.read { session in
            try await session.queryRow("SELECT window_start, count FROM rate_limit WHERE scope = ? AND key = ?", [scope, digest])
        }
        guard let row = row.flatMap({ $0 }), row["count"] as Int >= limit else { return 0 }
        return max(0, (row["window_start"] as Int) + windowSeconds - now)
    }

    /// Attempts counted for `key` in its current window.
    public func count(_ key: String, now: Int = Int(Date().timeIntervalSince1970)) async -> Int {
        let digest = Self.digest(key)
        let count = try? await database.read { session in
            try await session.scalar(Int.self, "SELECT count FROM rate_limit WHERE scope = ? AND key = ? AND window_start > ?",
                                     [scope, digest, now - windowSeconds])
        }
        return count.flatMap { $0 } ?? 0
    }

    /// Marks `key` as seen now: a window that starts again at every call, which
    /// ``count(_:now:)`` reports as 1 until it lapses.
    public func touch(_ key: String, now: Int = Int(Date().timeIntervalSince1970)) async {
        let digest = Self.digest(key)
        _ = try? await database.write { session in
            try await session.execute("""
                INSERT INTO rate_limit (scope, key, window_start, count) VALUES (?, ?, ?, 1)
                ON CONFLICT (scope, key) DO UPDATE SET window_start = excluded.window_start
                """, [scope, digest, now])
        }
    }

    /// Forgets `key` (after a success, failures no longer count).
    public func reset(_ key: String) async {
        let digest = Self.digest(key)
        _ = try? await database.write { session in
            try await session.execute("DELETE FROM rate_limit WHERE scope = ? AND key = ?", [scope, digest])
        }
    }

    static func digest(_ key: String) -> String {
        SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

extension ApplicationDatabase {
    /// The budget `scope`: `limit` attempts per key every `windowSeconds`, shared by every
    /// process on this database.
    public func rateLimiter(_ scope: String, limit: Int, per windowSeconds: Int) -> RateLimiter {
        RateLimiter(database: database, scope: scope, limit: limit, windowSeconds: windowSeconds)
    }
}
