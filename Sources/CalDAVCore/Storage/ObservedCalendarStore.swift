import WebDAV

/// Told after a write to a calendar has committed: what a feature that reacts to changes
/// (pushes that make an app refresh) needs, whoever wrote (a client, a share, a delegate,
/// scheduling, chats).
public protocol CalendarChangeObserver: Sendable {
    /// `calendar` (its owner's reference) changed: its properties, an object, or it was made or deleted.
    /// Called on the writer's task after the commit; it should return at once.
    func calendarChanged(_ calendar: CalendarReference)
}

/// A store decorator that tells a ``CalendarChangeObserver`` of every write that
/// succeeded; reads pass through untouched.
public struct ObservedCalendarStore: CalendarStore {
    public let base: any CalendarStore
    public let observer: any CalendarChangeObserver

    public init(_ base: any CalendarStore, observer: any CalendarChangeObserver) {
        self.base = base
        self.observer = observer
    }

    // MARK: Reads

    public func calendars(of owner: String) async throws(StoreError) -> [CalendarCollection] { try await base.calendars(of: owner) }

    public func calendar(_ reference: CalendarReference) async throws(StoreError) -> CalendarCollection? { try await base.calendar(reference) }

    public func objects(in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] { try await base.objects(in: reference) }

    public func listing(of reference: CalendarReference) async throws(StoreError) -> [CalendarObject] { try await base.listing(of: reference) }

    public func objects(named names: [String], in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await base.objects(named: names, in: reference)
    }

    public func lookup(_ reference: CalendarReference, object name: String?) async throws(StoreError) -> CalendarLookup? {
        try await base.lookup(reference, object: name)
    }

    public func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject] {
        try await base.objects(in: reference, overlapping: range, componentType: componentType)
    }

    public func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await base.changes(in: reference, since: position, limit: limit)
    }

    // MARK: Writes

    public func createCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        try await base.createCalendar(collection)
        observer.calendarChanged(collection.reference)
    }

    public func updateCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        try await base.updateCalendar(collection)
        observer.calendarChanged(collection.reference)
    }

    public func deleteCalendar(_ reference: CalendarReference) async throws(StoreError) {
        try await base.deleteCalendar(reference)
        observer.calendarChanged(reference)
    }

    public func putObject(
        named name: String, data: [UInt8], index: CalendarObjectIndex, in reference: CalendarReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        let stored = try await base.putObject(named: name, data: data, index: index, in: reference, precondition: precondition)
        observer.calendarChanged(reference)
        return stored
    }

    public func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) async throws(StoreError) {
        try await base.deleteObject(named: name, in: reference, precondition: precondition)
        observer.calendarChanged(reference)
    }

    public func transferObject(
        named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference, keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        let moved = try await base.transferObject(named: source, in: origin, to: name, in: destination, keepSource: keepSource, overwrite: overwrite)
        if !keepSource { observer.calendarChanged(origin) }
        observer.calendarChanged(destination)
        return moved
    }

    public func importCalendar(_ calendar: ImportedCalendar) async throws(StoreError) {
        try await base.importCalendar(calendar)
        observer.calendarChanged(calendar.collection.reference)
    }
}
