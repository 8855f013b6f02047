import CalDAVCore

/// The calendar store jadwald serves: the user's own calendars from the primary store,
/// plus the computed ``PrayerCalendar`` in every home. The protocol layer sees one
/// ``CalendarStore`` and knows nothing of which collections are computed; writes to a
/// computed one fail with ``StoreError/Code/readOnly`` (DAV:need-privileges).
public struct JadwalCalendarStore: CalendarStore {
    public let primary: any CalendarStore
    public let prayer: PrayerCalendar

    public init(primary: any CalendarStore, prayer: PrayerCalendar) {
        self.primary = primary
        self.prayer = prayer
    }

    private func isPrayer(_ reference: CalendarReference) -> Bool { reference.name == PrayerCalendar.name }

    private func readOnly(_ reference: CalendarReference) -> StoreError {
        StoreError(.readOnly, "\(PrayerCalendar.displayName) is computed from your prayer settings and cannot be changed here")
    }

    public func calendars(of owner: String) async throws(StoreError) -> [CalendarCollection] {
        var all = try await primary.calendars(of: owner)
        all.append(try await prayer.collection(owner: owner))
        return all.sorted { $0.reference.name < $1.reference.name }
    }

    public func calendar(_ reference: CalendarReference) async throws(StoreError) -> CalendarCollection? {
        if isPrayer(reference) { return try await prayer.collection(owner: reference.owner) }
        return try await primary.calendar(reference)
    }

    public func createCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        if isPrayer(collection.reference) { throw StoreError(.alreadyExists, "\(PrayerCalendar.name) is the prayer-times calendar") }
        try await primary.createCalendar(collection)
    }

    public func updateCalendar(_ collection: CalendarCollection) async throws(StoreError) {
        if isPrayer(collection.reference) { throw readOnly(collection.reference) }
        try await primary.updateCalendar(collection)
    }

    public func deleteCalendar(_ reference: CalendarReference) async throws(StoreError) {
        if isPrayer(reference) { throw readOnly(reference) }
        try await primary.deleteCalendar(reference)
    }

    public func objects(in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        if isPrayer(reference) { return try await prayer.objects(owner: reference.owner) }
        return try await primary.objects(in: reference)
    }

    public func objects(named names: [String], in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
        if isPrayer(reference) { return try await prayer.objects(named: names, owner: reference.owner) }
        return try await primary.objects(named: names, in: reference)
    }

    public func lookup(_ reference: CalendarReference, object name: String?) async throws(StoreError) -> CalendarLookup? {
        if isPrayer(reference) {
            let collection = try await prayer.collection(owner: reference.owner)
            guard let name else { return CalendarLookup(collection: collection, object: nil) }
            return CalendarLookup(collection: collection, object: try await prayer.objects(named: [name], owner: reference.owner).first)
        }
        return try await primary.lookup(reference, object: name)
    }

    public func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject] {
        if isPrayer(reference) {
            guard componentType == nil || componentType == "VEVENT" else { return [] }
            return try await prayer.objects(owner: reference.owner, overlapping: range)
        }
        return try await primary.objects(in: reference, overlapping: range, componentType: componentType)
    }

    public func putObject(
        named name: String, data: [UInt8], index: CalendarObjectIndex, in reference: CalendarReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        if isPrayer(reference) { throw readOnly(reference) }
        return try await primary.putObject(named: name, data: data, index: index, in: reference, precondition: precondition)
    }

    public func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) async throws(StoreError) {
        if isPrayer(reference) { throw readOnly(reference) }
        try await primary.deleteObject(named: name, in: reference, precondition: precondition)
    }

    public func transferObject(
        named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference,
        keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        // Copying a prayer out would need its index computed here; clients GET and PUT instead.
        if isPrayer(origin) || isPrayer(destination) { throw readOnly(isPrayer(origin) ? origin : destination) }
        return try await primary.transferObject(named: source, in: origin, to: name, in: destination, keepSource: keepSource, overwrite: overwrite)
    }

    public func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        if isPrayer(reference) { return try await prayer.changes(owner: reference.owner, since: position) }
        return try await primary.changes(in: reference, since: position, limit: limit)
    }
}
