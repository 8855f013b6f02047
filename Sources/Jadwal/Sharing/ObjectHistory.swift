import CalDAVCore
import Foundation
import Logging
import SQLStorage

/// Who changed which object of a calendar, and when (``CalDAVCore/ChangeJournal``): kept
/// for 180 days, so that an owner sees what a sharee or a delegate did, and a sharee what
/// others did in a calendar shared with them.
public struct ObjectHistory: ChangeJournal {
    let database: any SQLDatabase
    let logger: Logger
    /// How long entries are kept, in seconds.
    public static let keptFor = 180 * 86_400

    public init(database: any SQLDatabase, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    public func record(_ change: AttributedChange) async {
        do {
            try await database.write { session in
                _ = try await session.execute("""
                    INSERT INTO object_change (owner, calendar, object, kind, author, on_behalf_of, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [change.calendar.owner, change.calendar.name, change.object, change.kind.rawValue, change.author,
                          change.onBehalfOf, change.at])
                _ = try await session.execute("DELETE FROM object_change WHERE owner = ? AND calendar = ? AND changed_at < ?",
                                              [change.calendar.owner, change.calendar.name, change.at - Self.keptFor])
            }
        } catch {
            // The write it describes stands; only its entry is missing.
            logger.warning("history entry not kept", metadata: ["calendar": "\(change.calendar)", "error": "\(error)"])
        }
    }

    /// The latest changes of `calendar` since `since` (of `object` only, when given), newest
    /// first. `since` is the calendar's creation, so that a calendar made again under an old
    /// name does not show the history of the one deleted.
    public func changes(of calendar: CalendarReference, since: Int, object: String? = nil, limit: Int = 100) async throws -> [AttributedChange] {
        let rows = try await database.read { session in
            if let object {
                return try await session.query("""
                    SELECT * FROM object_change WHERE owner = ? AND calendar = ? AND changed_at >= ? AND object = ?
                    ORDER BY changed_at DESC, id DESC LIMIT ?
                    """, [calendar.owner, calendar.name, since, object, limit])
            }
            return try await session.query("""
                SELECT * FROM object_change WHERE owner = ? AND calendar = ? AND changed_at >= ? ORDER BY changed_at DESC, id DESC LIMIT ?
                """, [calendar.owner, calendar.name, since, limit])
        }
        return rows.compactMap { row in
            guard let kind = AttributedChange.Kind(rawValue: row["kind"]) else { return nil }
            return AttributedChange(calendar: calendar, object: row["object"], kind: kind, author: row["author"],
                                    onBehalfOf: row["on_behalf_of"], at: row["changed_at"])
        }
    }
}

extension ApplicationDatabase {
    /// Who changed which calendar object.
    public func history(logger: Logger) -> ObjectHistory { ObjectHistory(database: database, logger: logger) }
}
