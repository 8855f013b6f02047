import PostgresNIO
import WebDAV

/// The change log of a kind of collection (calendars, address books) in PostgreSQL: a
/// table of `(collection id, position, name)` beside the members' table and the
/// collections' table whose `change_position` holds each collection's last position. It
/// keeps each name's latest change only, and answers sync-collection's change sets.
public struct PostgresChangeLog: Sendable {
    /// The log's table (`change_log`).
    public let table: String
    /// The members' table (`calendar_object`), with the same collection column and `name`.
    public let members: String
    /// The column naming the collection in both tables (`calendar_id`).
    public let collectionColumn: String
    /// The collections' table (`calendar`), with `id` and `change_position`.
    public let collections: String

    public init(table: String, members: String, collectionColumn: String, collections: String) {
        self.table = table
        self.members = members
        self.collectionColumn = collectionColumn
        self.collections = collections
    }

    /// Appends a change, drops the name's earlier entries (a sync reports each name once,
    /// at its latest change) and advances the collection's position, in one statement: the
    /// parts share one snapshot, so the delete never sees the new entry.
    public func record(collection id: Int64, position: Int64, name: String, _ connection: PostgresConnection) async throws {
        try await connection.run("""
            WITH superseded AS (DELETE FROM \(unescaped: table) WHERE \(unescaped: collectionColumn) = \(id) AND name = \(name)),
                 advanced AS (UPDATE \(unescaped: collections) SET change_position = \(position) WHERE id = \(id))
            INSERT INTO \(unescaped: table) (\(unescaped: collectionColumn), position, name) VALUES (\(id), \(position), \(name))
            """)
    }

    /// What changed in collection `id` (now at `current`) after `position` (`nil`:
    /// everything present), at most `limit` names; run it in one snapshot.
    /// - Parameter collection: how errors name the collection.
    public func changes(
        in id: Int64, current: Int64, since position: Int64?, limit: Int?, collection: String, _ connection: PostgresConnection
    ) async throws -> ChangeSet {
        guard let position else {
            let names = try await connection.rows("SELECT name FROM \(unescaped: members) WHERE \(unescaped: collectionColumn) = \(id) ORDER BY name")
                .map { try $0.get("name", as: String.self) }
            guard let limit, names.count > limit else {
                return ChangeSet(position: current, changed: names, deleted: [], isTruncated: false)
            }
            // A paged initial sync: live members in the order of the log.
            var folder = ChangeLogFolder(after: 0, limit: limit)
            for row in try await connection.rows("""
                SELECT l.position, l.name, m.name IS NOT NULL AS live FROM \(unescaped: table) l
                LEFT JOIN \(unescaped: members) m ON m.\(unescaped: collectionColumn) = l.\(unescaped: collectionColumn) AND m.name = l.name
                WHERE l.\(unescaped: collectionColumn) = \(id) ORDER BY l.position
                """) {
                let entry: Int64 = try row.get("position")
                if try !row.get("live", as: Bool.self) {
                    folder.pass(position: entry)
                } else if !folder.add(position: entry, name: try row.get("name")) {
                    break
                }
            }
            return ChangeSet(position: folder.reached, changed: folder.names, deleted: [], isTruncated: folder.reached < current)
        }
        guard position >= 0, position <= current else {
            throw StoreError(.invalidSyncToken, "sync position \(position) was not issued by \(collection)")
        }
        var folder = ChangeLogFolder(after: position, limit: limit)
        for row in try await connection.rows("""
            SELECT position, name FROM \(unescaped: table) WHERE \(unescaped: collectionColumn) = \(id) AND position > \(position) ORDER BY position
            """) {
            if !folder.add(position: try row.get("position"), name: try row.get("name")) { break }
        }
        let (order, reached) = (folder.names, folder.reached)
        let present = Set(try await connection.rows("""
            SELECT name FROM \(unescaped: members) WHERE \(unescaped: collectionColumn) = \(id) AND name = ANY(\(order))
            """).map { try $0.get("name", as: String.self) })
        return ChangeSet(position: reached, changed: order.filter(present.contains), deleted: order.filter { !present.contains($0) },
                         isTruncated: reached < current)
    }
}
