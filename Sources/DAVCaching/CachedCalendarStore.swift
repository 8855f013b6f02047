import CalDAVCore
import WebDAV

/// A ``CalendarStore`` that keeps what it read from another one while it is current: the
/// one place calendar rows and objects are cached, for any store that has a
/// ``ChangeSignal``.
///
/// Two rules keep it exact:
/// - A calendar row is served again only while the signal's stamp is the one taken before
///   it was read (no commit since, by this process or another).
/// - An object is served again only while its calendar, as read now, still has the sync id
///   and change position it had when the object was read: every write to a calendar's
///   objects moves its position, and a calendar made again under the same name has a new
///   sync id. Writes to other calendars leave it alone.
///
/// Writes go straight to the store underneath; they need not invalidate anything, as the
/// stamp and the position move with them. Without a stamp (the signal cannot tell now)
/// every read goes to the store.
public final class CachedCalendarStore: CalendarStore {
    /// The store underneath.
    public let base: any CalendarStore
    private let cache: CollectionCache<CalendarReference, CalendarCollection, CalendarObject>

    /// - Parameters:
    ///   - base: the store read on a miss and written through.
    ///   - signal: tells when `base` may have changed.
    ///   - rowBytes: memory for calendar rows.
    ///   - objectBytes: memory for objects, their bodies and names.
    public init(_ base: any CalendarStore, signal: any ChangeSignal, rowBytes: Int = 4 << 20, objectBytes: Int = 16 << 20) {
        self.base = base
        cache = CollectionCache(
            signal: signal, rowBytes: rowBytes,
            rowSize: { reference, collection in
                let dead = collection?.deadProperties.values.reduce(0) { $0 + $1.count } ?? 0
                return 512 + reference.owner.utf8.count + reference.name.utf8.count + (collection?.timeZone?.utf8.count ?? 0) + dead
            },
            memberBytes: objectBytes, memberName: \.name,
            memberSize: { $0.data.count + $0.name.utf8.count + $0.etag.utf8.count + $0.uid.utf8.count + 128 },
            version: { ($0.syncID, $0.changePosition) })
    }

    // MARK: Cached reads

    public func calendar(_ reference: CalendarReference) async throws(StoreError) -> CalendarCollection? {
        try await cache.collection(reference, reading: base.calendar)
    }

    public func lookup(_ reference: CalendarReference, object name: String?) async throws(StoreError) -> CalendarLookup? {
        try await cache.lookup(reference, member: name, reading: base.calendar, members: base.objects(named:in:))
            .map { CalendarLookup(collection: $0.collection, object: $0.member) }
    }

    public func objects(named names: [String], in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await cache.members(named: names, in: reference, missing: StoreError(.notFound, "no calendar \(reference)"),
                                reading: base.calendar, members: base.objects(named:in:))
    }

    // MARK: Passed through

    public func calendars(of owner: String) async throws(StoreError) -> [CalendarCollection] {
        try await base.calendars(of: owner)
    }

    public func createCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        try await base.createCalendar(collection)
    }

    public func importCalendar(_ calendar: ImportedCalendar) async throws(StoreError) {
        try await base.importCalendar(calendar)
    }

    public func updateCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        try await base.updateCalendar(collection)
    }

    public func deleteCalendar(_ reference: CalendarReference) async throws(StoreError) {
        try await base.deleteCalendar(reference)
    }

    public func objects(in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await base.objects(in: reference)
    }

    public func listing(of reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await base.listing(of: reference)
    }

    public func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject] {
        try await base.objects(in: reference, overlapping: range, componentType: componentType)
    }

    public func putObject(
        named name: String, data: [UInt8], index: CalendarObjectIndex, in reference: CalendarReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        try await base.putObject(named: name, data: data, index: index, in: reference, precondition: precondition)
    }

    public func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) async throws(StoreError) {
        try await base.deleteObject(named: name, in: reference, precondition: precondition)
    }

    public func transferObject(
        named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference, keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        try await base.transferObject(named: source, in: origin, to: name, in: destination, keepSource: keepSource, overwrite: overwrite)
    }

    public func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await base.changes(in: reference, since: position, limit: limit)
    }
}
