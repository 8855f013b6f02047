import WebDAV

/// The storage a CalDAV server needs, in domain terms only: no HTTP, no XML on the wire.
///
/// A store keeps calendar collections per owner and the exact bytes of each calendar
/// object with its strong ETag and index row. Every write is atomic: it either happens
/// whole, with one entry appended to the collection's change log, or not at all. The
/// change log gives sync tokens (RFC 6578) and getctag. UIDs are unique per collection
/// (RFC 4791 §5.3.2.1, `no-uid-conflict`). Special collections (computed prayer times,
/// chat events) implement this same protocol, as a third party would.
public protocol CalendarStore: Sendable {
    /// The collections of `owner`, ordered by name.
    func calendars(of owner: String) async throws(StoreError) -> [CalendarCollection]

    /// One collection, or `nil` when it does not exist.
    func calendar(_ reference: CalendarReference) async throws(StoreError) -> CalendarCollection?

    /// Creates a collection. Throws ``StoreError/Code/alreadyExists`` if the name is taken.
    func createCalendar(_ collection: CalendarCollection) async throws(StoreError)

    /// Replaces the collection's properties (display name, description, color, order,
    /// time zone, supported components, dead properties) in one write. The change
    /// position is the store's to manage and is ignored here.
    func updateCalendar(_ collection: CalendarCollection) async throws(StoreError)

    /// Deletes a collection with all its objects and its change log.
    func deleteCalendar(_ reference: CalendarReference) async throws(StoreError)

    /// Every object of the collection, ordered by name.
    func objects(in reference: CalendarReference) async throws(StoreError) -> [CalendarObject]

    /// Every object of the collection, ordered by name, without its data (an empty
    /// ``CalendarObject/data``, the stored ``CalendarObject/size``): what a listing
    /// (PROPFIND Depth 1) shows. Throws ``StoreError/Code/notFound`` when the collection
    /// does not exist.
    ///
    /// The default reads ``objects(in:)`` and drops the data; a store that can leave the
    /// data unread should.
    func listing(of reference: CalendarReference) async throws(StoreError) -> [CalendarObject]

    /// The objects with these names, in the order given; missing names are left out.
    /// Throws ``StoreError/Code/notFound`` when the collection does not exist (an empty
    /// answer always means a collection without those names).
    func objects(named names: [String], in reference: CalendarReference) async throws(StoreError) -> [CalendarObject]

    /// A collection and, when `name` is given, the object stored under that name in it, in
    /// one step: what resolving a request path needs. `nil` when the collection does not
    /// exist; a `nil` object when it holds no such name.
    ///
    /// The default asks ``calendar(_:)`` and then ``objects(named:in:)``; a store that can
    /// answer both with one read should.
    func lookup(_ reference: CalendarReference, object name: String?) async throws(StoreError) -> CalendarLookup?

    /// The objects whose index may overlap `range` and, when given, have that component
    /// type. Candidates only: the caller confirms each exactly with ICalendar.
    func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject]

    /// Stores `data` under `name`, if `precondition` holds for the current ETag.
    ///
    /// Throws ``StoreError/Code/uidConflict`` (with the holder's name) when another object
    /// has `index.uid`, ``StoreError/Code/preconditionFailed`` when the precondition fails,
    /// ``StoreError/Code/notFound`` when the collection does not exist.
    /// - Returns: the stored object and whether it was created (rather than replaced).
    func putObject(
        named name: String, data: [UInt8], index: CalendarObjectIndex,
        in reference: CalendarReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool)

    /// Deletes an object, if `precondition` holds for its ETag.
    func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) async throws(StoreError)

    /// Copies or moves an object to `name` in `destination` in one write (COPY and MOVE,
    /// RFC 4918 §9.8, §9.9); the stored bytes and index row travel unchanged.
    ///
    /// Throws ``StoreError/Code/notFound`` when the source or the destination collection
    /// is missing, ``StoreError/Code/preconditionFailed`` when the target exists and
    /// `overwrite` is false, ``StoreError/Code/uidConflict`` when another object in the
    /// destination holds the UID.
    /// - Returns: the object at its new place and whether it was created there.
    func transferObject(
        named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference,
        keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool)

    /// What changed after change-log position `position` (`nil`: everything present now),
    /// at most `limit` names when given.
    func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet

    /// Stores a calendar brought from another server, its objects and its change log, in one
    /// write: the objects keep their names, bytes and ETags, the calendar its sync id and
    /// change position (``ImportedCalendar``).
    ///
    /// Throws ``StoreError/Code/alreadyExists`` when the name is taken (also by a plain
    /// collection), ``StoreError/Code/uidConflict`` when two objects share a UID.
    func importCalendar(_ calendar: ImportedCalendar) async throws(StoreError)
}

extension CalendarStore {
    public func listing(of reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await objects(in: reference).map(\.withoutData)
    }

    public func lookup(_ reference: CalendarReference, object name: String?) async throws(StoreError) -> CalendarLookup? {
        guard let collection = try await calendar(reference) else { return nil }
        guard let name else { return CalendarLookup(collection: collection, object: nil) }
        do {
            return CalendarLookup(collection: collection, object: try await objects(named: [name], in: reference).first)
        } catch where error.code == .notFound {
            return nil  // deleted between the two reads
        }
    }

    /// The name of the object with this UID in the collection, if any (UIDs are unique per
    /// collection). Reads the listing; a store with an index on UIDs should answer from it.
    public func objectName(withUID uid: String, in reference: CalendarReference) async throws(StoreError) -> String? {
        try await listing(of: reference).first { $0.uid == uid }?.name
    }

    /// One object, or `nil` when it does not exist.
    public func object(named name: String, in reference: CalendarReference) async throws(StoreError) -> CalendarObject? {
        try await objects(named: [name], in: reference).first
    }
}
