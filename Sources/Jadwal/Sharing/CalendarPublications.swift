import Foundation
import SQLStorage

/// Calendars published read-only at a secret link, `/feeds/calendars/{token}.ics`: anyone
/// with the link reads the calendar (or only when its owner is busy), nobody writes it.
/// Only the token's digest is kept, so the link is shown once, when published; publishing
/// again makes a new link and the old one stops working. A publication names the calendar's
/// incarnation (its sync id): a calendar deleted and made again under the same name is not
/// published by the old link.
public struct CalendarPublications: Sendable {
    let database: any SQLDatabase

    public struct Publication: Sendable, Equatable {
        public let owner: String
        public let calendar: String
        /// The sync id of the calendar published.
        public let syncID: String
        /// Whether the feed shows only busy blocks.
        public let busyOnly: Bool
        public let createdAt: Int
    }

    /// Publishes `owner`'s calendar, replacing an earlier link to it.
    /// - Returns: the secret token of the new link, and the publication.
    public func publish(owner: String, calendar: String, syncID: String, busyOnly: Bool,
                        now: Int) async throws -> (token: String, publication: Publication) {
        let token = "jc_" + SecretToken.generate()
        try await database.write { session in
            _ = try await session.execute("""
                INSERT INTO calendar_publication (owner, calendar, sync_id, token_digest, busy_only, created_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (owner, calendar) DO UPDATE SET sync_id = excluded.sync_id, token_digest = excluded.token_digest,
                    busy_only = excluded.busy_only, created_at = excluded.created_at
                """, [owner, calendar, syncID, SecretToken.digest(token), busyOnly, now])
        }
        return (token, Publication(owner: owner, calendar: calendar, syncID: syncID, busyOnly: busyOnly, createdAt: now))
    }

    /// The publication of `owner`'s calendar, if it is published.
    public func publication(of owner: String, calendar: String) async throws -> Publication? {
        try await database.read { session in
            try await session.queryRow("SELECT * FROM calendar_publication WHERE owner = ? AND calendar = ?", [owner, calendar])
        }.map(Self.publication)
    }

    /// What the link with `token` publishes, if anything.
    public func publication(forToken token: String) async throws -> Publication? {
        guard token.hasPrefix("jc_"), token.utf8.count <= 128 else { return nil }
        return try await database.read { session in
            try await session.queryRow("SELECT * FROM calendar_publication WHERE token_digest = ?", [SecretToken.digest(token)])
        }.map(Self.publication)
    }

    /// Ends the publication of `owner`'s calendar; whether there was one.
    @discardableResult
    public func unpublish(owner: String, calendar: String) async throws -> Bool {
        try await database.write { session in
            try await session.execute("DELETE FROM calendar_publication WHERE owner = ? AND calendar = ?", [owner, calendar])
        } > 0
    }

    private static func publication(_ row: SQLRow) -> Publication {
        Publication(owner: row["owner"], calendar: row["calendar"], syncID: row["sync_id"], busyOnly: row["busy_only"], createdAt: row["created_at"])
    }
}

extension ApplicationDatabase {
    /// Calendars published at secret links.
    public var publications: CalendarPublications { CalendarPublications(database: database) }
}
