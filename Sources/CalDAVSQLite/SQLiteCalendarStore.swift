import CalDAVCore
import Foundation
import GRDB
import SQLiteAccess
import WebDAV

/// ``CalendarStore`` over one SQLite file in WAL mode (GRDB's `DatabasePool`): readers
/// see the last commit while a write is in progress, and every write is one transaction,
/// so a write either happens whole, change-log entry included, or not at all.
public final class SQLiteCalendarStore: CalendarStore {
    /// The file, shared with the process's other tables.
    public let file: SQLiteFile
    var pool: DatabasePool { file.pool }
    let clock: @Sendable () -> Int
    /// The database's last commit, readable without touching the database, for caches of
    /// what was read from it (a ``ChangeSignal``); `nil` where it cannot be watched.
    public var commits: SQLiteCommitWatch? { file.commits }

    /// Keeps calendars in `file`, bringing their tables up to date.
    ///
    /// Other components keep their own tables (and migrations) in the same file.
    /// - Parameter clock: seconds since the epoch, for creation and modification times.
    /// - Throws: ``StoreError/Code/unavailable`` when the tables cannot be migrated.
    public init(file: SQLiteFile, clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) throws(StoreError) {
        do {
            try Migrations.migrator.migrate(file.pool)
        } catch {
            // GRDB's messages can hold the path or SQL; the cause is for a debugger, not a client.
            throw StoreError(.unavailable, "the database could not be migrated", cause: error)
        }
        self.file = file
        self.clock = clock
    }

    /// Opens (creating if needed) the database at `path` on its own and brings its schema
    /// up to date; a process that keeps other tables in the file opens one ``SQLiteFile``
    /// for all of them instead.
    public convenience init(path: String, clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) throws(StoreError) {
        let file: SQLiteFile
        do { file = try SQLiteFile(path: path) } catch { throw StoreError(.unavailable, "the database could not be opened", cause: error) }
        try self.init(file: file, clock: clock)
    }

    /// Closes the database file, for every component using it. Every later call fails with
    /// ``StoreError/Code/unavailable``. Optional: the file is closed anyway when released.
    public func close() throws(StoreError) {
        do { try file.close() } catch { throw SQLiteFile.storeError(error) }
    }

    // MARK: Collections

    public func calendars(of owner: String) async throws(StoreError) -> [CalendarCollection] {
        try await lookup { db in
            try Self.collections(RawStatement(db, """
                SELECT \(Self.calendarColumns), d.namespace, d.local_name, d.xml
                FROM calendar c LEFT JOIN dead_property d ON d.calendar_id = c.id WHERE c.owner = ? ORDER BY c.name
                """, [.text(owner)]))
        }
    }

    public func calendar(_ reference: CalendarReference) async throws(StoreError) -> CalendarCollection? {
        try await lookup { db in
            try Self.collections(RawStatement(db, """
                SELECT \(Self.calendarColumns), d.namespace, d.local_name, d.xml
                FROM calendar c LEFT JOIN dead_property d ON d.calendar_id = c.id WHERE c.owner = ? AND c.name = ?
                """, [.text(reference.owner), .text(reference.name)])).first
        }
    }

    public func createCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        let now = clock()
        try await write { db in
            _ = try Self.insertCalendar(collection, createdAt: now, syncID: CalendarCollection.newSyncID(), db)
        }
    }

    public func importCalendar(_ calendar: ImportedCalendar) async throws(StoreError) {
        try calendar.checkUniqueUIDs()
        let collection = calendar.collection
        try await write { db in
            let id = try Self.insertCalendar(collection, createdAt: collection.createdAt, syncID: collection.syncID, db)
            for imported in calendar.objects { try Self.upsert(imported.object, calendar: id, index: imported.index, db) }
            for change in calendar.changes { try Self.logChange(calendar: id, position: change.position, name: change.name, db) }
            try db.cachedStatement(sql: "UPDATE calendar SET change_position = ? WHERE id = ?").execute(arguments: [collection.changePosition, id])
        }
    }

    public func updateCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        try await write { db in
            let id = try Self.requireCalendarID(collection.reference, db)
            try Self.saveProperties(collection, id: id, db)
        }
    }

    public func deleteCalendar(_ reference: CalendarReference) async throws(StoreError) {
        try await write { db in
            let id = try Self.requireCalendarID(reference, db)
            try db.cachedStatement(sql: "DELETE FROM calendar WHERE id = ?").execute(arguments: [id])
        }
    }

    // MARK: Objects

    public func objects(in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await scan { db in
            let id = try Self.requireCalendarID(reference, db)
            return try Self.objects(RawStatement(db, "SELECT \(Self.objectColumns) FROM calendar_object WHERE calendar_id = ? ORDER BY name", [.integer(id)]))
        }
    }

    public func listing(of reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await scan { db in
            let id = try Self.requireCalendarID(reference, db)
            let row = try RawStatement(db, """
                SELECT name, length(data), etag, uid, component_type, last_modified FROM calendar_object WHERE calendar_id = ? ORDER BY name
                """, [.integer(id)])
            var found: [CalendarObject] = []
            while try row.step() {
                found.append(.listed(name: row.text(0) ?? "", size: row.int(1), etag: row.text(2) ?? "", uid: row.text(3) ?? "",
                                     componentType: row.text(4) ?? "", lastModified: row.int(5)))
            }
            return found
        }
    }

    public func objects(named names: [String], in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        if names.count == 1 { return try await singleObject(named: names[0], in: reference) }
        let list = JSONArray.of(names)
        return try await lookup { db in
            let id = try Self.requireCalendarID(reference, db)
            var found: [String: CalendarObject] = [:]
            if !names.isEmpty {
                // One statement for any number of names (prepared once, no limit on bound
                // parameters): the names travel as one JSON array.
                let rows = try Self.objects(RawStatement(db, """
                    SELECT \(Self.objectColumns) FROM calendar_object WHERE calendar_id = ? AND name IN (SELECT value FROM json_each(?))
                    """, [.integer(id), .text(list)]))
                for object in rows { found[object.name] = object }
            }
            return names.compactMap { found[$0] }
        }
    }

    /// A GET's read: the calendar and the object in one statement; no row at all means no
    /// calendar, a row of NULLs no object.
    private func singleObject(named name: String, in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await lookup { db in
            let row = try RawStatement(db, """
                SELECT o.name, o.data, o.etag, o.uid, o.component_type, o.last_modified
                FROM calendar c LEFT JOIN calendar_object o ON o.calendar_id = c.id AND o.name = ? WHERE c.owner = ? AND c.name = ?
                """, [.text(name), .text(reference.owner), .text(reference.name)])
            guard try row.step() else { throw StoreError(.notFound, "no calendar \(reference)") }
            return row.isNull(0) ? [] : [Self.object(row)]
        }
    }

    public func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject] {
        try await scan { db in
            let id = try Self.requireCalendarID(reference, db)
            let query = Self.overlapQuery(calendarID: id, range: range, componentType: componentType)
            let row = try RawStatement(db, query.sql, query.arguments)
            var found: [CalendarObject] = []
            while try row.step() {
                var object = Self.object(row)
                if row.int(6) != 0, !row.isNull(7), !row.isNull(8) { object.singleInstance = InstanceSpan(start: row.int(7), end: row.int(8)) }
                found.append(object)
            }
            return found.sorted { $0.name < $1.name }
        }
    }

    /// The candidates query: the same rule as ``CalendarObjectIndex/mayOverlap(_:)``, an open
    /// end skipping its clause. No ORDER BY: with one, SQLite walks the (calendar, name) key
    /// and reads every row (blob included) to test the span; without, it tests the span on
    /// `calendar_object_span` entries and reads only the candidates' rows, sorted afterwards.
    static func overlapQuery(calendarID id: Int64, range: TimeRange, componentType: String?) -> (sql: String, arguments: [RawStatement.Argument]) {
        var sql = "SELECT \(objectColumns), single_instance, first_start, last_end FROM calendar_object WHERE calendar_id = ?"
        var arguments: [RawStatement.Argument] = [.integer(id)]
        if let componentType { sql += " AND component_type = ?"; arguments.append(.text(componentType)) }
        if let end = range.end { sql += " AND (first_start IS NULL OR first_start < ?)"; arguments.append(.integer(Int64(end))) }
        if let start = range.start { sql += " AND (last_end IS NULL OR last_end >= ?)"; arguments.append(.integer(Int64(start))) }
        return (sql, arguments)
    }

    public func putObject(
        named name: String, data: [UInt8], index: CalendarObjectIndex,
        in reference: CalendarReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        let now = clock()
        return try await write { db in
            let (id, position) = try Self.requireCalendar(reference, db)
            let existing = try String.fetchOne(db.cachedStatement(sql: "SELECT etag FROM calendar_object WHERE calendar_id = ? AND name = ?"), arguments: [id, name])
            guard precondition.isSatisfied(by: existing) else {
                throw StoreError(.preconditionFailed, "\(name): the precondition does not hold")
            }
            if let holder = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM calendar_object WHERE calendar_id = ? AND uid = ? AND name != ?"),
                                                arguments: [id, index.uid, name]) {
                throw StoreError(.uidConflict, "UID \(index.uid) is already used by \(holder)", existingName: holder)
            }
            let next = position + 1
            let object = CalendarObject(name: name, data: data, etag: EntityTag.make(position: next, data: data),
                                        uid: index.uid, componentType: index.componentType, lastModified: now)
            try Self.upsert(object, calendar: id, index: index, db)
            try Self.logChange(calendar: id, position: next, name: name, db)
            return (object, existing == nil)
        }
    }

    public func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) async throws(StoreError) {
        try await write { db in
            let (id, position) = try Self.requireCalendar(reference, db)
            guard let etag = try String.fetchOne(db.cachedStatement(sql: "SELECT etag FROM calendar_object WHERE calendar_id = ? AND name = ?"), arguments: [id, name]) else {
                throw StoreError(.notFound, "no object \(name)")
            }
            guard precondition.isSatisfied(by: etag) else { throw StoreError(.preconditionFailed, "\(name): the precondition does not hold") }
            try db.cachedStatement(sql: "DELETE FROM calendar_object WHERE calendar_id = ? AND name = ?").execute(arguments: [id, name])
            try Self.logChange(calendar: id, position: position + 1, name: name, db)
        }
    }

    public func transferObject(
        named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference,
        keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        let now = clock()
        return try await write { db in
            let (originID, originPosition) = try Self.requireCalendar(origin, db)
            guard let (stored, index) = try Self.objectWithIndex(named: source, calendar: originID, db) else {
                throw StoreError(.notFound, "no object \(source)")
            }
            if origin == destination && source == name { return (stored, false) }
            let (targetID, _) = try Self.requireCalendar(destination, db)
            let exists = try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM calendar_object WHERE calendar_id = ? AND name = ?"), arguments: [targetID, name]) == true
            if exists && !overwrite { throw StoreError(.preconditionFailed, "\(name) exists and Overwrite is F") }
            let movingWithin = !keepSource && origin == destination
            if let holder = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM calendar_object WHERE calendar_id = ? AND uid = ? AND name != ? AND name != ?"),
                                                arguments: [targetID, stored.uid, name, movingWithin ? source : name]) {
                throw StoreError(.uidConflict, "UID \(stored.uid) is already used by \(holder)", existingName: holder)
            }
            if !keepSource {
                try db.cachedStatement(sql: "DELETE FROM calendar_object WHERE calendar_id = ? AND name = ?").execute(arguments: [originID, source])
                try Self.logChange(calendar: originID, position: originPosition + 1, name: source, db)
            }
            let (_, targetPosition) = try Self.requireCalendar(destination, db)
            let next = targetPosition + 1
            let object = CalendarObject(name: name, data: stored.data, etag: EntityTag.make(position: next, data: stored.data),
                                        uid: stored.uid, componentType: stored.componentType, lastModified: now)
            try Self.upsert(object, calendar: targetID, index: index, db)
            try Self.logChange(calendar: targetID, position: next, name: name, db)
            return (object, !exists)
        }
    }

    // MARK: Changes

    public func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await scan(inSnapshot: true) { db in
            let (id, current) = try Self.requireCalendar(reference, db)
            return try Self.changeLog.changes(in: id, current: current, since: position, limit: limit, collection: reference.description, db)
        }
    }

    /// The calendars' change log.
    static let changeLog = SQLiteChangeLog(table: "change_log", members: "calendar_object", collectionColumn: "calendar_id", collections: "calendar")

    // MARK: Rows

    private static func calendarID(_ reference: CalendarReference, _ db: Database) throws -> Int64? {
        let row = try RawStatement(db, "SELECT id FROM calendar WHERE owner = ? AND name = ?", [.text(reference.owner), .text(reference.name)])
        return try row.step() ? row.int64(0) : nil
    }

    private static func requireCalendarID(_ reference: CalendarReference, _ db: Database) throws -> Int64 {
        guard let id = try calendarID(reference, db) else { throw StoreError(.notFound, "no calendar \(reference)") }
        return id
    }

    private static func requireCalendar(_ reference: CalendarReference, _ db: Database) throws -> (id: Int64, position: Int64) {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT id, change_position FROM calendar WHERE owner = ? AND name = ?"),
                                         arguments: [reference.owner, reference.name]) else {
            throw StoreError(.notFound, "no calendar \(reference)")
        }
        return (row["id"], row["change_position"])
    }

    /// Inserts or replaces an object row with its index span.
    private static func upsert(_ object: CalendarObject, calendar id: Int64, index: CalendarObjectIndex, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO calendar_object (calendar_id, name, data, etag, uid, component_type, first_start, last_end, single_instance, last_modified)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (calendar_id, name) DO UPDATE SET data = excluded.data, etag = excluded.etag, uid = excluded.uid,
                component_type = excluded.component_type, first_start = excluded.first_start, last_end = excluded.last_end,
                single_instance = excluded.single_instance, last_modified = excluded.last_modified
            """).execute(arguments: [id, object.name, Data(object.data), object.etag, object.uid, object.componentType,
                                     index.firstStart, index.lastEnd, index.isSingleInstance, object.lastModified])
    }

    private static func logChange(calendar id: Int64, position: Int64, name: String, _ db: Database) throws {
        try changeLog.record(collection: id, position: position, name: name, db)
    }

    /// A new calendar's row and properties, at change position 0; its id. A calendar and a
    /// top-level plain collection never share a name.
    private static func insertCalendar(_ collection: CalendarCollection, createdAt: Int, syncID: String, _ db: Database) throws -> Int64 {
        if try calendarID(collection.reference, db) != nil || ResourceRows.isTopLevelName(owner: collection.reference.owner, collection.reference.name, db) {
            throw StoreError(.alreadyExists, "calendar \(collection.reference) exists")
        }
        try db.cachedStatement(sql: """
            INSERT INTO calendar (owner, name, components, change_position, created_at, sync_id) VALUES (?, ?, '', 0, ?, ?)
            """).execute(arguments: [collection.reference.owner, collection.reference.name, createdAt, syncID])
        let id = db.lastInsertedRowID
        try saveProperties(collection, id: id, db)
        return id
    }

    private static func saveProperties(_ collection: CalendarCollection, id: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: """
            UPDATE calendar SET display_name = ?, description = ?, color = ?, sort_order = ?, time_zone = ?, components = ? WHERE id = ?
            """).execute(arguments: [collection.displayName, collection.calendarDescription, collection.color, collection.order,
                             collection.timeZone, collection.supportedComponents.sorted().joined(separator: ","), id])
        try db.cachedStatement(sql: "DELETE FROM dead_property WHERE calendar_id = ?").execute(arguments: [id])
        for (name, xml) in collection.deadProperties {
            try db.cachedStatement(sql: "INSERT INTO dead_property (calendar_id, namespace, local_name, xml) VALUES (?, ?, ?, ?)").execute(arguments: [id, name.namespace, name.local, Data(xml)])
        }
    }

    /// The calendar columns ``collections(_:)`` reads, in the order it reads them.
    static let calendarColumns = """
        c.id, c.owner, c.name, c.display_name, c.description, c.color, c.sort_order, c.time_zone, c.components, \
        c.change_position, c.created_at, c.sync_id
        """

    /// Collections from rows of ``calendarColumns`` followed by a dead property's
    /// namespace, local name and XML (NULL when it has none): one row per dead property,
    /// a calendar's rows together. One statement reads a calendar whole.
    private static func collections(_ row: borrowing RawStatement) throws -> [CalendarCollection] {
        var found: [CalendarCollection] = []
        var lastID: Int64?
        while try row.step() {
            let id = row.int64(0)
            if id != lastID {
                lastID = id
                let components = row.text(8) ?? ""
                found.append(CalendarCollection(
                    reference: CalendarReference(owner: row.text(1) ?? "", name: row.text(2) ?? ""),
                    displayName: row.text(3), calendarDescription: row.text(4), color: row.text(5),
                    order: row.isNull(6) ? nil : row.int(6), timeZone: row.text(7),
                    supportedComponents: Set(components.split(separator: ",").map(String.init)),
                    deadProperties: [:], changePosition: row.int64(9), createdAt: row.int(10), syncID: row.text(11) ?? ""))
            }
            if let namespace = row.text(12) {
                found[found.count - 1].deadProperties[DAVXML.Name(namespace, row.text(13) ?? "")] = row.bytes(14)
            }
        }
        return found
    }

    /// The columns ``object(_:)`` reads, in the order it reads them (written out once more,
    /// qualified, in the single-name lookup of `objects(named:in:)`).
    static let objectColumns = "name, data, etag, uid, component_type, last_modified"

    /// An object from a row of ``objectColumns``, read by position.
    private static func object(_ row: borrowing RawStatement) -> CalendarObject {
        CalendarObject(name: row.text(0) ?? "", data: row.bytes(1), etag: row.text(2) ?? "", uid: row.text(3) ?? "",
                       componentType: row.text(4) ?? "", lastModified: row.int(5))
    }

    /// Every row of a statement over ``objectColumns``.
    private static func objects(_ row: borrowing RawStatement) throws -> [CalendarObject] {
        var found: [CalendarObject] = []
        while try row.step() { found.append(object(row)) }
        return found
    }

    /// An object with its index row, or `nil`; the statement is done before the caller writes.
    private static func objectWithIndex(named name: String, calendar id: Int64, _ db: Database) throws -> (CalendarObject, CalendarObjectIndex)? {
        let row = try RawStatement(db, "SELECT \(objectColumns), first_start, last_end, single_instance FROM calendar_object WHERE calendar_id = ? AND name = ?",
                                   [.integer(id), .text(name)])
        guard try row.step() else { return nil }
        let object = object(row)
        return (object, CalendarObjectIndex(uid: object.uid, componentType: object.componentType, firstStart: row.isNull(6) ? nil : row.int(6),
                                            lastEnd: row.isNull(7) ? nil : row.int(7), isSingleInstance: row.int(8) != 0))
    }

    // MARK: Errors

    /// Runs a read in one snapshot on the calling thread (see ``SQLiteReaders``).
    func read<T: Sendable>(_ body: (Database) throws -> T) async throws(StoreError) -> T {
        try file.storeRead(body)
    }

    /// Runs a read whose cost grows with the data off the event loops, in one snapshot when `inSnapshot`.
    func scan<T: Sendable>(inSnapshot: Bool = false, _ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        try await file.storeScan(inSnapshot: inSnapshot, body)
    }

    /// Runs a lookup whose statements need not share a snapshot.
    func lookup<T: Sendable>(_ body: (Database) throws -> T) async throws(StoreError) -> T {
        try file.storeLookup(body)
    }

    /// Runs a write transaction; any error rolls it back.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        try await file.storeWrite(body)
    }
}
