import Foundation
import Testing
@testable import CalDAVCore
import CalDAVCoreTesting
import WebDAV

/// What Apple's CalDAVTester found wrong, each against the RFC section that decides it.
struct CalDAVTesterFindingsTests {
    let handler = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore()))
    let amal = DAVContext(principal: "amal", now: 1_800_000_000)
    let calendar = "/dav/calendars/amal/work/"

    func send(_ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:]) async -> DAVResponse {
        await handler.handle(DAVRequest(method: method, path: path, headers: headers, body: Array(body.utf8)), in: amal)
    }

    func event(_ uid: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    func condition(_ response: DAVResponse) -> String? {
        (try? XMLReader().parse(response.bodyBytes))?.elements.first?.name.local
    }

    @Test("principal-property-search: Depth other than 0 is 400; apply-to-principal-collection-set works from any resource (RFC 3744 §9.4)")
    func principalSearchScope() async {
        await seeded()
        let search = #"<D:principal-property-search xmlns:D="DAV:"><D:property-search><D:prop><D:displayname/></D:prop><D:match>amal</D:match></D:property-search><D:prop><D:displayname/></D:prop></D:principal-property-search>"#
        #expect(await send("REPORT", "/dav/principals/", search, headers: ["depth": "1"]).status == 400)
        #expect(await send("REPORT", "/dav/principals/", search, headers: ["depth": "0"]).status == 207)
        #expect(await send("REPORT", "/dav/principals/", search).status == 207)
        let applied = search.replacingOccurrences(of: "</D:principal-property-search>", with: "<D:apply-to-principal-collection-set/></D:principal-property-search>")
        let fromCalendar = await send("REPORT", calendar, applied, headers: ["depth": "0"])
        #expect(fromCalendar.status == 207 && String(decoding: fromCalendar.bodyBytes, as: UTF8.self).contains("/dav/principals/amal/"))
        #expect(await send("REPORT", calendar, search, headers: ["depth": "0"]).status == 403)
        #expect(await send("REPORT", "/dav/calendars/amal/nope/", applied, headers: ["depth": "0"]).status == 404)
    }

    func seeded() async {
        #expect(await send("MKCALENDAR", calendar).status == 201)
        #expect(await send("MKCALENDAR", "/dav/calendars/amal/home/").status == 201)
        #expect(await send("PUT", calendar + "a.ics", event("a"), headers: ["content-type": "text/calendar"]).status == 201)
        #expect(await send("PUT", calendar + "b.ics", event("b"), headers: ["content-type": "text/calendar"]).status == 201)
    }

    func query(_ filter: String, prop: String = "<D:getetag/>", extra: String = "") -> String {
        "<C:calendar-query xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><D:prop>\(prop)</D:prop><C:filter>\(filter)</C:filter>\(extra)</C:calendar-query>"
    }

    @Test("an object is not replaced by one with another UID, by PUT or by MOVE (RFC 4791 §5.3.2.1)")
    func replacingUID() async {
        await seeded()
        let put = await send("PUT", calendar + "a.ics", event("z"), headers: ["content-type": "text/calendar"])
        #expect([403, 409].contains(put.status) && condition(put) == "no-uid-conflict")
        let move = await send("MOVE", calendar + "b.ics", headers: ["destination": calendar + "a.ics", "overwrite": "T"])
        #expect([403, 409].contains(move.status) && condition(move) == "no-uid-conflict")
        #expect(await send("PUT", calendar + "a.ics", event("a"), headers: ["content-type": "text/calendar"]).status == 204)
    }

    @Test("a COPY that creates an object says where (RFC 9110 §15.3.2)")
    func location() async {
        await seeded()
        let copy = await send("COPY", calendar + "a.ics", headers: ["destination": "/dav/calendars/amal/home/a%20copy.ics"])
        #expect(copy.status == 201)
        #expect(copy.header("location") == "/dav/calendars/amal/home/a%20copy.ics")
    }

    @Test("calendar-query on a home covers its calendars; multiget works on a home and on an object (RFC 4791 §7.8, §7.9)")
    func reportTargets() async {
        await seeded()
        let home = await send("REPORT", "/dav/calendars/amal/", query("<C:comp-filter name=\"VCALENDAR\"/>"), headers: ["depth": "1"])
        #expect(home.status == 207)
        #expect(String(decoding: home.bodyBytes, as: UTF8.self).contains("/dav/calendars/amal/work/a.ics"))
        let multiget = "<C:calendar-multiget xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><D:prop><D:getetag/></D:prop><D:href>\(calendar)a.ics</D:href><D:href>\(calendar)gone.ics</D:href></C:calendar-multiget>"
        for target in ["/dav/calendars/amal/", calendar + "a.ics"] {
            let response = await send("REPORT", target, multiget)
            let text = String(decoding: response.bodyBytes, as: UTF8.self)
            #expect(response.status == 207)
            #expect(text.contains("getetag") && text.contains("404"), "\(target)")
        }
    }

    @Test("filters that cannot match by their shape are refused (RFC 4791 §9.7, §9.9)", arguments: [
        "<C:comp-filter name=\"VCALENDAR\"><C:comp-filter name=\"VEVENT\"><C:comp-filter name=\"VEVENT\"/></C:comp-filter></C:comp-filter>",
        "<C:comp-filter name=\"VCALENDAR\"><C:comp-filter name=\"VALARM\"/></C:comp-filter>",
        "<C:comp-filter name=\"VCALENDAR\"><C:comp-filter name=\"VEVENT\"><C:prop-filter name=\"SUMMARY\"><C:time-range start=\"20260101T000000Z\"/></C:prop-filter></C:comp-filter></C:comp-filter>",
        "<C:comp-filter name=\"VCALENDAR\"><C:comp-filter name=\"VTIMEZONE\"><C:time-range start=\"20060102T000000Z\" end=\"20060103T000000Z\"/></C:comp-filter></C:comp-filter>",
        "<C:comp-filter name=\"VCALENDAR\"><C:comp-filter name=\"VTIMEZONE\"><C:comp-filter name=\"STANDARD\"><C:time-range start=\"20060102T000000Z\"/></C:comp-filter></C:comp-filter></C:comp-filter>",
        "<C:comp-filter name=\"VCALENDAR\"><C:comp-filter name=\"VEVENT\"><C:comp-filter name=\"VALARM\"><C:comp-filter name=\"X-COMP\"><C:time-range start=\"20060102T000000Z\"/></C:comp-filter></C:comp-filter></C:comp-filter></C:comp-filter>",
    ])
    func invalidFilters(filter: String) async {
        await seeded()
        let response = await send("REPORT", calendar, query(filter), headers: ["depth": "1"])
        #expect(response.status == 403 && condition(response) == "valid-filter")
    }

    @Test("calendar-data in another media type, and a CALDAV:timezone without one VTIMEZONE, are refused (RFC 4791 §9.6, §9.8)")
    func calendarDataAndZone() async {
        await seeded()
        let vcal = await send("REPORT", calendar, query("<C:comp-filter name=\"VCALENDAR\"/>", prop: "<C:calendar-data content-type=\"text/vcalendar\" version=\"1.0\"/>"))
        #expect(vcal.status == 403 && condition(vcal) == "supported-calendar-data")
        let zone = "<C:timezone>BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n</C:timezone>"
        let invalid = await send("REPORT", calendar, query("<C:comp-filter name=\"VCALENDAR\"/>", extra: zone))
        #expect(invalid.status == 403 && condition(invalid) == "valid-calendar-data")
    }

    @Test("malformed requests are 400: a bogus sync-level, a propfind asking for two kinds at once")
    func malformed() async {
        await seeded()
        let sync = "<D:sync-collection xmlns:D=\"DAV:\"><D:sync-token/><D:sync-level>bogus</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>"
        #expect(await send("REPORT", calendar, sync).status == 400)
        let both = "<D:propfind xmlns:D=\"DAV:\"><D:allprop/><D:propname/></D:propfind>"
        #expect(await send("PROPFIND", calendar, both, headers: ["depth": "0"]).status == 400)
    }

    @Test("a PROPPATCH that changed everything, with return=minimal, is 200 with no body (RFC 8144)")
    func minimalPropPatch() async {
        await seeded()
        let body = "<D:propertyupdate xmlns:D=\"DAV:\"><D:set><D:prop><D:displayname>Work</D:displayname></D:prop></D:set></D:propertyupdate>"
        let minimal = await send("PROPPATCH", calendar, body, headers: ["prefer": "return=minimal"])
        #expect(minimal.status == 200 && minimal.bodyBytes.isEmpty)
        #expect(await send("PROPPATCH", calendar, body).status == 207)
    }
}
