import Foundation
import Testing
@testable import CalDAVCore
import CalDAVCoreTesting
import WebDAV

/// The handler driven request by request over the in-memory store, no sockets.
struct CalDAVAdapterTests {
    let handler = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore()))
    let amal = DAVContext(principal: "amal", now: 1_800_000_000)
    let dav = DAVXML.Namespace.dav
    let calDAV = DAVXML.Namespace.calDAV

    func send(_ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:], as context: DAVContext? = nil) async -> DAVResponse {
        await handler.handle(DAVRequest(method: method, path: path, headers: headers, body: Array(body.utf8)), in: context ?? amal)
    }

    func event(_ uid: String, type: String = "VEVENT") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:\(type)\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nEND:\(type)\r\nEND:VCALENDAR\r\n"
    }

    static let mkcalendar = """
        <?xml version="1.0" encoding="utf-8"?>
        <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:A="http://apple.com/ns/ical/">
          <D:set><D:prop>
            <D:displayname>Work</D:displayname>
            <A:calendar-color>#0A84FFFF</A:calendar-color>
            <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
            <X:keep xmlns:X="urn:example">kept as sent</X:keep>
          </D:prop></D:set>
        </C:mkcalendar>
        """

    func errorCondition(_ response: DAVResponse) throws -> String? {
        try XMLReader().parse(response.bodyBytes).elements.first?.name.local
    }

    @Test("OPTIONS advertises CalDAV")
    func options() async {
        let response = await send("OPTIONS", "/dav/calendars/amal/")
        #expect(response.status == 200)
        #expect(response.header("DAV")?.contains("calendar-access") == true)
    }

    @Test("MKCALENDAR, then PROPFIND shows it with its properties")
    func makeAndFind() async throws {
        #expect(await send("MKCALENDAR", "/dav/calendars/amal/work/", Self.mkcalendar).status == 201)
        let again = await send("MKCALENDAR", "/dav/calendars/amal/work/")
        #expect(again.status == 405)
        #expect(try errorCondition(again) == "resource-must-be-null")

        let find = await send("PROPFIND", "/dav/calendars/amal/", """
            <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:A="http://apple.com/ns/ical/" xmlns:X="urn:example">
            <D:prop><D:resourcetype/><D:displayname/><A:calendar-color/><C:supported-calendar-component-set/><X:keep/><D:sync-token/></D:prop></D:propfind>
            """, headers: ["Depth": "1"])
        #expect(find.status == 207)
        let root = try XMLReader().parse(find.bodyBytes)
        let responses = root.elements
        #expect(responses.map { $0.element(named: DAVXML.Name(dav, "href"))?.text } == ["/dav/calendars/amal/", "/dav/calendars/amal/work/"])
        let calendar = responses[1]
        let ok = try #require(calendar.elements.first { $0.element(named: DAVXML.Name(dav, "status"))?.text == "HTTP/1.1 200 OK" })
        let prop = try #require(ok.element(named: DAVXML.Name(dav, "prop")))
        #expect(prop.element(named: DAVXML.Name(dav, "displayname"))?.text == "Work")
        #expect(prop.element(named: DAVXML.Name(DAVXML.Namespace.appleICal, "calendar-color"))?.text == "#0A84FFFF")
        #expect(prop.element(named: DAVXML.Name("urn:example", "keep"))?.text == "kept as sent")
        #expect(prop.element(named: DAVXML.Name(dav, "resourcetype"))?.element(named: DAVXML.Name(calDAV, "calendar")) != nil)
        #expect(prop.element(named: DAVXML.Name(dav, "sync-token"))?.text.hasPrefix("http://") == true)
        // The home has a token of its own, which changes when a calendar does.
        func token(_ response: DAVXML.Element) -> String? {
            response.elements.compactMap { $0.element(named: DAVXML.Name(dav, "prop"))?.element(named: DAVXML.Name(dav, "sync-token")) }.first?.text
        }
        let homeToken = try #require(token(responses[0]))
        #expect(homeToken.hasPrefix("http://"))
        _ = await send("PUT", "/dav/calendars/amal/work/a.ics", event("a"))
        let after = try XMLReader().parse(await send("PROPFIND", "/dav/calendars/amal/", #"<D:propfind xmlns:D="DAV:"><D:prop><D:sync-token/></D:prop></D:propfind>"#, headers: ["Depth": "0"]).bodyBytes)
        #expect(try token(#require(after.elements.first)) != homeToken)
    }

    @Test("extended MKCOL creates calendars and only calendars (RFC 5689)")
    func extendedMkcol() async throws {
        let body = """
            <D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
            <D:resourcetype><D:collection/><C:calendar/></D:resourcetype><D:displayname>Tasks</D:displayname>
            <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
            </D:prop></D:set></D:mkcol>
            """
        #expect(await send("MKCOL", "/dav/calendars/amal/tasks/", body).status == 201)
        let todo = await send("PUT", "/dav/calendars/amal/tasks/t.ics", event("t", type: "VTODO"))
        #expect(todo.status == 201)
        let plain = body.replacingOccurrences(of: "<C:calendar/>", with: "")
        #expect(await send("MKCOL", "/dav/calendars/amal/plain/", plain).status == 403)
        #expect(await send("MKCOL", "/dav/calendars/amal/empty/").status == 403)
        #expect(await send("PROPFIND", "/dav/calendars/amal/plain/", headers: ["Depth": "0"]).status == 404)
    }

    @Test("PUT, GET, HEAD, conditional writes and DELETE")
    func objectLifecycle() async throws {
        _ = await send("MKCALENDAR", "/dav/calendars/amal/work/", Self.mkcalendar)
        let created = await send("PUT", "/dav/calendars/amal/work/a.ics", event("a"), headers: ["Content-Type": "text/calendar", "If-None-Match": "*"])
        #expect(created.status == 201)
        let etag = try #require(created.header("ETag"))
        #expect(await send("PUT", "/dav/calendars/amal/work/a.ics", event("a"), headers: ["If-None-Match": "*"]).status == 412)
        let get = await send("GET", "/dav/calendars/amal/work/a.ics")
        #expect(get.status == 200 && get.bodyBytes == Array(event("a").utf8) && get.header("ETag") == etag)
        let head = await send("HEAD", "/dav/calendars/amal/work/a.ics")
        #expect(head.status == 200 && head.bodyBytes.isEmpty && head.header("Content-Length") == String(event("a").utf8.count))

        let replaced = await send("PUT", "/dav/calendars/amal/work/a.ics", event("a"), headers: ["If-Match": etag])
        #expect(replaced.status == 204)
        #expect(await send("DELETE", "/dav/calendars/amal/work/a.ics", headers: ["If-Match": etag]).status == 412)
        #expect(await send("DELETE", "/dav/calendars/amal/work/a.ics", headers: ["If-Match": replaced.header("ETag")!]).status == 204)
        #expect(await send("GET", "/dav/calendars/amal/work/a.ics").status == 404)
    }

    @Test("COPY and MOVE between calendars, with Overwrite and UID checks")
    func copyAndMove() async throws {
        _ = await send("MKCALENDAR", "/dav/calendars/amal/work/", Self.mkcalendar)
        _ = await send("MKCALENDAR", "/dav/calendars/amal/home/")
        _ = await send("PUT", "/dav/calendars/amal/work/a.ics", event("a"))
        let copy = await send("COPY", "/dav/calendars/amal/work/a.ics", headers: ["Destination": "http://localhost:8080/dav/calendars/amal/home/a.ics"])
        #expect(copy.status == 201)
        #expect(await send("COPY", "/dav/calendars/amal/work/a.ics", headers: ["Destination": "/dav/calendars/amal/home/a.ics", "Overwrite": "F"]).status == 412)
        let clash = await send("COPY", "/dav/calendars/amal/work/a.ics", headers: ["Destination": "/dav/calendars/amal/work/b.ics"])
        #expect(clash.status == 409)
        #expect(await send("MOVE", "/dav/calendars/amal/home/a.ics", headers: ["Destination": "/dav/calendars/amal/home/moved.ics"]).status == 201)
        #expect(await send("GET", "/dav/calendars/amal/home/a.ics").status == 404)
        #expect(await send("GET", "/dav/calendars/amal/home/moved.ics").bodyBytes == Array(event("a").utf8))
        #expect(await send("MOVE", "/dav/calendars/amal/home/moved.ics", headers: ["Destination": "/dav/calendars/omar/x/moved.ics"]).status == 403)
    }

    @Test("bad objects are refused with their preconditions and change nothing")
    func refusedObjects() async throws {
        _ = await send("MKCALENDAR", "/dav/calendars/amal/work/", Self.mkcalendar)
        _ = await send("PUT", "/dav/calendars/amal/work/a.ics", event("a"))
        let conflict = await send("PUT", "/dav/calendars/amal/work/b.ics", event("a"))
        #expect(conflict.status == 409)
        let body = try XMLReader().parse(conflict.bodyBytes)
        #expect(body.elements.first?.name.local == "no-uid-conflict")
        #expect(body.elements.first?.element(named: DAVXML.Name(dav, "href"))?.text == "/dav/calendars/amal/work/a.ics")
        let todo = await send("PUT", "/dav/calendars/amal/work/t.ics", event("t", type: "VTODO"))
        #expect(try todo.status == 403 && errorCondition(todo) == "supported-calendar-component")
        let garbage = await send("PUT", "/dav/calendars/amal/work/g.ics", "BEGIN:VCALENDAR\r\nnot a line\r\n")
        #expect(try garbage.status == 403 && errorCondition(garbage) == "valid-calendar-data")
        let wrongType = await send("PUT", "/dav/calendars/amal/work/j.ics", "{}", headers: ["Content-Type": "application/json"])
        #expect(try wrongType.status == 403 && errorCondition(wrongType) == "supported-calendar-data")
        #expect(await send("PUT", "/dav/calendars/amal/missing/x.ics", event("x")).status == 409)
        for name in ["b.ics", "t.ics", "g.ics", "j.ics"] {
            #expect(await send("GET", "/dav/calendars/amal/work/\(name)").status == 404)
        }
    }

    @Test("one user never reaches another's resources")
    func isolation() async {
        _ = await send("MKCALENDAR", "/dav/calendars/amal/work/", Self.mkcalendar)
        _ = await send("PUT", "/dav/calendars/amal/work/a.ics", event("a"))
        let omar = DAVContext(principal: "omar", now: 0)
        #expect(await send("GET", "/dav/calendars/amal/work/a.ics", as: omar).status == 404)
        #expect(await send("PROPFIND", "/dav/calendars/amal/", headers: ["Depth": "1"], as: omar).status == 404)
        #expect(await send("DELETE", "/dav/calendars/amal/work/", as: omar).status == 404)
        #expect(await send("PUT", "/dav/calendars/amal/work/z.ics", event("z"), as: omar).status == 404)
        #expect(await send("GET", "/dav/calendars/amal/work/a.ics").status == 200)
    }

    @Test("Depth infinity, hostile XML and unknown methods get clear errors")
    func badRequests() async throws {
        let infinity = await send("PROPFIND", "/dav/calendars/amal/")
        #expect(try infinity.status == 403 && errorCondition(infinity) == "propfind-finite-depth")
        let xxe = "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><D:propfind xmlns:D=\"DAV:\"><D:prop>&x;</D:prop></D:propfind>"
        #expect(await send("PROPFIND", "/dav/calendars/amal/", xxe, headers: ["Depth": "0"]).status == 400)
        #expect(await send("PATCH", "/dav/calendars/amal/").status == 405)
        #expect(await send("GET", "/dav/calendars/amal/../omar/").status == 404)
        let protected = """
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:getetag>x</D:getetag></D:prop></D:set></C:mkcalendar>
            """
        #expect(await send("MKCALENDAR", "/dav/calendars/amal/p/", protected).status == 403)
        #expect(await send("PROPFIND", "/dav/calendars/amal/p/", headers: ["Depth": "0"]).status == 404)
    }
}

/// PROPPATCH and the REPORTs clients sync with.
struct DAVSyncTests {
    let base = CalDAVAdapterTests()

    func responses(_ response: DAVResponse) throws -> [DAVXML.Element] {
        try XMLReader().parse(response.bodyBytes).elements.filter { $0.name.local == "response" }
    }

    func status(_ element: DAVXML.Element) -> String? {
        element.element(named: DAVXML.Name(DAVXML.Namespace.dav, "status"))?.text
    }

    @Test("PROPPATCH is all or nothing")
    func propPatch() async throws {
        _ = await base.send("MKCALENDAR", "/dav/calendars/amal/work/", CalDAVAdapterTests.mkcalendar)
        let bad = await base.send("PROPPATCH", "/dav/calendars/amal/work/", """
            <D:propertyupdate xmlns:D="DAV:" xmlns:A="http://apple.com/ns/ical/">
            <D:set><D:prop><D:displayname>Renamed</D:displayname><D:getetag>x</D:getetag></D:prop></D:set></D:propertyupdate>
            """)
        #expect(bad.status == 207)
        let statuses = try responses(bad)[0].elements.compactMap { self.status($0) }
        #expect(statuses == ["HTTP/1.1 424 Failed Dependency", "HTTP/1.1 403 Forbidden"])
        let good = await base.send("PROPPATCH", "/dav/calendars/amal/work/", """
            <D:propertyupdate xmlns:D="DAV:" xmlns:A="http://apple.com/ns/ical/" xmlns:X="urn:example">
            <D:set><D:prop><D:displayname>Renamed</D:displayname><A:calendar-order>3</A:calendar-order></D:prop></D:set>
            <D:remove><D:prop><X:keep/></D:prop></D:remove></D:propertyupdate>
            """)
        #expect(try responses(good)[0].elements.compactMap { self.status($0) }.allSatisfy { $0.contains("200") })
        let find = await base.send("PROPFIND", "/dav/calendars/amal/work/", """
            <D:propfind xmlns:D="DAV:" xmlns:A="http://apple.com/ns/ical/" xmlns:X="urn:example"><D:prop><D:displayname/><A:calendar-order/><X:keep/></D:prop></D:propfind>
            """, headers: ["Depth": "0"])
        let text = String(decoding: find.bodyBytes, as: UTF8.self)
        #expect(text.contains("Renamed") && text.contains(">3<") && text.contains("404"))
    }

    @Test("calendar-multiget returns data and a 404 per unknown href")
    func multiget() async throws {
        _ = await base.send("MKCALENDAR", "/dav/calendars/amal/work/", CalDAVAdapterTests.mkcalendar)
        _ = await base.send("PUT", "/dav/calendars/amal/work/a.ics", base.event("a"))
        let report = await base.send("REPORT", "/dav/calendars/amal/work/", """
            <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <D:prop><D:getetag/><C:calendar-data/></D:prop>
            <D:href>/dav/calendars/amal/work/a.ics</D:href><D:href>http://example.net/dav/calendars/amal/work/b.ics</D:href>
            <D:href>/dav/calendars/omar/work/a.ics</D:href></C:calendar-multiget>
            """, headers: ["Depth": "1"])
        #expect(report.status == 207)
        let items = try responses(report)
        #expect(items.count == 3)
        let data = items[0].element(named: DAVXML.Name(DAVXML.Namespace.dav, "propstat"))?.element(named: DAVXML.Name(DAVXML.Namespace.dav, "prop"))?
            .element(named: DAVXML.Name(DAVXML.Namespace.calDAV, "calendar-data"))?.text
        #expect(data == base.event("a"))
        #expect(items.dropFirst().allSatisfy { status($0) == "HTTP/1.1 404 Not Found" })
    }

    @Test("sync-collection: initial, incremental, truncated and stale tokens")
    func syncCollection() async throws {
        _ = await base.send("MKCALENDAR", "/dav/calendars/amal/work/", CalDAVAdapterTests.mkcalendar)
        for uid in ["a", "b", "c"] { _ = await base.send("PUT", "/dav/calendars/amal/work/\(uid).ics", base.event(uid)) }
        func sync(_ token: String, limit: Int? = nil) async throws -> (hrefs: [String: String], token: String) {
            let limitXML = limit.map { "<D:limit><D:nresults>\($0)</D:nresults></D:limit>" } ?? ""
            let response = await base.send("REPORT", "/dav/calendars/amal/work/", """
                <D:sync-collection xmlns:D="DAV:"><D:sync-token>\(token)</D:sync-token><D:sync-level>1</D:sync-level>\(limitXML)<D:prop><D:getetag/></D:prop></D:sync-collection>
                """)
            #expect(response.status == 207)
            let root = try XMLReader().parse(response.bodyBytes)
            var hrefs: [String: String] = [:]
            for item in root.elements where item.name.local == "response" {
                let href = item.element(named: DAVXML.Name(DAVXML.Namespace.dav, "href"))!.text
                hrefs[href] = status(item) ?? "changed"
            }
            return (hrefs, root.element(named: DAVXML.Name(DAVXML.Namespace.dav, "sync-token"))!.text)
        }
        let initial = try await sync("")
        #expect(initial.hrefs.count == 3 && initial.token.hasPrefix("http://jadwal.app/ns/sync/"))
        _ = await base.send("DELETE", "/dav/calendars/amal/work/b.ics")
        _ = await base.send("PUT", "/dav/calendars/amal/work/d.ics", base.event("d"))
        let next = try await sync(initial.token)
        #expect(next.hrefs == ["/dav/calendars/amal/work/b.ics": "HTTP/1.1 404 Not Found", "/dav/calendars/amal/work/d.ics": "changed"])
        for uid in ["e", "f", "g"] { _ = await base.send("PUT", "/dav/calendars/amal/work/\(uid).ics", base.event(uid)) }
        let page = try await sync(next.token, limit: 2)
        #expect(page.hrefs["/dav/calendars/amal/work/"] == "HTTP/1.1 507 Insufficient Storage")
        #expect(page.hrefs.count == 3)
        let rest = try await sync(page.token, limit: 2)
        #expect(Set(page.hrefs.keys).union(rest.hrefs.keys).isSuperset(of: ["/dav/calendars/amal/work/e.ics", "/dav/calendars/amal/work/f.ics", "/dav/calendars/amal/work/g.ics"]))
        let stale = await base.send("REPORT", "/dav/calendars/amal/work/", """
            <D:sync-collection xmlns:D="DAV:"><D:sync-token>http://jadwal.app/ns/sync/0-99</D:sync-token><D:sync-level>1</D:sync-level><D:prop/></D:sync-collection>
            """)
        #expect(stale.status == 403 && String(decoding: stale.bodyBytes, as: UTF8.self).contains("valid-sync-token"))
        let unknown = await base.send("REPORT", "/dav/calendars/amal/work/", "<D:acl-principal-prop-set xmlns:D=\"DAV:\"/>")
        #expect(unknown.status == 403 && String(decoding: unknown.bodyBytes, as: UTF8.self).contains("supported-report"))
    }
}
