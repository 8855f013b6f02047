import Testing
@testable import CalDAVCore
import CalDAVCoreTesting

/// Repeated reads come from the cache; every kind of write is seen at once.
struct ResponseCacheTests {
    let cache = ResponseCache()
    let amal = DAVContext(principal: "amal", now: 1_800_000_000)

    func send(_ handler: DAVHandler, _ method: String, _ path: String, _ body: String = "", depth: String? = nil) async -> DAVResponse {
        await handler.handle(DAVRequest(method: method, path: path, headers: depth.map { ["depth": $0] } ?? [:], body: Array(body.utf8)), in: amal)
    }

    func event(_ uid: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    @Test("a repeated listing is served from the cache until the calendar changes")
    func invalidation() async throws {
        let handler = DAVHandler(store: InMemoryCalendarStore(), responseCache: cache)
        let listing = #"<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/><D:displayname/></D:prop></D:propfind>"#
        _ = await send(handler, "MKCALENDAR", "/dav/calendars/amal/work/")
        _ = await send(handler, "PUT", "/dav/calendars/amal/work/a.ics", event("a"))
        let first = await send(handler, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1")
        let second = await send(handler, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1")
        #expect(first.body == second.body && cache.count == 1)
        _ = await send(handler, "PUT", "/dav/calendars/amal/work/b.ics", event("b"))
        let afterPut = String(decoding: await send(handler, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1").body, as: UTF8.self)
        #expect(afterPut.contains("b.ics"))
        _ = await send(handler, "PROPPATCH", "/dav/calendars/amal/work/",
                       #"<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>Office</D:displayname></D:prop></D:set></D:propertyupdate>"#)
        let afterPatch = String(decoding: await send(handler, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1").body, as: UTF8.self)
        #expect(afterPatch.contains("Office"))
        let depthZero = String(decoding: await send(handler, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "0").body, as: UTF8.self)
        #expect(!depthZero.contains("a.ics"))
        _ = await send(handler, "DELETE", "/dav/calendars/amal/work/")
        _ = await send(handler, "MKCALENDAR", "/dav/calendars/amal/work/")
        let recreated = String(decoding: await send(handler, "PROPFIND", "/dav/calendars/amal/work/", listing, depth: "1").body, as: UTF8.self)
        #expect(!recreated.contains("a.ics") && !recreated.contains("Office"))
    }

    @Test("the budget bounds what is kept, oldest use first")
    func budget() {
        let small = ResponseCache(maxBytes: 8 << 10)
        let state = ResponseCache.CollectionState(properties: 1, changePosition: 1)
        for number in 0..<20 {
            let key = ResponseCache.Key(method: "REPORT", path: "/p/\(number)", depth: nil, minimal: false, body: [], state: state)
            small.store(DAVResponse(status: 207, body: Array(repeating: 0, count: 700)), for: key)
        }
        #expect(small.count < 20 && small.count > 0)
        let newest = ResponseCache.Key(method: "REPORT", path: "/p/19", depth: nil, minimal: false, body: [], state: state)
        #expect(small.response(for: newest) != nil)
        let oversized = ResponseCache.Key(method: "REPORT", path: "/big", depth: nil, minimal: false, body: [], state: state)
        small.store(DAVResponse(status: 207, body: Array(repeating: 0, count: 2 << 10)), for: oversized)
        #expect(small.response(for: oversized) == nil)
    }
}
