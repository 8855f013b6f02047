import Foundation
import SQLStorage

/// A chat event overlapping something else in the user's time, kept until resolved.
public struct Conflict: Sendable, Equatable {
    /// How a conflict was settled.
    public enum Resolution: String, Sendable, Codable, CaseIterable {
        /// Both stay as they are.
        case keep
        /// The chat event moved to a free slot.
        case reschedule
        /// The chat event was removed.
        case cancel
        /// The chat event changed or went away by itself (a later chat, a client).
        case superseded
    }

    public var id: String
    public var account: String
    /// The chat event's UID in `chat-events`.
    public var eventUID: String
    /// What it overlaps.
    public var other: BusyItem
    public var createdAt: Int
    public var resolvedAt: Int?
    public var resolution: Resolution?
}

/// Conflicts as rows of the accounts' database.
public struct ConflictStore: Sendable {
    let database: any SQLDatabase

    /// Replaces the open conflicts of `eventUID` with `others` (a re-check after the event
    /// was written or moved) and returns the new ones.
    func replaceOpen(account: String, eventUID: String, with others: [BusyItem], now: Int) async throws -> [Conflict] {
        let conflicts = others.map { other in
            Conflict(id: "c" + SecretToken.generate().prefix(16), account: account, eventUID: eventUID, other: other, createdAt: now)
        }
        try await database.write { session in
            try await session.execute("DELETE FROM conflict WHERE account = ? AND event_uid = ? AND resolved_at IS NULL", [account, eventUID])
            for conflict in conflicts {
                try await session.execute("""
                    INSERT INTO conflict (id, account, event_uid, other_kind, other_calendar, other_uid, other_summary, other_start, other_end, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [conflict.id, account, eventUID, conflict.other.kind.rawValue, conflict.other.calendar,
                                             conflict.other.uid, conflict.other.summary, conflict.other.start, conflict.other.end, now])
            }
        }
        return conflicts
    }

    /// Marks every open conflict of `eventUID` resolved.
    func resolveAll(account: String, eventUID: String, as resolution: Conflict.Resolution, now: Int) async throws {
        try await database.write { session in
            try await session.execute("""
                UPDATE conflict SET resolved_at = ?, resolution = ? WHERE account = ? AND event_uid = ? AND resolved_at IS NULL
                """, [now, resolution.rawValue, account, eventUID])
        }
    }

    /// Marks one conflict resolved.
    func resolve(_ id: String, account: String, as resolution: Conflict.Resolution, now: Int) async throws {
        try await database.write { session in
            try await session.execute("UPDATE conflict SET resolved_at = ?, resolution = ? WHERE id = ? AND account = ? AND resolved_at IS NULL", [now, resolution.rawValue, id, account])
        }
    }

    /// The account's conflicts, open ones only unless `includeResolved`, soonest first.
    public func conflicts(of account: String, includeResolved: Bool = false) async throws -> [Conflict] {
        try await database.read { session in
            try await session.query("""
                SELECT * FROM conflict WHERE account = ? \(includeResolved ? "" : "AND resolved_at IS NULL") ORDER BY other_start, id
                """, [account]).map(Self.conflict)
        }
    }

    /// One of the account's conflicts, or nil.
    public func conflict(_ id: String, of account: String) async throws -> Conflict? {
        try await database.read { session in
            try await session.queryRow("SELECT * FROM conflict WHERE id = ? AND account = ?", [id, account]).map(Self.conflict)
        }
    }

    private static func conflict(_ row: SQLRow) -> Conflict {
        Conflict(id: row["id"], account: row["account"], eventUID: row["event_uid"],
                 other: BusyItem(kind: BusyItem.Kind(rawValue: row["other_kind"]) ?? .event, calendar: row["other_calendar"], uid: row["other_uid"],
                                 summary: row["other_summary"], start: row["other_start"], end: row["other_end"], isAllDay: false),
                 createdAt: row["created_at"], resolvedAt: row["resolved_at"], resolution: (row["resolution"] as String?).flatMap(Conflict.Resolution.init))
    }
}

extension ApplicationDatabase {
    /// Conflicts kept beside the accounts.
    public var conflicts: ConflictStore { ConflictStore(database: database) }
}
