import CalDAVSQLite
import Foundation
import GRDB

/// The durable work queue in the database: chat judging and webhook deliveries.
///
/// At least once: a job is taken with a lease (its due time pushed ahead), so if the process
/// dies mid-job the lease runs out and another worker takes it again; handlers are
/// idempotent. A job with a key is coalesced: enqueuing it while it waits bumps its
/// generation, and completing it then leaves it due again, so work that arrived during a
/// run is never dropped. Failures back off; after the last attempt a job is dead-lettered
/// with its reason, kept for an operator.
public struct JobQueue: Sendable {
    let pool: DatabasePool
    let bell: OutboxBell

    /// Kinds of work.
    public enum Kind: String, Sendable, CaseIterable {
        /// Judge one conversation (key `chat:ID`).
        case judgeChat = "chat.judge"
        /// POST one notification to a user's webhook.
        case webhook
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
        try await pool.write { db in try Self.enqueue(kind, key: key, account: account, payload: payload, due: due, in: db) }
        bell.ring()
    }

    /// Adds a job within the caller's transaction; call ``wake()`` after it commits.
    static func enqueue(_ kind: Kind, key: String?, account: String?, payload: Data?, due: Int, in db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO job (kind, key, account, payload, due_at, created_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET generation = generation + 1, payload = excluded.payload, attempts = 0,
                due_at = min(due_at, excluded.due_at), dead_at = NULL, last_error = NULL
            """).execute(arguments: [kind.rawValue, key, account, payload, due, due])
    }

    func wake() { bell.ring() }

    /// Takes up to `limit` due jobs for a run each, leasing them for `lease` seconds.
    public func claimDue(now: Int, lease: Int, limit: Int) async throws -> [Claim] {
        try await pool.write { db in
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT id, kind, key, account, payload, generation, attempts FROM job
                WHERE dead_at IS NULL AND due_at <= ? ORDER BY due_at, id LIMIT ?
                """), arguments: [now, limit])
            return try rows.compactMap { row -> Claim? in
                let id: Int64 = row["id"], attempts: Int = row["attempts"] + 1
                guard let kind = Kind(rawValue: row["kind"]) else {
                    try db.cachedStatement(sql: "UPDATE job SET dead_at = ?, last_error = ? WHERE id = ?")
                        .execute(arguments: [now, "unknown kind of job (written by a newer version?)", id])
                    return nil
                }
                try db.cachedStatement(sql: "UPDATE job SET attempts = ?, due_at = ? WHERE id = ?").execute(arguments: [attempts, now + lease, id])
                return Claim(id: id, kind: kind, key: row["key"], account: row["account"], payload: row["payload"],
                             generation: row["generation"], attempts: attempts)
            }
        }
    }

    /// Finishes a job. If it was enqueued again while it ran, it stays, due at once.
    public func complete(_ claim: Claim, now: Int) async throws {
        let again = try await pool.write { db in
            try db.cachedStatement(sql: "DELETE FROM job WHERE id = ? AND generation = ?").execute(arguments: [claim.id, claim.generation])
            guard db.changesCount == 0 else { return false }
            try db.cachedStatement(sql: "UPDATE job SET attempts = 0, due_at = ?, last_error = NULL WHERE id = ?").execute(arguments: [now, claim.id])
            return db.changesCount > 0
        }
        if again { bell.ring() }
    }

    /// Records a failed run to be tried again at `due`.
    public func retry(_ claim: Claim, at due: Int, error: String) async throws {
        try await pool.write { db in
            try db.cachedStatement(sql: "UPDATE job SET due_at = ?, last_error = ? WHERE id = ?").execute(arguments: [due, error, claim.id])
        }
    }

    /// Gives a job up, keeping it with the reason.
    public func deadLetter(_ claim: Claim, now: Int, reason: String) async throws {
        try await pool.write { db in
            try db.cachedStatement(sql: "UPDATE job SET dead_at = ?, last_error = ? WHERE id = ?").execute(arguments: [now, reason, claim.id])
        }
    }

    /// Jobs waiting or dead, oldest first.
    public func entries(deadOnly: Bool = false, limit: Int = 1000) async throws -> [Entry] {
        try pool.readInPlace { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT id, kind, key, account, attempts, due_at, last_error, dead_at FROM job
                \(deadOnly ? "WHERE dead_at IS NOT NULL" : "") ORDER BY id LIMIT ?
                """), arguments: [limit]).map {
                Entry(id: $0["id"], kind: $0["kind"], key: $0["key"], account: $0["account"], attempts: $0["attempts"],
                      dueAt: $0["due_at"], lastError: $0["last_error"], deadAt: $0["dead_at"])
            }
        }
    }

    /// Makes dead jobs due again (after an operator fixed the cause).
    @discardableResult
    public func revive(now: Int) async throws -> Int {
        let count = try await pool.write { db in
            try db.cachedStatement(sql: "UPDATE job SET dead_at = NULL, attempts = 0, due_at = ? WHERE dead_at IS NOT NULL").execute(arguments: [now])
            return db.changesCount
        }
        bell.ring()
        return count
    }

    /// The earliest due time of a live job.
    func nextDue() throws -> Int? {
        try pool.readInPlace { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT min(due_at) FROM job WHERE dead_at IS NULL")) }
    }
}

extension AccountStore {
    /// The work queue kept beside the accounts.
    public var jobs: JobQueue { JobQueue(pool: pool, bell: jobBell) }
}
