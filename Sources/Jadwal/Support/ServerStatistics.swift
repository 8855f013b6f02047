import SQLStorage

/// Counts an operator alerts on, read from the database when metrics are scraped: how
/// much the server holds and how much work waits.
public struct ServerStatistics: Sendable, Equatable {
    public var users: Int
    public var calendarObjects: Int
    /// Mail not yet delivered, and mail given up on.
    public var mailPending: Int
    public var mailFailed: Int
    /// Jobs waiting (chat judgements, webhook deliveries), and jobs that exhausted their retries.
    public var jobsPending: Int
    public var jobsDead: Int
}

extension ApplicationDatabase {
    /// The counts behind `/metrics`, in one read.
    public func statistics() async throws -> ServerStatistics {
        try await database.read { session in
            let row = try await session.queryRow("""
                SELECT (SELECT COUNT(*) FROM account) AS users,
                       (SELECT COUNT(*) FROM calendar_object) AS objects,
                       (SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL) AS mail_pending,
                       (SELECT COUNT(*) FROM mail_outbox WHERE failed_at IS NOT NULL) AS mail_failed,
                       (SELECT COUNT(*) FROM job WHERE dead_at IS NULL) AS jobs_pending,
                       (SELECT COUNT(*) FROM job WHERE dead_at IS NOT NULL) AS jobs_dead
                """)
            guard let row else { throw SQLStorageError("the statistics query returned no row") }
            return ServerStatistics(users: row["users"], calendarObjects: row["objects"], mailPending: row["mail_pending"],
                                    mailFailed: row["mail_failed"], jobsPending: row["jobs_pending"], jobsDead: row["jobs_dead"])
        }
    }

    /// Whether the database answers a query now.
    public func isReachable() async -> Bool {
        (try? await database.read { session in try await session.scalar(Int.self, "SELECT 1") }) == 1
    }
}
