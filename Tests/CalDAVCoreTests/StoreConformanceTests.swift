import Testing
import DAVCaching
import CalDAVCore
import CalDAVCoreTesting
import WebDAV

struct StoreConformanceTests {
    @Test("the in-memory store passes the conformance suite")
    func inMemory() async {
        let failures = await CalendarStoreConformance().run { InMemoryCalendarStore() }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("the caching decorator over the in-memory store passes the same suite")
    func cached() async {
        let failures = await CalendarStoreConformance().run {
            let store = InMemoryCalendarStore()
            return CachedCalendarStore(store, signal: store.changes)
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// A store that breaks the rules must fail, or the suite proves nothing.
    actor ForgetfulStore: CalendarStore {
        let inner = InMemoryCalendarStore()
        func calendars(of owner: String) async throws(StoreError) -> [CalendarCollection] { try await inner.calendars(of: owner) }
        func calendar(_ reference: CalendarReference) async throws(StoreError) -> CalendarCollection? { try await inner.calendar(reference) }
        func createCalendar(_ collection: CalendarCollection) async throws(StoreError) { try await inner.createCalendar(collection) }
        func importCalendar(_ calendar: ImportedCalendar) async throws(StoreError) { try await inner.importCalendar(calendar) }
        func updateCalendar(_ collection: CalendarCollection) async throws(StoreError) { try await inner.updateCalendar(collection) }
        func deleteCalendar(_ reference: CalendarReference) async throws(StoreError) { try await inner.deleteCalendar(reference) }
        func objects(in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] { try await inner.objects(in: reference) }
        func objects(named names: [String], in reference: CalendarReference) async throws(StoreError) -> [CalendarObject] {
            try await inner.objects(named: names, in: reference)
        }
        func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject] {
            try await inner.objects(in: reference)  // ignores the range: too many candidates
        }
        func putObject(named name: String, data: [UInt8], index: CalendarObjectIndex, in reference: CalendarReference,
                       precondition: WritePrecondition) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
            // Ignores preconditions and UID uniqueness.
            var unique = index
            unique.uid = name
            return try await inner.putObject(named: name, data: data, index: unique, in: reference, precondition: .none)
        }
        func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) async throws(StoreError) {
            try await inner.deleteObject(named: name, in: reference, precondition: .none)
        }
        func transferObject(named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference,
                            keepSource: Bool, overwrite: Bool) async throws(StoreError) -> (object: CalendarObject, created: Bool) {
            try await inner.transferObject(named: source, in: origin, to: name, in: destination, keepSource: keepSource, overwrite: overwrite)
        }
        func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
            try await inner.changes(in: reference, since: position, limit: nil)  // ignores the limit
        }
    }

    @Test("a store that ignores preconditions, UIDs, ranges and limits fails the suite")
    func brokenStoreFails() async {
        let failures = await CalendarStoreConformance().run { ForgetfulStore() }
        for area in ["preconditions", "UID uniqueness", "time-range candidates", "truncated change sets"] {
            #expect(failures.contains { $0.hasPrefix(area) }, "no failure for \(area): \(failures)")
        }
    }
}
