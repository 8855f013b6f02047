import CalDAVCore
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
        var objects: [String: Stored] = [:]
        /// (position, object name), ascending: each name's latest write only, as SQLite keeps it.
        var log: [(position: Int64, name: String)] = []

        mutating func logChange(_ position: Int64, _ name: String) {
            log.removeAll { $0.name == name }
            log.append((position, name))
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
        try entry(reference).objects.values.map(\.object).sorted { $0.name < $1.name }
    }

    public func objects(named names: [String], in reference: CalendarReference) throws(StoreError) -> [CalendarObject] {
        let entry = try entry(reference)
        return names.compactMap { entry.objects[$0]?.object }
    }

    public func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) throws(StoreError) -> [CalendarObject] {
        try entry(reference).objects.values
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
        if let holder = entry.objects.values.first(where: { $0.index.uid == index.uid && $0.object.name != name }) {
            throw StoreError(.uidConflict, "UID \(index.uid) is already used by \(holder.object.name)", existingName: holder.object.name)
        }
        let position = entry.collection.changePosition + 1
        let object = CalendarObject(name: name, data: data, etag: "\"m\(position)\"", uid: index.uid,
                                    componentType: index.componentType, lastModified: clock())
        entry.objects[name] = Stored(object: object, index: index)
        entry.collection.changePosition = position
        entry.logChange(position, name)
        entries[reference] = entry
        return (object, existing == nil)
    }

    public func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) throws(StoreError) {
        var entry = try entry(reference)
        guard let existing = entry.objects[name] else { throw StoreError(.notFound, "no object \(name)") }
        guard precondition.isSatisfied(by: existing.object.etag) else {
            throw StoreError(.preconditionFailed, "\(name): the precondition does not hold")
        }
        entry.objects[name] = nil
        entry.collection.changePosition += 1
        entry.logChange(entry.collection.changePosition, name)
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
        if let holder = target.objects.values.first(where: {
            $0.index.uid == stored.index.uid && $0.object.name != name && !(movingWithin && $0.object.name == source)
        }) {
            throw StoreError(.uidConflict, "UID \(stored.index.uid) is already used by \(holder.object.name)", existingName: holder.object.name)
        }
        if !keepSource {
            var from = try entry(origin)
            from.objects[source] = nil
            from.collection.changePosition += 1
            from.logChange(from.collection.changePosition, source)
            entries[origin] = from
        }
        var to = try entry(destination)
        let position = to.collection.changePosition + 1
        var object = stored.object
        object.name = name
        object.etag = "\"m\(position)\""
        object.lastModified = clock()
        to.objects[name] = Stored(object: object, index: stored.index)
        to.collection.changePosition = position
        to.logChange(position, name)
        entries[destination] = to
        return (object, !exists)
    }

    public func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) throws(StoreError) -> ChangeSet {
        let entry = try entry(reference)
        let current = entry.collection.changePosition
        guard let position else {
            let names = entry.objects.keys.sorted()
            guard let limit, names.count > limit else {
                return ChangeSet(position: current, changed: names, deleted: [], isTruncated: false)
            }
            // A paged initial sync: live objects in the order of the log.
            var folder = ChangeLogFolder(after: 0, limit: limit)
            for item in entry.log {
                if entry.objects[item.name] == nil { folder.pass(position: item.position) } else if !folder.add(position: item.position, name: item.name) { break }
            }
            return ChangeSet(position: folder.reached, changed: folder.names, deleted: [], isTruncated: folder.reached < current)
        }
        guard position >= 0, position <= current else {
            throw StoreError(.invalidSyncToken, "sync position \(position) was not issued by \(reference)")
        }
        var folder = ChangeLogFolder(after: position, limit: limit)
        for item in entry.log where item.position > position {
            if !folder.add(position: item.position, name: item.name) { break }
        }
        let (order, reached) = (folder.names, folder.reached)
        let changed = order.filter { entry.objects[$0] != nil }
        let deleted = order.filter { entry.objects[$0] == nil }
        return ChangeSet(position: reached, changed: changed, deleted: deleted, isTruncated: reached < current)
    }

    private func entry(_ reference: CalendarReference) throws(StoreError) -> Entry {
        guard let entry = entries[reference] else { throw StoreError(.notFound, "no calendar \(reference)") }
        return entry
    }
}
