import CalDAVCore
import DAVTesting
import WebDAV

/// A ``CalendarStore`` held in memory, for tests and as the reference the conformance
/// suite is written against. Each collection keeps each name's latest change.
public actor InMemoryCalendarStore: CalendarStore {
    private struct Stored {
        var object: CalendarObject
        var index: CalendarObjectIndex
    }

    private struct Entry {
        var collection: CalendarCollection
        var objects = LoggedMembers<Stored>()

        /// Stores (or removes) `name` as the next change.
        mutating func set(_ name: String, _ stored: Stored?) {
            objects.set(name, stored)
            collection.changePosition = objects.position
        }
    }

    private var entries: [CalendarReference: Entry] = [:] {
        didSet { changes.advance() }
    }
    /// Moves after every write, for caches over this store (``CachedCalendarStore``-style decorators).
    public nonisolated let changes = CountingChangeSignal()
    private var clock: @Sendable () -> Int

    /// - Parameter clock: seconds since the epoch, for creation and modification times.
    public init(clock: @escaping @Sendable () -> Int = { 1_800_000_000 }) {
        self.clock = clock
    }

    public func calendars(of owner: String) throws(StoreError) -> [CalendarCollection] {
        entries.values.map(\.collection).filter { $0.reference.owner == owner }.sorted { $0.reference.name < $1.reference.name }
    }

    public func calendar(_ reference: CalendarReference) throws(StoreError) -> CalendarCollection? {
        entries[reference]?.collection
    }

    public func createCalendar(_ collection: CalendarCollection) throws(StoreError) {
        guard entries[collection.reference] == nil else {
            throw StoreError(.alreadyExists, "calendar \(collection.reference) exists")
        }
        var created = collection
        created.changePosition = 0
        created.createdAt = clock()
        created.syncID = CalendarCollection.newSyncID()
        entries[collection.reference] = Entry(collection: created)
    }

    public func importCalendar(_ calendar: ImportedCalendar) throws(StoreError) {
        try calendar.checkUniqueUIDs()
        guard entries[calendar.collection.reference] == nil else {
            throw StoreError(.alreadyExists, "calendar \(calendar.collection.reference) exists")
        }
        let members = Dictionary(calendar.objects.map { ($0.name, Stored(object: $0.object, index: $0.index)) }, uniquingKeysWith: { $1 })
        entries[calendar.collection.reference] = Entry(collection: calendar.collection,
                                                       objects: LoggedMembers(members: members, changes: calendar.changes,
                                                                              position: calendar.collection.changePosition))
    }

    public func updateCalendar(_ collection: CalendarCollection) throws(StoreError) {
        guard var entry = entries[collection.reference] else { throw StoreError(.notFound, "no calendar \(collection.reference)") }
        var updated = collection
        updated.changePosition = entry.collection.changePosition
        updated.createdAt = entry.collection.createdAt
        updated.syncID = entry.collection.syncID
        entry.collection = updated
        entries[collection.reference] = entry
    }

    public func deleteCalendar(_ reference: CalendarReference) throws(StoreError) {
        guard entries.removeValue(forKey: reference) != nil else { throw StoreError(.notFound, "no calendar \(reference)") }
    }

    public func objects(in reference: CalendarReference) throws(StoreError) -> [CalendarObject] {
        try entry(reference).objects.members.values.map(\.object).sorted { $0.name < $1.name }
    }

    public func objects(named names: [String], in reference: CalendarReference) throws(StoreError) -> [CalendarObject] {
        let entry = try entry(reference)
        return names.compactMap { entry.objects[$0]?.object }
    }

    public func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) throws(StoreError) -> [CalendarObject] {
        try entry(reference).objects.members.values
            .filter { (componentType == nil || $0.index.componentType == componentType) && $0.index.mayOverlap(range) }
            .map { stored in
                var object = stored.object
                object.singleInstance = stored.index.singleInstance
                return object
            }.sorted { $0.name < $1.name }
    }

    public func putObject(
        named name: String, data: [UInt8], index: CalendarObjectIndex,
        in reference: CalendarReference, precondition: WritePrecondition
    ) throws(StoreError) -> (object: CalendarObject, created: Bool) {
        var entry = try entry(reference)
        let existing = entry.objects[name]
        guard precondition.isSatisfied(by: existing?.object.etag) else {
            throw StoreError(.preconditionFailed, "\(name): the precondition does not hold")
        }
        if let holder = entry.objects.members.values.first(where: { $0.index.uid == index.uid && $0.object.name != name }) {
            throw StoreError(.uidConflict, "UID \(index.uid) is already used by \(holder.object.name)", existingName: holder.object.name)
        }
        let object = CalendarObject(name: name, data: data, etag: "\"m\(entry.objects.nextPosition)\"", uid: index.uid,
                                    componentType: index.componentType, lastModified: clock())
        entry.set(name, Stored(object: object, index: index))
        entries[reference] = entry
        return (object, existing == nil)
    }

    public func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) throws(StoreError) {
        var entry = try entry(reference)
        guard let existing = entry.objects[name] else { throw StoreError(.notFound, "no object \(name)") }
        guard precondition.isSatisfied(by: existing.object.etag) else {
            throw StoreError(.preconditionFailed, "\(name): the precondition does not hold")
        }
        entry.set(name, nil)
        entries[reference] = entry
    }

    public func transferObject(
        named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference,
        keepSource: Bool, overwrite: Bool
    ) throws(StoreError) -> (object: CalendarObject, created: Bool) {
        guard let stored = try entry(origin).objects[source] else { throw StoreError(.notFound, "no object \(source)") }
        if origin == destination && source == name { return (stored.object, false) }
        let target = try entry(destination)
        let exists = target.objects[name] != nil
        if exists && !overwrite { throw StoreError(.preconditionFailed, "\(name) exists and Overwrite is F") }
        let movingWithin = !keepSource && origin == destination
        if let holder = target.objects.members.values.first(where: {
            $0.index.uid == stored.index.uid && $0.object.name != name && !(movingWithin && $0.object.name == source)
        }) {
            throw StoreError(.uidConflict, "UID \(stored.index.uid) is already used by \(holder.object.name)", existingName: holder.object.name)
        }
        if !keepSource {
            var from = try entry(origin)
            from.set(source, nil)
            entries[origin] = from
        }
        var to = try entry(destination)
        var object = stored.object
        object.name = name
        object.etag = "\"m\(to.objects.nextPosition)\""
        object.lastModified = clock()
        to.set(name, Stored(object: object, index: stored.index))
        entries[destination] = to
        return (object, !exists)
    }

    public func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) throws(StoreError) -> ChangeSet {
        try entry(reference).objects.changes(since: position, limit: limit, of: reference.description)
    }

    private func entry(_ reference: CalendarReference) throws(StoreError) -> Entry {
        guard let entry = entries[reference] else { throw StoreError(.notFound, "no calendar \(reference)") }
        return entry
    }
}
