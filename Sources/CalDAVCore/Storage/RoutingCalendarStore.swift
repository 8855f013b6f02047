import WebDAV

/// The calendars of a server: the users' own from a primary store, plus computed calendars
/// registered by name, each present in every home. The protocol layer sees one
/// ``CalendarStore`` and knows nothing of which collections are computed; writes to a
/// computed one fail with ``StoreError/Code/readOnly`` (DAV:need-privileges), and its name
/// cannot be taken by a stored calendar.
public struct RoutingCalendarStore: CalendarStore {
    public let primary: any CalendarStore
    private let computed: [String: any ComputedCalendar]

    public init(primary: any CalendarStore, computed: [any ComputedCalendar]) {
        self.primary = primary
        self.computed = Dictionary(computed.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The computed calendar a reference names, if any.
    public func computedCalendar(_ reference: CalendarReference) -> (any ComputedCalendar)? {
        computed[reference.name]
    }

    private func readOnly(_ calendar: any ComputedCalendar) -> StoreError {
        StoreError(.readOnly, calendar.readOnlyReason)
    }

    public func calendars(of owner: String) async throws(StoreError) -> [CalendarCollection] {
        var all = try await primary.calendars(of: owner)
        for calendar in computed.values { all.append(try await calendar.collection(owner: owner)) }
        return all.sorted { $0.reference.name < $1.reference.name }
    }

    public func calendar(_ reference: CalendarReference) async throws(StoreError) -> CalendarCollection? {
        if let calendar = computed[reference.name] { return try await calendar.collection(owner: reference.owner) }
        return try await primary.calendar(reference)
    }

    public func lookup(_ reference: CalendarReference, object name: String?) async throws(StoreError) -> CalendarLookup? {
        guard let calendar = computed[reference.name] else { return try await primary.lookup(reference, object: name) }
        let collection = try await calendar.collection(owner: reference.owner)
        guard let name else { return CalendarLookup(collection: collection, object: nil) }
        return CalendarLookup(collection: collection, object: try await calendar.objects(named: [name], owner: reference.owner).first)
    }

    public func createCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        if let calendar = computed[collection.reference.name] {
            throw StoreError(.alreadyExists, "\(calendar.name) is a calendar computed by the server")
        }
        try await primary.createCalendar(collection)
    }

    public func importCalendar(_ calendar: ImportedCalendar) async throws(StoreError) {
        if let computed = computed[calendar.collection.reference.name] {
            throw StoreError(.alreadyExists, "\(computed.name) is a calendar computed by the server")
        }
        try await primary.importCalendar(calendar)
    }

    public func updateCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        if let calendar = computed[collection.reference.name] { throw readOnly(calendar) }
        try await primary.updateCalendar(collection)
    }

    public func deleteCalendar(_ reference: CalendarReference) async throws(StoreError) {
        if let calendar = computed[reference.name] { throw readOnly(calendar) }
        try await primary.deleteCalendar(reference)
    }

    public func objects(in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        if let calendar = computed[reference.name] { return try await calendar.objects(owner: reference.owner) }
        return try await primary.objects(in: reference)
    }

    public func listing(of reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        if computed[reference.name] != nil { return try await objects(in: reference).map(\.withoutData) }
        return try await primary.listing(of: reference)
    }

    public func objects(named names: [String], in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        if let calendar = computed[reference.name] { return try await calendar.objects(named: names, owner: reference.owner) }
        return try await primary.objects(named: names, in: reference)
    }

    public func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject] {
        if let calendar = computed[reference.name] {
            return try await calendar.objects(owner: reference.owner, overlapping: range, componentType: componentType)
        }
        return try await primary.objects(in: reference, overlapping: range, componentType: componentType)
    }

    public func putObject(
        named name: String, data: [UInt8], index: CalendarObjectIndex, in reference: CalendarReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        if let calendar = computed[reference.name] { throw readOnly(calendar) }
        return try await primary.putObject(named: name, data: data, index: index, in: reference, precondition: precondition)
    }

    public func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) async throws(StoreError) {
        if let calendar = computed[reference.name] { throw readOnly(calendar) }
        try await primary.deleteObject(named: name, in: reference, precondition: precondition)
    }

    public func transferObject(
        named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference, keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        // Copying a computed object out would need its index computed here; clients GET and PUT instead.
        if let calendar = computed[origin.name] ?? computed[destination.name] { throw readOnly(calendar) }
        return try await primary.transferObject(named: source, in: origin, to: name, in: destination, keepSource: keepSource, overwrite: overwrite)
    }

    public func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        if let calendar = computed[reference.name] { return try await calendar.changes(owner: reference.owner, since: position, limit: limit) }
        return try await primary.changes(in: reference, since: position, limit: limit)
    }
}
