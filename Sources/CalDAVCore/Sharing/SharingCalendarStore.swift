import Foundation
import WebDAV

/// The calendars of a server with sharing: every user's own calendars from a primary store,
/// plus, in a sharee's home, the calendars others shared with them and they accepted. The
/// protocol layer sees one ``CalendarStore`` in which a shared calendar is simply one more
/// calendar of the sharee's, under its own name there (``CollectionShare/mount``), with the
/// sharee's display name and colour, read-only when the share is; its objects, change log
/// and sync tokens are the owner's. Nobody reaches another's home: a sharee reaches the
/// owner's calendar only through the share in their own.
///
/// - A read-only share refuses writes of objects and of the calendar's shared properties
///   with ``StoreError/Code/readOnly``; the sharee's own view (display name, description,
///   colour, order) is theirs to change whatever the access.
/// - Deleting a shared calendar in the sharee's home leaves the share; deleting it in the
///   owner's removes every share of it first.
/// - Objects never move into or out of someone else's calendar (CalendarServer sharing §5.5.5).
/// - Alarms and TRANSP are each person's own (``PerUserData``): objects are read and written
///   through ``PerUserData`` in shared calendars.
public struct SharingCalendarStore: CalendarStore {
    public let primary: any CalendarStore
    public let shares: any CollectionShareStore
    private let clock: @Sendable () -> Int

    public init(primary: any CalendarStore, shares: any CollectionShareStore,
                clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) {
        self.primary = primary
        self.shares = shares
        self.clock = clock
    }

    /// Where a reference leads.
    enum Route {
        /// One of the user's own calendars (or no calendar); the user's shares, to show them.
        case own(SharesOfUser)
        /// Someone else's calendar, through this share.
        case shared(CollectionShare)
    }

    func route(_ reference: CalendarReference) async throws(StoreError) -> Route {
        let (mine, mounted) = try await shares.route(reference.name, of: reference.owner, in: DAVPath.tree)
        return mounted.map(Route.shared) ?? .own(mine)
    }

    static func source(of share: CollectionShare) -> CalendarReference {
        CalendarReference(owner: share.owner, name: share.collection)
    }

    /// The owner's calendar as the sharee sees it.
    private static func view(_ source: CalendarCollection, through share: CollectionShare) -> CalendarCollection {
        var view = source
        view.reference = CalendarReference(owner: share.sharee, name: share.mount ?? share.collection)
        view.displayName = share.displayName ?? source.displayName
        view.calendarDescription = share.calendarDescription ?? source.calendarDescription
        view.color = share.color ?? source.color
        view.order = share.order ?? source.order
        view.isReadOnly = source.isReadOnly || share.access == .read
        view.sharing = .received(share)
        return view
    }

    /// The user's own calendar, marked shared when it is.
    private static func annotated(_ collection: CalendarCollection, _ mine: SharesOfUser) -> CalendarCollection {
        let given = mine.ofCollection(collection.reference.name)
        guard !given.isEmpty else { return collection }
        var annotated = collection
        annotated.sharing = .owned(given)
        return annotated
    }

    /// The reference objects are read and written at, refusing writes through a read-only share.
    private func target(_ reference: CalendarReference, writing: Bool) async throws(StoreError) -> CalendarReference {
        switch try await route(reference) {
        case .own: return reference
        case .shared(let share):
            if writing && share.access == .read { throw share.readOnlyRefusal }
            return Self.source(of: share)
        }
    }

    public func calendars(of owner: String) async throws(StoreError) -> [CalendarCollection] {
        let mine = try await shares.shares(involving: owner, in: DAVPath.tree)
        var all = try await primary.calendars(of: owner).map { Self.annotated($0, mine) }
        for share in mine.received where share.status == .accepted && share.mount != nil {
            // A share whose calendar is gone shows nothing.
            if let source = try await primary.calendar(Self.source(of: share)) { all.append(Self.view(source, through: share)) }
        }
        return all.sorted { $0.reference.name < $1.reference.name }
    }

    public func calendar(_ reference: CalendarReference) async throws(StoreError) -> CalendarCollection? {
        switch try await route(reference) {
        case .own(let mine): return try await primary.calendar(reference).map { Self.annotated($0, mine) }
        case .shared(let share): return try await primary.calendar(Self.source(of: share)).map { Self.view($0, through: share) }
        }
    }

    public func lookup(_ reference: CalendarReference, object name: String?) async throws(StoreError) -> CalendarLookup? {
        switch try await route(reference) {
        case .own(let mine):
            return try await primary.lookup(reference, object: name).map {
                CalendarLookup(collection: Self.annotated($0.collection, mine), object: $0.object.map { Self.shown($0, to: nil) })
            }
        case .shared(let share):
            return try await primary.lookup(Self.source(of: share), object: name).map {
                CalendarLookup(collection: Self.view($0.collection, through: share), object: $0.object.map { Self.shown($0, to: share.sharee) })
            }
        }
    }

    public func createCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        if case .shared = try await route(collection.reference) {
            throw StoreError(.alreadyExists, "\(collection.reference.name) is a calendar shared with you")
        }
        try await primary.createCalendar(collection)
    }

    public func importCalendar(_ calendar: ImportedCalendar) async throws(StoreError) {
        if case .shared = try await route(calendar.collection.reference) {
            throw StoreError(.alreadyExists, "\(calendar.collection.reference.name) is a calendar shared with the user")
        }
        try await primary.importCalendar(calendar)
    }

    /// A sharee's change keeps their own view in the share; the rest of the calendar's
    /// properties change for everyone, only where the share allows writing.
    public func updateCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        guard case .shared(var share) = try await route(collection.reference) else {
            var own = collection
            own.sharing = nil
            return try await primary.updateCalendar(own)
        }
        guard var source = try await primary.calendar(Self.source(of: share)) else {
            throw StoreError(.notFound, "the shared calendar no longer exists")
        }
        share.displayName = collection.displayName
        share.calendarDescription = collection.calendarDescription
        share.color = collection.color
        share.order = collection.order
        let sharedChanged = collection.timeZone != source.timeZone || collection.supportedComponents != source.supportedComponents
            || collection.deadProperties != source.deadProperties
        if sharedChanged {
            guard share.access == .readWrite else {
                throw StoreError(.readOnly, "\(share.owner) shared this calendar with you to read only: only its name, description, colour and order are yours to change")
            }
            source.timeZone = collection.timeZone
            source.supportedComponents = collection.supportedComponents
            source.deadProperties = collection.deadProperties
            try await primary.updateCalendar(source)
        }
        try await shares.saveShare(share)
    }

    /// In the sharee's home, leaves the share; in the owner's, ends every share of the
    /// calendar and then deletes it.
    public func deleteCalendar(_ reference: CalendarReference) async throws(StoreError) {
        switch try await route(reference) {
        case .shared(let share):
            _ = try await shares.answer(share, mount: nil, now: clock())
        case .own(let mine):
            if !mine.ofCollection(reference.name).isEmpty {
                try await shares.removeShares(in: DAVPath.tree, owner: reference.owner, collection: reference.name)
            }
            try await primary.deleteCalendar(reference)
        }
    }

    public func objects(in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        let (source, reader) = try await reading(reference)
        return try await primary.objects(in: source).map { Self.shown($0, to: reader) }
    }

    public func listing(of reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        try await primary.listing(of: try await target(reference, writing: false))
    }

    public func objects(named names: [String], in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        let (source, reader) = try await reading(reference)
        return try await primary.objects(named: names, in: source).map { Self.shown($0, to: reader) }
    }

    public func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject] {
        let (source, reader) = try await reading(reference)
        return try await primary.objects(in: source, overlapping: range, componentType: componentType).map { Self.shown($0, to: reader) }
    }

    /// The reference objects are read at, and the sharee reading them (`nil`: the owner).
    private func reading(_ reference: CalendarReference) async throws(StoreError) -> (CalendarReference, reader: String?) {
        switch try await route(reference) {
        case .own: return (reference, nil)
        case .shared(let share): return (Self.source(of: share), share.sharee)
        }
    }

    /// A stored object as `reader` (a sharee; `nil`: the owner) reads it (``PerUserData``).
    static func shown(_ object: CalendarObject, to reader: String?) -> CalendarObject {
        guard !object.data.isEmpty else { return object }
        var shown = object
        shown.data = reader.map { PerUserData.view(object.data, for: $0) } ?? PerUserData.ownerView(object.data)
        shown.size = shown.data.count
        return shown
    }

    public func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) async throws(StoreError) {
        try await primary.deleteObject(named: name, in: try await target(reference, writing: true), precondition: precondition)
    }

    public func transferObject(
        named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference, keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        let from = try await target(origin, writing: !keepSource)
        let to = try await target(destination, writing: true)
        // Within one calendar (a rename) is fine; across owners would carry data out of a share, or into one unseen.
        guard (from == origin && to == destination) || from == to else {
            throw StoreError(.readOnly, "objects do not move into or out of a shared calendar; copy them with GET and PUT")
        }
        return try await primary.transferObject(named: source, in: from, to: name, in: to, keepSource: keepSource, overwrite: overwrite)
    }

    public func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await primary.changes(in: try await target(reference, writing: false), since: position, limit: limit)
    }
}
