import ICalendar
import WebDAV

extension SharingCalendarStore {
    public func putObject(
        named name: String, data: [UInt8], index: CalendarObjectIndex, in reference: CalendarReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
        let route = try await route(reference)
        let source: CalendarReference
        let writer: CollectionShare?
        switch route {
        case .own(let mine):
            // Nobody has parts of their own in a calendar nobody else has.
            guard !mine.ofCollection(reference.name).isEmpty || PerUserData.isPresent(in: data) else {
                return try await primary.putObject(named: name, data: data, index: index, in: reference, precondition: precondition)
            }
            source = reference
            writer = nil
        case .shared(let share):
            source = Self.source(of: share)
            writer = share
        }
        // The stored object is read and written back in one step: a write between the two
        // fails the precondition, and the merge is made again on what it wrote.
        for attempt in 1...3 {
            let stored = try await primary.objects(named: [name], in: source).first
            let merged = try Self.merged(data, over: stored, by: writer)
            let condition = precondition == .none ? stored.map { .ifMatch([$0.etag]) } ?? .mustNotExist : precondition
            do {
                let result = try await primary.putObject(named: name, data: merged, index: index, in: source, precondition: condition)
                return (Self.shown(result.object, to: writer?.sharee), result.created)
            } catch where error.code == .preconditionFailed && precondition == .none && attempt < 3 {
                continue
            }
        }
        throw StoreError(.unavailable, "\(name) kept changing while it was written; try again")
    }

    /// What to store when `writer` (a share; `nil`: the owner) writes `data` over `stored`
    /// (``PerUserData``): a sharee who may only read changes only their own alarms and TRANSP.
    private static func merged(_ data: [UInt8], over stored: CalendarObject?, by writer: CollectionShare?) throws(StoreError) -> [UInt8] {
        guard let writer else { return PerUserData.keepingSharees(data, from: stored?.data ?? []) }
        guard let written = try? ICalendarParser().parseCalendar(data) else { return data }
        let old = stored.flatMap { try? ICalendarParser().parseCalendar($0.data) }
        if writer.access == .read {
            guard let stored, let old,
                  let shown = try? ICalendarParser().parseCalendar(PerUserData.view(stored.data, for: writer.sharee)),
                  PerUserData.changesOnlyOwnParts(written, shown: shown) else { throw writer.readOnlyRefusal }
            return ICalendarSerializer().serialize(PerUserData.merged(written, over: old, for: writer.sharee, sharedPartsFromStored: true))
        }
        return ICalendarSerializer().serialize(PerUserData.merged(written, over: old, for: writer.sharee))
    }
}
