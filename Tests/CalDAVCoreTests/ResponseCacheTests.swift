import DAVCaching
import CalDAVCore
import CalDAVCoreTesting
import Foundation
import Testing
import WebDAV

/// Repeated reads come from the caches; every kind of write is seen at once.
struct ResponseCacheTests {
    let amal = DAVContext(principal: "amal", now: 1_800_000_000)

    func send(_ responder: any DAVResponding, _ method: String, _ path: String, _ body: String = "", depth: String? = nil) async -> DAVResponse {
        await responder.handle(DAVRequest(method: method, path: path, headers: depth.map { ["depth": $0] } ?? [:], body: Array(body.utf8)), in: amal)
    }

    func event(_ uid: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    @Test("a repeated listing is served from the cache until the calendar changes")
    func invalidation() async throws {
        let store = InMemoryCalendarStore()
        let answers = ResponseCache(CalDAVAdapter(store: CachedCalendarStore(store, signal: store.changes)))
        let cache = DAVServer(answers)
        let listing = #"<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/><D:displayname/></D:prop></D:propfind>"#
        _ = await send(cache, "MKCALENDAR", "/dav/calendars/amal/work/")
        _ = await send(cache, "PUT", "/dav/calendars/amal/work/a.ics", event("a"))
        let first = await send(cache, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1")
        let second = await send(cache, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1")
        #expect(first.bodyBytes == second.bodyBytes && answers.count == 1)
        _ = await send(cache, "PUT", "/dav/calendars/amal/work/b.ics", event("b"))
        let afterPut = String(decoding: await send(cache, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1").bodyBytes, as: UTF8.self)
        #expect(afterPut.contains("b.ics"))
        _ = await send(cache, "PROPPATCH", "/dav/calendars/amal/work/",
                       #"<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>Office</D:displayname></D:prop></D:set></D:propertyupdate>"#)
        let afterPatch = String(decoding: await send(cache, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1").bodyBytes, as: UTF8.self)
        #expect(afterPatch.contains("Office"))
        let depthZero = String(decoding: await send(cache, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "0").bodyBytes, as: UTF8.self)
        #expect(!depthZero.contains("a.ics"))
        _ = await send(cache, "DELETE", "/dav/calendars/amal/work/")
        _ = await send(cache, "MKCALENDAR", "/dav/calendars/amal/work/")
        let recreated = String(decoding: await send(cache, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1").bodyBytes, as: UTF8.self)
        #expect(!recreated.contains("a.ics") && !recreated.contains("Office"))
    }

    @Test("an answer is kept from the second time its request comes, so one-off requests take no room")
    func keptOnSecondSighting() async {
        let store = InMemoryCalendarStore()
        let answers = ResponseCache(CalDAVAdapter(store: store))
        let cache = DAVServer(answers)
        _ = await send(cache, "MKCALENDAR", "/dav/calendars/amal/work/")
        let listing = #"<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>"#
        _ = await send(cache, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1")
        #expect(answers.count == 0)
        _ = await send(cache, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "0")
        #expect(answers.count == 0)
        _ = await send(cache, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1")
        #expect(answers.count == 1)
    }

    @Test("free-busy answers, which carry the time they were made, are never kept")
    func freeBusyNotKept() async {
        let store = InMemoryCalendarStore()
        let answers = ResponseCache(CalDAVAdapter(store: store))
        let cache = DAVServer(answers)
        _ = await send(cache, "MKCALENDAR", "/dav/calendars/amal/work/")
        let query = #"<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:time-range start="20260101T000000Z" end="20260201T000000Z"/></C:free-busy-query>"#
        #expect(await send(cache, "REPORT", "/dav/calendars/amal/work/", query).status == 200)
        #expect(answers.count == 0)
    }

    @Test("a kept object is served while its calendar is unchanged, and read again after any write to it")
    func objects() async throws {
        let store = InMemoryCalendarStore()
        let cached = CachedCalendarStore(store, signal: store.changes)
        let work = CalendarReference(owner: "amal", name: "work")
        let handler = DAVServer(CalDAVAdapter(store: cached))
        _ = await send(handler, "MKCALENDAR", "/dav/calendars/amal/work/")
        _ = await send(handler, "PUT", "/dav/calendars/amal/work/a.ics", event("a"))
        let first = try #require(try await cached.lookup(work, object: "a.ics")?.object)
        // Written underneath the decorator, as another process would: the stamp moves.
        let index = try CalendarObjectRules().check(Array(event("a").replacingOccurrences(of: "0900", with: "1000").utf8)).1
        _ = try await store.putObject(named: "a.ics", data: Array(event("a").replacingOccurrences(of: "0900", with: "1000").utf8), index: index,
                                      in: work, precondition: .none)
        let second = try #require(try await cached.lookup(work, object: "a.ics")?.object)
        #expect(first.etag != second.etag)
        try await store.deleteObject(named: "a.ics", in: work, precondition: .none)
        #expect(try await cached.lookup(work, object: "a.ics")?.object == nil)
        #expect(try await cached.objects(named: ["a.ics"], in: work).isEmpty)
    }
}

/// The byte budget and use order of the one LRU every cache uses.
struct ByteBudgetLRUTests {
    @Test("the budget bounds what is kept, least recently used dropped first; an oversized value is not kept")
    func budget() {
        let lru = ByteBudgetLRU<Int, String>(maxBytes: 1000)
        for key in 0..<10 { lru.set("v\(key)", for: key, size: 100) }
        #expect(lru.count == 10 && lru.bytes == 1000)
        _ = lru.value(for: 0)  // now the most recently used
        lru.set("v10", for: 10, size: 100)
        #expect(lru.value(for: 0) == "v0" && lru.value(for: 1) == nil && lru.count == 10)
        lru.set("big", for: 11, size: 126)
        #expect(lru.value(for: 11) == nil)
        lru.set("replaced", for: 10, size: 50)
        #expect(lru.value(for: 10) == "replaced" && lru.bytes == 950)
        #expect(lru.value(for: 10, if: { $0 != "replaced" }) == nil && lru.value(for: 10) == nil && lru.bytes == 900)
    }

    @Test("a batch lookup answers each key as one lookup would, under one lock")
    func batch() {
        let lru = ByteBudgetLRU<Int, String>(maxBytes: 300, maxEntryBytes: 100)
        for key in 0..<3 { lru.set("v\(key)", for: key, size: 100) }
        #expect(lru.values(for: [2, 7, 0], if: { $0 != "v2" }) == [nil, nil, "v0"])
        #expect(lru.count == 2 && lru.bytes == 200)  // v2 was refused and dropped
        lru.set("v3", for: 3, size: 100)
        lru.set("v4", for: 4, size: 100)  // 0 was used last of the old ones: 1 goes first
        #expect(lru.value(for: 1) == nil && lru.value(for: 0) == "v0")
    }

    @Test("many keys in and out keep the list and the budget consistent")
    func churn() {
        let lru = ByteBudgetLRU<Int, Int>(maxBytes: 64 * 10, maxEntryBytes: 64)
        var generator = SystemRandomNumberGenerator()
        var mostBytes = 0
        for step in 0..<20_000 {
            let key = Int.random(in: 0..<200, using: &generator)
            if step % 3 == 0 { _ = lru.value(for: key) } else { lru.set(step, for: key, size: Int.random(in: 1...64, using: &generator)) }
            mostBytes = max(mostBytes, lru.bytes)
        }
        #expect(mostBytes <= 640 && lru.count > 0)
    }
}
