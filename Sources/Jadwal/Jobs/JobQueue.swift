import Foundation
import SQLStorage

/// The durable work queue in the database: chat judging, webhook deliveries and pushes.
///
/// At least once: a job is taken with a lease (its due time pushed ahead), so if the process
/// dies mid-job the lease runs out and another worker takes it again; handlers are
/// idempotent. A job with a key is coalesced: enqueuing it while it waits bumps its
/// generation, and completing it then leaves it due again, so work that arrived during a
/// run is never dropped. Failures back off; after the last attempt a job is dead-lettered
/// with its reason, kept for an operator.
public struct JobQueue: Sendable {
    let database: any SQLDatabase
    let bell: OutboxBell

    /// Kinds of work.
    public enum Kind: String, Sendable, CaseIterable {
        /// Judge one conversation (key `chat:ID`).
        case judgeChat = "chat.judge"
        /// POST one notification to a user's webhook.
        case webhook
        /// Send one push to one device (``PushQueue``).
        case push
    }

    /// A job taken for one run.
    public struct Claim: Sendable, Equatable {
        public var id: Int64
        public var kind: Kind
        public var key: String?
        public var account: String?
        public var payload: Data?
        public var generation: Int
        /// Runs so far, this one included.
        public var attempts: Int
    }

    /// A job as listed to an operator.
    public struct Entry: Sendable, Equatable {
        public var id: Int64
        public var kind: String
        public var key: String?
        public var account: String?
        public var attempts: Int
        public var dueAt: Int
        public var lastError: String?
        public var deadAt: Int?
    }

    /// Adds a job, committed before this returns, and wakes this process's workers.
    public func enqueue(_ kind: Kind, key: String? = nil, account: String? = nil, payload: Data? = nil,
                        due: Int = Int(Date().timeIntervalSince1970)) async throws {
        try await database.write { session in try await Self.enqueue(kind, key: key, account: account, payload: payload, due: due, in: session) }
        bell.ring()
    }

    /// Adds a job within the caller's transaction; call ``wake()`` after it commits.
    static func enqueue(_ kind: Kind, key: String?, account: String?, payload: Data?, due: Int, in session: any SQLSession) async throws {
        try await session.execute("""
            INSERT INTO job (kind, key, account, payload, due_at, created_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET generation = job.generation + 1, payload = excluded.payload, attempts = 0,
                due_at = CASE WHEN excluded.due_at < job.due_at THEN excluded.due_at ELSE job.due_at END, dead_at = NULL, last_error = NULL
            """, [kind.rawValue, key, account, payload, due, due])
    }

    func wake() { bell.ring() }

    /// Takes up to `limit` due jobs for a run each, leasing them for `lease` seconds.
    public func claimDue(now: Int, lease: Int, limit: Int) async throws -> [Claim] {
        try await database.write { session in
            let rows = try await session.query("""
                SELECT id, kind, key, account, payload, generation, attempts FROM job
                WHERE dead_at IS NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?\(session.dialect.skipLocked)
                """, [now, limit])
            var claims: [Claim] = []
            for row in rows {
                let id: Int64 = row["id"], attempts: Int = row["attempts"] + 1
                guard let kind = Kind(rawValue: row["kind"]) else {
                    try await session.execute("UPDATE job SET dead_at = ?, last_error = ? WHERE id = ?", [now, "unknown kind of job (written by a newer version?)", id])
                    continue
                }
                try await session.execute("UPDATE job SET attempts = ?, due_at = ? WHERE id = ?", [attempts, now + lease, id])
                claims.append(Claim(id: id, kind: kind, key: row["key"], account: row["account"], payload: row["payload"],
                                    generation: row["generation"], attempts: attempts))
            }
            return claims
        }
    }

    /// Finishes a job. If it was enqueued again while it ran, it stays, due at once.
    public func complete(_ claim: Claim, now: Int) async throws {
        let again = try await database.write { session in
            let deleted = try await session.execute("DELETE FROM job WHERE id = ? AND generation = ?", [claim.id, claim.generation])
            guard deleted == 0 else { return false }
            let requeued = try await session.execute("UPDATE job SET attempts = 0, due_at = ?, last_error = NULL WHERE id = ?", [now, claim.id])
            return requeued > 0
        }
        if again { bell.ring() }
    }

    /// Records a failed run to be tried again at `due`.
    public func retry(_ claim: Claim, at due: Int, error: String) async throws {
        try await database.write { session in
            try await session.execute("UPDATE job SET due_at = ?, last_error = ? WHERE id = ?", [due, error, claim.id])
        }
    }

    /// Gives a job up, keeping it with the reason.
    public func deadLetter(_ claim: Claim, now: Int, reason: String) async throws {
        try await database.write { session in
            try await session.execute("UPDATE job SET dead_at = ?, last_error = ? WHERE id = ?", [now, reason, claim.id])
        }
    }

    /// Jobs waiting or dead, oldest first.
    public func entries(deadOnly: Bool = false, limit: Int = 1000) async throws -> [Entry] {
        try await database.read { session in
            try await session.query("""
                SELECT id, kind, key, account, attempts, due_at, last_error, dead_at FROM job
                \(deadOnly ? "WHERE dead_at IS NOT NULL" : "") ORDER BY id LIMIT ?
                """, [limit]).map {
                Entry(id: $0["id"], kind: $0["kind"], key: $0["key"], account: $0["account"], attempts: $0["attempts"],
                      dueAt: $0["due_at"], lastError: $0["last_error"], deadAt: $0["dead_at"])
            }
        }
    }

    /// Makes dead jobs due again (after an operator fixed the cause).
    @discardableResult
    public func revive(now: Int) async throws -> Int {
        let count = try await database.write { session in
            return try await session.execute("UPDATE job SET dead_at = NULL, attempts = 0, due_at = ? WHERE dead_at IS NOT NULL", [now])
        }
        bell.ring()
        return count
    }

    /// The earliest due time of a live job.
    func nextDue() async throws -> Int? {
        try await database.read { session in try await session.scalar(Int.self, "SELECT min(due_at) FROM job WHERE dead_at IS NULL") }
    }
}

extension ApplicationDatabase {
    /// The work queue kept beside the accounts.
    public var jobs: JobQueue { JobQueue(database: database, bell: jobBell) }
}
