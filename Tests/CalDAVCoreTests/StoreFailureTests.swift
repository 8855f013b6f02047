import Testing
@testable import CalDAVCore
import WebDAV

/// A store whose database fails: clients get a plain 503, and the response keeps the
/// cause for the server's log.
struct StoreFailureTests {
    struct DiskFault: Error, CustomStringConvertible {
        var description: String { "disk I/O error at /var/lib/jadwal/jadwal.sqlite" }
    }

    /// Every operation fails as a store does when its database does.
    struct BrokenStore: CalendarStore {
        var failure: StoreError { StoreError(.unavailable, "the database could not complete the operation", cause: DiskFault()) }
        func calendars(of owner: String) throws(StoreError) -> [CalendarCollection] { throw failure }
        func calendar(_ reference: CalendarReference) throws(StoreError) -> CalendarCollection? { throw failure }
        func createCalendar(_ collection: CalendarCollection) throws(StoreError) { throw failure }
        func importCalendar(_ calendar: ImportedCalendar) throws(StoreError) { throw failure }
        func updateCalendar(_ collection: CalendarCollection) throws(StoreError) { throw failure }
        func deleteCalendar(_ reference: CalendarReference) throws(StoreError) { throw failure }
        func objects(in reference: CalendarReference) throws(StoreError) -> [CalendarObject] { throw failure }
        func objects(named names: [String], in reference: CalendarReference) throws(StoreError) -> [CalendarObject] { throw failure }
        func objects(in reference: CalendarReference, overlapping range: TimeRange, componentType: String?) throws(StoreError) -> [CalendarObject] {
            throw failure
        }
        func putObject(named name: String, data: [UInt8], index: CalendarObjectIndex, in reference: CalendarReference,
                       precondition: WritePrecondition) throws(StoreError) -> (object: CalendarObject, created: Bool) { throw failure }
        func deleteObject(named name: String, in reference: CalendarReference, precondition: WritePrecondition) throws(StoreError) { throw failure }
        func transferObject(named source: String, in origin: CalendarReference, to name: String, in destination: CalendarReference,
                            keepSource: Bool, overwrite: Bool) throws(StoreError) -> (object: CalendarObject, created: Bool) { throw failure }
        func changes(in reference: CalendarReference, since position: Int64?, limit: Int?) throws(StoreError) -> ChangeSet { throw failure }
    }

    @Test("a failing store gives 503 without internals; the response keeps the store's error and its cause for the log")
    func causeKept() async throws {
        let handler = DAVServer(CalDAVAdapter(store: BrokenStore()))
        for (method, path) in [("GET", "/dav/calendars/amal/work/a.ics"), ("PROPFIND", "/dav/calendars/amal/"), ("MKCALENDAR", "/dav/calendars/amal/new/")] {
            let response = await handler.handle(DAVRequest(method: method, path: path, headers: ["depth": "1"]), in: DAVContext(principal: "amal", now: 0))
            #expect(response.status == 503)
            #expect(!String(decoding: response.bodyBytes, as: UTF8.self).contains("/var/lib"))
            let failure = try #require(response.failure as? DAVError)
            let store = try #require(failure.cause as? StoreError)
            #expect(store.code == .unavailable && store.cause is DiskFault)
        }
        let fine = await handler.handle(DAVRequest(method: "OPTIONS", path: "/dav/"), in: DAVContext(principal: "amal", now: 0))
        #expect(fine.failure == nil)
    }
}
