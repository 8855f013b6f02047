import GRDB
import WebDAV

/// The change log of a kind of collection (calendars, address books) in SQLite: a table of
/// `(collection id, position, name)` beside the members' table and the collections' table
/// whose `change_position` holds each collection's last position. It keeps each name's
/// latest change only, and answers sync-collection's change sets (RFC 6578) from it.
public struct SQLiteChangeLog: Sendable {
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

    /// Appends a change and drops the name's earlier entries: a sync reports each name
    /// once, at its latest change, so superseded entries only make the log grow.
    public func record(collection id: Int64, position: Int64, name: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM \(table) WHERE \(collectionColumn) = ? AND name = ?").execute(arguments: [id, name])
        try db.cachedStatement(sql: "INSERT INTO \(table) (\(collectionColumn), position, name) VALUES (?, ?, ?)").execute(arguments: [id, position, name])
        try db.cachedStatement(sql: "UPDATE \(collections) SET change_position = ? WHERE id = ?").execute(arguments: [position, id])
    }

    /// What changed in collection `id` (now at `current`) after `position` (`nil`:
    /// everything present), at most `limit` names.
    /// - Parameter collection: how errors name the collection.
    public func changes(in id: Int64, current: Int64, since position: Int64?, limit: Int?, collection: String, _ db: Database) throws -> ChangeSet {
        guard let position else {
            let names = try String.fetchAll(db.cachedStatement(sql: "SELECT name FROM \(members) WHERE \(collectionColumn) = ? ORDER BY name"), arguments: [id])
            guard let limit, names.count > limit else {
                return ChangeSet(position: current, changed: names, deleted: [], isTruncated: false)
            }
            // A paged initial sync: live members in the order of the log.
            var folder = ChangeLogFolder(after: 0, limit: limit)
            let rows = try Row.fetchCursor(db.cachedStatement(sql: """
                SELECT l.position, l.name, m.name IS NOT NULL AS live FROM \(table) l
                LEFT JOIN \(members) m ON m.\(collectionColumn) = l.\(collectionColumn) AND m.name = l.name
                WHERE l.\(collectionColumn) = ? ORDER BY l.position
                """), arguments: [id])
            while let row = try rows.next() {
                if !row["live"] { folder.pass(position: row["position"]) } else if !folder.add(position: row["position"], name: row["name"]) { break }
            }
            return ChangeSet(position: folder.reached, changed: folder.names, deleted: [], isTruncated: folder.reached < current)
        }
        guard position >= 0, position <= current else {
            throw StoreError(.invalidSyncToken, "sync position \(position) was not issued by \(collection)")
        }
        var folder = ChangeLogFolder(after: position, limit: limit)
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT position, name FROM \(table) WHERE \(collectionColumn) = ? AND position > ? ORDER BY position"),
                                       arguments: [id, position])
        while let row = try rows.next() {
            if !folder.add(position: row["position"], name: row["name"]) { break }
        }
        let (order, reached) = (folder.names, folder.reached)
        var present = Set<String>()
        for start in stride(from: 0, to: order.count, by: 500) {
            let slice = Array(order[start..<min(start + 500, order.count)])
            let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
            present.formUnion(try String.fetchAll(db, sql: "SELECT name FROM \(members) WHERE \(collectionColumn) = ? AND name IN (\(marks))",
                                                  arguments: StatementArguments([id] + slice)))
        }
        return ChangeSet(position: reached, changed: order.filter(present.contains), deleted: order.filter { !present.contains($0) },
                         isTruncated: reached < current)
    }
}
