import Synchronization

/// A ``CalendarStore`` for the length of one request: it remembers the collections it
/// looked up, so the several steps of one request (is this a plain path, which
/// collection, which object) read each collection once. Any write through it forgets
/// them all, so a step after a write sees the write.
final class RequestScopedStore: CalendarStore {
    private let base: any CalendarStore
    private let collections = Mutex<[CalendarReference: CalendarCollection?]>([:])

    init(_ base: any CalendarStore) {
        self.base = base
    }

    func calendar(_ reference: CalendarReference) async throws(StoreError) -> CalendarCollection? {
        if let known = collections.withLock({ $0[reference] }) { return known }
        let found = try await base.calendar(reference)
        collections.withLock { $0[reference] = .some(found) }
        return found
    }

    func calendars(of owner: String) async throws(StoreError) -> [CalendarCollection] {
        try await base.calendars(of: owner)
    }

    func objects(in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await base.objects(in: reference)
    }

    func objects(named names: [String], in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await base.objects(named: names, in: reference)
    }

    func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject] {
        try await base.objects(in: reference, overlapping: range, componentType: componentType)
    }

    func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await base.changes(in: reference, since: position, limit: limit)
    }

    // MARK: Writes

    func createCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        forget()
        try await base.createCalendar(collection)
    }

    func updateCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        forget()
        try await base.updateCalendar(collection)
    }

    func deleteCalendar(_ reference: CalendarReference) async throws(StoreError) {
        forget()
        try await base.deleteCalendar(reference)
    }

    func putObject(
        named name: String, data: [UInt8], index: CalendarObjectIndex,
        in reference: CalendarReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        forget()
        return try await base.putObject(named: name, data: data, index: index, in: reference, precondition: precondition)
    }

    func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) async throws(StoreError) {
        forget()
        try await base.deleteObject(named: name, in: reference, precondition: precondition)
    }

    func transferObject(
        named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference,
        keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        forget()
        return try await base.transferObject(named: source, in: origin, to: name, in: destination, keepSource: keepSource, overwrite: overwrite)
    }

    /// Forgets before and writes after: a write that fails half-way still leaves nothing stale.
    private func forget() {
        collections.withLock { $0.removeAll() }
    }
}
