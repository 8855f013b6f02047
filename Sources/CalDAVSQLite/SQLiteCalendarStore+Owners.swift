import CalDAVCore
import GRDB
import WebDAV

extension SQLiteCalendarStore: CalendarHomeStore {
    /// Every calendar of `owner` with its object count and stored size, by name.
    public func usage(of owner: String) async throws(StoreError) -> [CalendarUsage] {
        try await scan(inSnapshot: true) { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT c.name, c.display_name, COUNT(o.name) AS objects, COALESCE(SUM(LENGTH(o.data)), 0) AS bytes
                FROM calendar c LEFT JOIN calendar_object o ON o.calendar_id = c.id
                WHERE c.owner = ? GROUP BY c.id ORDER BY c.name
                """), arguments: [owner]).map {
                CalendarUsage(name: $0["name"], displayName: $0["display_name"], objects: $0["objects"], bytes: $0["bytes"])
            }
        }
    }

    /// The stored size of `owner`'s plain WebDAV files, in bytes.
    public func fileBytes(of owner: String) async throws(StoreError) -> Int {
        try await scan { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(SUM(LENGTH(data)), 0) FROM web_resource WHERE owner = ?"),
                             arguments: [owner]) ?? 0
        }
    }

    /// Deletes every calendar and plain file of `owner` in one write, so a later account
    /// of the same name starts empty.
    public func deleteEverything(of owner: String) async throws(StoreError) {
        try await write { db in
            try db.cachedStatement(sql: "DELETE FROM calendar WHERE owner = ?").execute(arguments: [owner])
            try db.cachedStatement(sql: "DELETE FROM web_resource WHERE owner = ?").execute(arguments: [owner])
        }
    }
}
