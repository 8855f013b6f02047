import CalDAVCore
import PostgresAccess
import PostgresNIO
import WebDAV

extension PostgresCalendarStore: CalendarHomeStore {
    /// Every calendar of `owner` with its object count and stored size, by name.
    public func usage(of owner: String) async throws(StoreError) -> [CalendarUsage] {
        try await read { connection in
            try await connection.rows("""
                SELECT c.name, c.display_name, COUNT(o.name)::bigint AS objects, COALESCE(SUM(octet_length(o.data)), 0)::bigint AS bytes
                FROM calendar c LEFT JOIN calendar_object o ON o.calendar_id = c.id
                WHERE c.owner = \(owner) GROUP BY c.id ORDER BY c.name
                """).map {
                CalendarUsage(name: try $0.get("name"), displayName: try $0.get("display_name"),
                              objects: try $0.get("objects"), bytes: try $0.get("bytes"))
            }
        }
    }

    /// The stored size of `owner`'s plain WebDAV files, in bytes.
    public func fileBytes(of owner: String) async throws(StoreError) -> Int {
        try await read { connection in
            try await connection.row("""
                SELECT COALESCE(SUM(octet_length(data)), 0)::bigint AS bytes FROM web_resource WHERE owner = \(owner)
                """)?.get("bytes", as: Int.self) ?? 0
        }
    }

    /// Deletes every calendar and plain file of `owner` in one write, so a later account
    /// of the same name starts empty.
    public func deleteEverything(of owner: String) async throws(StoreError) {
        try await write { connection in
            try await OwnerLock.take(owner, connection)
            // Calendar rows locked in id order first, as transfers lock them, so the two never deadlock.
            try await connection.run("SELECT id FROM calendar WHERE owner = \(owner) ORDER BY id FOR UPDATE")
            try await connection.run("DELETE FROM calendar WHERE owner = \(owner)")
            try await connection.run("DELETE FROM web_resource WHERE owner = \(owner)")
        }
    }
}
