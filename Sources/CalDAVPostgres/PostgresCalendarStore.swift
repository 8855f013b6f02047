import CalDAVCore
import Foundation
import PostgresAccess
import PostgresNIO
import WebDAV

/// ``CalendarStore`` (and ``ResourceTreeStore``) over one PostgreSQL database, shared by
/// any number of `jadwald` instances.
///
/// Correctness comes from the database, not from this process: every write is one
/// transaction, and writers of one calendar queue on its row (`SELECT ... FOR UPDATE`)
/// before they read the ETag a precondition tests or the change position they advance, so
/// across instances an If-Match has exactly one winner and positions only grow. Writes to
/// an owner's tree of plain collections queue on a per-owner advisory lock, so recursive
/// copies, moves and deletes are atomic. UNIQUE constraints back up the UID rule.
/// Multi-statement reads see one snapshot (REPEATABLE READ, read only).
public final class PostgresCalendarStore: CalendarStore {
    /// The database and connection pool the store works through.
    public let database: PostgresPool
    let clock: @Sendable () -> Int

    /// Tells when the database had a commit, for caches of what was read from it.
    public var changes: PostgresChangeSignal { PostgresChangeSignal(pool: database) }

    /// The store's schema, as migrations of the module `caldav`.
    public static var migrator: PostgresMigrator { Schema.migrator }

    /// A store over `database`, whose schema it first brings up to date. Other modules
    /// may keep their own tables (and migrations) in the same database.
    /// - Parameter clock: seconds since the epoch, for creation and modification times.
    /// - Throws: ``StoreError/Code/unavailable`` when the database cannot be reached or migrated.
    public init(database: PostgresPool, clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) async throws(StoreError) {
        do {
            try await Schema.migrator.migrate(database)
            database.movesChangeStamp()
        } catch {
            throw Self.storeError(error)
        }
        self.database = database
        self.clock = clock
    }

    /// Connects to the database at `location` and opens a store over it; see ``init(database:clock:)``.
    /// - Parameters:
    ///   - connectionTimeout: the longest an operation waits for a connection.
    ///   - maximumConnections: the most connections the store's pool keeps open.
    public static func open(
        location: PostgresLocation, connectionTimeout: Duration = .seconds(10), maximumConnections: Int = 20,
        clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }
    ) async throws(StoreError) -> PostgresCalendarStore {
        let database = PostgresPool(location: location, connectionTimeout: connectionTimeout, maximumConnections: maximumConnections)
        do {
            return try await PostgresCalendarStore(database: database, clock: clock)
        } catch {
            await database.close()
            throw error
        }
    }

    /// Closes the store's database connections. Every later call fails with ``StoreError/Code/unavailable``.
    public func close() async {
        await database.close()
    }

    // MARK: Collections

    public func calendars(of owner: String) async throws(StoreError) -> [CalendarCollection] {
        try await lookup { connection in
            try Self.collections(try await connection.rows("\(unescaped: Self.calendarWithProperties) WHERE c.owner = \(owner) ORDER BY c.name, c.id"))
        }
    }

    public func calendar(_ reference: CalendarReference) async throws(StoreError) -> CalendarCollection? {
        try await lookup { connection in
            try Self.collections(try await connection.rows("""
                \(unescaped: Self.calendarWithProperties) WHERE c.owner = \(reference.owner) AND c.name = \(reference.name)
                """)).first
        }
    }

    public func createCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        let now = clock()
        let taken = StoreError(.alreadyExists, "calendar \(collection.reference) exists")
        try await write(uniqueViolation: taken) { connection in
            _ = try await Self.insertCalendar(collection, createdAt: now, syncID: CalendarCollection.newSyncID(), taken: taken, connection)
        }
    }

    public func importCalendar(_ calendar: ImportedCalendar) async throws(StoreError) {
        try calendar.checkUniqueUIDs()
        let collection = calendar.collection
        let taken = StoreError(.alreadyExists, "calendar \(collection.reference) exists")
        try await write(uniqueViolation: taken) { connection in
            let id = try await Self.insertCalendar(collection, createdAt: collection.createdAt, syncID: collection.syncID, taken: taken, connection)
            for imported in calendar.objects { try await Self.upsert(imported.object, calendar: id, index: imported.index, connection) }
            for change in calendar.changes { try await Self.logChange(calendar: id, position: change.position, name: change.name, connection) }
            try await connection.run("UPDATE calendar SET change_position = \(collection.changePosition) WHERE id = \(id)")
        }
    }

    /// A new calendar's row and properties, at change position 0; its id, or `taken`.
    private static func insertCalendar(_ collection: CalendarCollection, createdAt: Int, syncID: String, taken: StoreError,
                                       _ connection: PostgresConnection) async throws -> Int64 {
        let reference = collection.reference
        // A calendar and a top-level plain collection never share a name: both sides
        // check the other under the owner's lock.
        try await OwnerLock.take(reference.owner, connection)
        let existing = try await connection.row("""
            SELECT 1 FROM calendar WHERE owner = \(reference.owner) AND name = \(reference.name)
            UNION ALL SELECT 1 FROM web_resource WHERE owner = \(reference.owner) AND parent_id IS NULL AND name = \(reference.name)
            """)
        if existing != nil { throw taken }
        guard let row = try await connection.row("""
            INSERT INTO calendar (owner, name, components, change_position, created_at, sync_id)
            VALUES (\(reference.owner), \(reference.name), '', 0, \(createdAt), \(syncID)) RETURNING id
            """) else { throw StoreError(.unavailable, "the calendar could not be created") }
        let id = try row.get("id", as: Int64.self)
        try await saveProperties(collection, id: id, connection)
        return id
    }

    public func updateCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        try await write { connection in
            let (id, _) = try await Self.lockCalendar(collection.reference, connection)
            try await Self.saveProperties(collection, id: id, connection)
        }
    }

    public func deleteCalendar(_ reference: CalendarReference) async throws(StoreError) {
        try await write { connection in
            let deleted = try await connection.row("DELETE FROM calendar WHERE owner = \(reference.owner) AND name = \(reference.name) RETURNING id")
            if deleted == nil { throw StoreError(.notFound, "no calendar \(reference)") }
        }
    }

    // MARK: Objects

    // Object reads are one statement each: the calendar's row LEFT JOINed with the objects
    // that match, so that no row at all means no calendar (see `joinedObjects`).

    public func objects(in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try Self.joinedObjects(try await lookup { connection in
            try await connection.rows("""
                SELECT \(unescaped: Self.joinedObjectColumns) FROM calendar c LEFT JOIN calendar_object o ON o.calendar_id = c.id
                WHERE c.owner = \(reference.owner) AND c.name = \(reference.name) ORDER BY o.name
                """)
        }, reference)
    }

    public func listing(of reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        let rows = try await lookup { connection in
            try await connection.rows("""
                SELECT c.id AS calendar_id, o.name, octet_length(o.data) AS size, o.etag, o.uid, o.component_type, o.last_modified
                FROM calendar c LEFT JOIN calendar_object o ON o.calendar_id = c.id
                WHERE c.owner = \(reference.owner) AND c.name = \(reference.name) ORDER BY o.name
                """)
        }
        guard !rows.isEmpty else { throw StoreError(.notFound, "no calendar \(reference)") }
        do {
            return try rows.filter { try $0.get("name", as: String?.self) != nil }.map { row in
                .listed(name: try row.get("name"), size: try row.get("size"), etag: try row.get("etag"), uid: try row.get("uid"),
                        componentType: try row.get("component_type"), lastModified: try row.get("last_modified"))
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    public func objects(named names: [String], in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        let objects = try Self.joinedObjects(try await lookup { connection in
            try await connection.rows("""
                SELECT \(unescaped: Self.joinedObjectColumns) FROM calendar c
                LEFT JOIN calendar_object o ON o.calendar_id = c.id AND o.name = ANY(\(names))
                WHERE c.owner = \(reference.owner) AND c.name = \(reference.name)
                """)
        }, reference)
        let found = Dictionary(objects.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return names.compactMap { found[$0] }
    }

    /// The candidates query: the same rule as ``CalendarObjectIndex/mayOverlap(_:)``, an
    /// open end (a NULL parameter) dropping its clause. Parameters are planned with their
    /// values, so the NULL tests fold away and `calendar_object_span` serves the rest.
    public func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject] {
        try Self.joinedObjects(try await lookup { connection in
            try await connection.rows("""
                SELECT \(unescaped: Self.joinedObjectColumns), o.single_instance, o.first_start, o.last_end FROM calendar c LEFT JOIN calendar_object o ON o.calendar_id = c.id
                AND (\(componentType)::text IS NULL OR o.component_type = \(componentType))
                AND (\(range.end)::bigint IS NULL OR o.first_start IS NULL OR o.first_start < \(range.end))
                AND (\(range.start)::bigint IS NULL OR o.last_end IS NULL OR o.last_end >= \(range.start))
                WHERE c.owner = \(reference.owner) AND c.name = \(reference.name) ORDER BY o.name
                """)
        }, reference)
    }

    public func putObject(
        named name: String, data: [UInt8], index: CalendarObjectIndex,
        in reference: CalendarReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        let now = clock()
        let clash = StoreError(.uidConflict, "UID \(index.uid) is already used in \(reference)")
        return try await write(uniqueViolation: clash) { connection in
            let (id, position) = try await Self.lockCalendar(reference, connection)
            let existing = try await connection.row("SELECT etag FROM calendar_object WHERE calendar_id = \(id) AND name = \(name)")
                .map { try $0.get("etag", as: String.self) }
            guard precondition.isSatisfied(by: existing) else {
                throw StoreError(.preconditionFailed, "\(name): the precondition does not hold")
            }
            if let holder = try await connection.row("""
                SELECT name FROM calendar_object WHERE calendar_id = \(id) AND uid = \(index.uid) AND name <> \(name)
                """) {
                let holderName = try holder.get("name", as: String.self)
                throw StoreError(.uidConflict, "UID \(index.uid) is already used by \(holderName)", existingName: holderName)
            }
            let next = position + 1
            let object = CalendarObject(name: name, data: data, etag: EntityTag.make(position: next, data: data),
                                        uid: index.uid, componentType: index.componentType, lastModified: now)
            try await Self.upsert(object, calendar: id, index: index, connection)
            try await Self.logChange(calendar: id, position: next, name: name, connection)
            return (object, existing == nil)
        }
    }

    public func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) async throws(StoreError) {
        try await write { connection in
            let (id, position) = try await Self.lockCalendar(reference, connection)
            guard let etag = try await connection.row("SELECT etag FROM calendar_object WHERE calendar_id = \(id) AND name = \(name)")
                .map({ try $0.get("etag", as: String.self) }) else {
                throw StoreError(.notFound, "no object \(name)")
            }
            guard precondition.isSatisfied(by: etag) else { throw StoreError(.preconditionFailed, "\(name): the precondition does not hold") }
            try await connection.run("DELETE FROM calendar_object WHERE calendar_id = \(id) AND name = \(name)")
            try await Self.logChange(calendar: id, position: position + 1, name: name, connection)
        }
    }

    public func transferObject(
        named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference,
        keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        let now = clock()
        return try await write { connection in
            // Both calendars' rows, locked in id order so opposite transfers cannot deadlock.
            var locked: [CalendarReference: (id: Int64, position: Int64)] = [:]
            for row in try await connection.rows("""
                SELECT id, owner, name, change_position FROM calendar
                WHERE (owner = \(origin.owner) AND name = \(origin.name)) OR (owner = \(destination.owner) AND name = \(destination.name))
                ORDER BY id FOR UPDATE
                """) {
                locked[CalendarReference(owner: try row.get("owner"), name: try row.get("name"))] = (try row.get("id"), try row.get("change_position"))
            }
            guard let (originID, originPosition) = locked[origin] else { throw StoreError(.notFound, "no calendar \(origin)") }
            guard let row = try await connection.row("SELECT * FROM calendar_object WHERE calendar_id = \(originID) AND name = \(source)") else {
                throw StoreError(.notFound, "no object \(source)")
            }
            let stored = try Self.object(row)
            if origin == destination && source == name { return (stored, false) }
            guard let (targetID, targetPosition) = locked[destination] else { throw StoreError(.notFound, "no calendar \(destination)") }
            let exists = try await connection.row("SELECT 1 FROM calendar_object WHERE calendar_id = \(targetID) AND name = \(name)") != nil
            if exists && !overwrite { throw StoreError(.preconditionFailed, "\(name) exists and Overwrite is F") }
            let movingWithin = !keepSource && origin == destination
            let spared = movingWithin ? source : name
            if let holder = try await connection.row("""
                SELECT name FROM calendar_object WHERE calendar_id = \(targetID) AND uid = \(stored.uid) AND name <> \(name) AND name <> \(spared)
                """) {
                let holderName = try holder.get("name", as: String.self)
                throw StoreError(.uidConflict, "UID \(stored.uid) is already used by \(holderName)", existingName: holderName)
            }
            var next = targetPosition + 1
            if !keepSource {
                try await connection.run("DELETE FROM calendar_object WHERE calendar_id = \(originID) AND name = \(source)")
                try await Self.logChange(calendar: originID, position: originPosition + 1, name: source, connection)
                if movingWithin { next = originPosition + 2 }
            }
            let object = CalendarObject(name: name, data: stored.data, etag: EntityTag.make(position: next, data: stored.data),
                                        uid: stored.uid, componentType: stored.componentType, lastModified: now)
            let index = CalendarObjectIndex(uid: stored.uid, componentType: stored.componentType, firstStart: try row.get("first_start", as: Int?.self),
                                            lastEnd: try row.get("last_end", as: Int?.self), isSingleInstance: try row.get("single_instance", as: Bool.self))
            try await Self.upsert(object, calendar: targetID, index: index, connection)
            try await Self.logChange(calendar: targetID, position: next, name: name, connection)
            return (object, !exists)
        }
    }

    // MARK: Changes

    public func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await read { connection in
            let (id, current) = try await Self.requireCalendar(reference, connection)
            return try await Self.changeLog.changes(in: id, current: current, since: position, limit: limit, collection: reference.description, connection)
        }
    }

    /// The calendars' change log.
    static let changeLog = PostgresChangeLog(table: "change_log", members: "calendar_object", collectionColumn: "calendar_id", collections: "calendar")

    // MARK: Rows

    /// The calendar's id and change position, or ``StoreError/Code/notFound``.
    private static func requireCalendar(_ reference: CalendarReference, _ connection: PostgresConnection) async throws -> (id: Int64, position: Int64) {
        guard let row = try await connection.row("""
            SELECT id, change_position FROM calendar WHERE owner = \(reference.owner) AND name = \(reference.name)
            """) else {
            throw StoreError(.notFound, "no calendar \(reference)")
        }
        return (try row.get("id"), try row.get("change_position"))
    }

    /// ``requireCalendar(_:_:)`` with the calendar's row locked until the transaction
    /// ends: the writers of one calendar queue here, in every instance.
    private static func lockCalendar(_ reference: CalendarReference, _ connection: PostgresConnection) async throws -> (id: Int64, position: Int64) {
        guard let row = try await connection.row("""
            SELECT id, change_position FROM calendar WHERE owner = \(reference.owner) AND name = \(reference.name) FOR UPDATE
            """) else {
            throw StoreError(.notFound, "no calendar \(reference)")
        }
        return (try row.get("id"), try row.get("change_position"))
    }

    /// Inserts or replaces an object row with its index span.
    private static func upsert(_ object: CalendarObject, calendar id: Int64, index: CalendarObjectIndex, _ connection: PostgresConnection) async throws {
        try await connection.run("""
            INSERT INTO calendar_object (calendar_id, name, data, etag, uid, component_type, first_start, last_end, single_instance, last_modified)
            VALUES (\(id), \(object.name), \(object.data.bytea), \(object.etag), \(object.uid), \(object.componentType), \(index.firstStart),
                    \(index.lastEnd), \(index.isSingleInstance), \(object.lastModified))
            ON CONFLICT (calendar_id, name) DO UPDATE SET data = excluded.data, etag = excluded.etag, uid = excluded.uid,
                component_type = excluded.component_type, first_start = excluded.first_start, last_end = excluded.last_end,
                single_instance = excluded.single_instance, last_modified = excluded.last_modified
            """)
    }

    private static func logChange(calendar id: Int64, position: Int64, name: String, _ connection: PostgresConnection) async throws {
        try await changeLog.record(collection: id, position: position, name: name, connection)
    }

    private static func saveProperties(_ collection: CalendarCollection, id: Int64, _ connection: PostgresConnection) async throws {
        let components = collection.supportedComponents.sorted().joined(separator: ",")
        try await connection.run("""
            UPDATE calendar SET display_name = \(collection.displayName), description = \(collection.calendarDescription),
                color = \(collection.color), sort_order = \(collection.order), time_zone = \(collection.timeZone), components = \(components)
            WHERE id = \(id)
            """)
        try await connection.run("DELETE FROM dead_property WHERE calendar_id = \(id)")
        for (name, xml) in collection.deadProperties {
            try await connection.run("""
                INSERT INTO dead_property (calendar_id, namespace, local_name, xml) VALUES (\(id), \(name.namespace), \(name.local), \(xml.bytea))
                """)
        }
    }

    /// A calendar's columns with its dead properties, one row per property (one row with
    /// NULL property columns when it has none); ``collections(_:)`` folds them.
    static let calendarWithProperties = """
        SELECT c.*, d.namespace, d.local_name, d.xml FROM calendar c LEFT JOIN dead_property d ON d.calendar_id = c.id
        """

    /// Calendars from ``calendarWithProperties`` rows, in the rows' order.
    private static func collections(_ rows: [PostgresRandomAccessRow]) throws -> [CalendarCollection] {
        var collections: [CalendarCollection] = []
        var lastID: Int64?
        for row in rows {
            let id: Int64 = try row.get("id")
            if id != lastID {
                let components: String = try row.get("components")
                collections.append(CalendarCollection(
                    reference: CalendarReference(owner: try row.get("owner"), name: try row.get("name")),
                    displayName: try row.get("display_name"), calendarDescription: try row.get("description"),
                    color: try row.get("color"), order: try row.get("sort_order"), timeZone: try row.get("time_zone"),
                    supportedComponents: Set(components.split(separator: ",").map(String.init)),
                    deadProperties: [:], changePosition: try row.get("change_position"),
                    createdAt: try row.get("created_at"), syncID: try row.get("sync_id")))
                lastID = id
            }
            if let namespace = try row.get("namespace", as: String?.self) {
                let name = DAVXML.Name(namespace, try row.get("local_name", as: String.self))
                collections[collections.count - 1].deadProperties[name] = try row.bytes("xml")
            }
        }
        return collections
    }

    /// The object columns of a `calendar c LEFT JOIN calendar_object o` read.
    static let joinedObjectColumns = "c.id AS calendar_id, o.name, o.data, o.etag, o.uid, o.component_type, o.last_modified"

    /// The objects of a ``joinedObjectColumns`` read: no rows means no calendar; a calendar
    /// without a match gives one row whose object columns are NULL.
    private static func joinedObjects(_ rows: [PostgresRandomAccessRow], _ reference: CalendarReference) throws(StoreError) -> [CalendarObject] {
        guard !rows.isEmpty else { throw StoreError(.notFound, "no calendar \(reference)") }
        do {
            return try rows.filter { try $0.get("name", as: String?.self) != nil }.map(object)
        } catch {
            throw storeError(error)
        }
    }

    /// An object from a row; with the single instance when the row has `single_instance`
    /// (a time-range read) and it is set.
    private static func object(_ row: PostgresRandomAccessRow) throws -> CalendarObject {
        var object = CalendarObject(name: try row.get("name"), data: try row.bytes("data"), etag: try row.get("etag"), uid: try row.get("uid"),
                                    componentType: try row.get("component_type"), lastModified: try row.get("last_modified"))
        if row.contains("single_instance"), try row.get("single_instance", as: Bool?.self) == true,
           let start = try row.get("first_start", as: Int?.self), let end = try row.get("last_end", as: Int?.self) {
            object.singleInstance = InstanceSpan(start: start, end: end)
        }
        return object
    }

    // MARK: Transactions and errors

    /// Runs a read of one statement, which needs no transaction.
    func lookup<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        try await database.storeLookup(body)
    }

    /// Runs a read in one snapshot.
    func read<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        try await database.storeRead(body)
    }

    /// Runs a write transaction; any error rolls it back (see ``PostgresPool/storeWrite(uniqueViolation:_:)``).
    func write<T: Sendable>(
        uniqueViolation: StoreError? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(StoreError) -> T {
        try await database.storeWrite(uniqueViolation: uniqueViolation, body)
    }

    static func storeError(_ error: any Error, uniqueViolation: StoreError? = nil) -> StoreError {
        PostgresPool.storeError(error, uniqueViolation: uniqueViolation)
    }
}
