import Foundation
import Testing
@testable import CalDAVCore
import CalDAVCoreTesting
import WebDAV

/// Plain WebDAV collections beside the calendars, driven through the handler over the
/// in-memory stores.
struct PlainCollectionTests {
    let handler = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore(), resources: InMemoryResourceTreeStore(),
                             configuration: DAVConfiguration(maxResourceSize: 1000)))
    let amal = DAVContext(principal: "amal", now: 1_800_000_000)
    let dav = DAVXML.Namespace.dav
    let home = "/dav/calendars/amal/"

    func send(_ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:], as context: DAVContext? = nil) async -> DAVResponse {
        await handler.handle(DAVRequest(method: method, path: path, headers: headers, body: Array(body.utf8)), in: context ?? amal)
    }

    func condition(_ response: DAVResponse) -> String? {
        (try? XMLReader().parse(response.bodyBytes))?.elements.first?.name.local
    }

    /// href -> (resourcetype children, 200 properties by local name) of a PROPFIND answer.
    func listing(_ response: DAVResponse) throws -> [String: (types: [String], found: [String: DAVXML.Element])] {
        var result: [String: (types: [String], found: [String: DAVXML.Element])] = [:]
        for item in try XMLReader().parse(response.bodyBytes).elements {
            let href = try #require(item.element(named: DAVXML.Name(dav, "href"))?.text)
            var found: [String: DAVXML.Element] = [:]
            for propstat in item.elements where propstat.element(named: DAVXML.Name(dav, "status"))?.text == "HTTP/1.1 200 OK" {
                for property in propstat.element(named: DAVXML.Name(dav, "prop"))?.elements ?? [] { found[property.name.local] = property }
            }
            result[href] = (found["resourcetype"]?.elements.map(\.name.local) ?? [], found)
        }
        return result
    }

    @Test("beside plain collections, the home still answers calendar reports: sync-collection (iOS) and calendar-query")
    func homeReports() async throws {
        #expect(await send("MKCALENDAR", home + "work/").status == 201)
        #expect(await send("MKCOL", home + "files/").status == 201)
        let sync = await send("REPORT", home, "<D:sync-collection xmlns:D=\"DAV:\"><D:sync-token/><D:prop><D:getetag/></D:prop></D:sync-collection>")
        #expect(sync.status == 207)
        #expect(String(decoding: sync.bodyBytes, as: UTF8.self).contains("<D:href>\(home)work/</D:href>"))
        let query = await send("REPORT", home, """
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>
            <C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>
            """)
        #expect(query.status == 207)
        #expect(await send("MKCOL", home).status == 405)
    }

    @Test("OPTIONS claims class 1 and 3 but not 2: there are no locks")
    func options() async {
        let dav = await send("OPTIONS", home + "files/").header("DAV") ?? ""
        let classes = dav.split(separator: ",").map { $0.trimmingSpaces }
        #expect(classes.contains("1") && classes.contains("3") && !classes.contains("2"))
        #expect(await send("LOCK", home + "files/").status == 405)
    }

    @Test("a plain MKCOL makes a collection the home lists as a collection, not a calendar")
    func makeCollection() async throws {
        #expect(await send("MKCOL", home + "files/").status == 201)
        let again = await send("MKCOL", home + "files/")
        #expect(again.status == 405 && condition(again) == "resource-must-be-null")
        #expect(await send("MKCALENDAR", home + "work/").status == 201)
        let found = try listing(await send("PROPFIND", home, headers: ["Depth": "1"]))
        #expect(found[home + "files/"]?.types == ["collection"])
        #expect(found[home + "work/"]?.types == ["collection", "calendar"])
        #expect(await send("MKCOL", home + "files/a/b/").status == 409)
        #expect(await send("MKCOL", home + "files/a/").status == 201)
        #expect(await send("MKCOL", home + "files/a/b/").status == 201)
        #expect(await send("PROPFIND", home + "files/a/b/", headers: ["Depth": "0"]).status == 207)
    }

    @Test("MKCOL with a body it does not understand is 415; an extended MKCOL sets dead properties")
    func makeCollectionBodies() async throws {
        #expect(await send("MKCOL", home + "odd/", "afafafaf", headers: ["Content-Type": "xzy-foo/bar-512"]).status == 415)
        #expect(await send("MKCOL", home + "odd/", "<D:propfind xmlns:D=\"DAV:\"/>", headers: ["Content-Type": "application/xml"]).status == 415)
        #expect(await send("PROPFIND", home + "odd/", headers: ["Depth": "0"]).status == 404)
        let extended = """
            <D:mkcol xmlns:D="DAV:" xmlns:X="urn:x"><D:set><D:prop>
            <D:resourcetype><D:collection/></D:resourcetype><D:displayname>Files</D:displayname><X:tag>kept</X:tag>
            </D:prop></D:set></D:mkcol>
            """
        #expect(await send("MKCOL", home + "files/", extended).status == 201)
        let found = try listing(await send("PROPFIND", home + "files/", """
            <D:propfind xmlns:D="DAV:" xmlns:X="urn:x"><D:prop><D:resourcetype/><D:displayname/><X:tag/></D:prop></D:propfind>
            """, headers: ["Depth": "0"]))
        #expect(found[home + "files/"]?.found["displayname"]?.text == "Files")
        #expect(found[home + "files/"]?.found["tag"]?.text == "kept")
        #expect(found[home + "files/"]?.types == ["collection"])
    }

    @Test("calendars are made only in the home and never beside a plain collection of the same name")
    func calendarLocation() async throws {
        _ = await send("MKCOL", home + "files/")
        let inside = await send("MKCALENDAR", home + "files/cal/")
        #expect(inside.status == 403 && condition(inside) == "calendar-collection-location-ok")
        let extended = """
            <D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
            <D:resourcetype><D:collection/><C:calendar/></D:resourcetype></D:prop></D:set></D:mkcol>
            """
        let nested = await send("MKCOL", home + "files/cal/", extended)
        #expect(nested.status == 403 && condition(nested) == "calendar-collection-location-ok")
        #expect(await send("MKCOL", home + "tasks/", extended).status == 201)
        let found = try listing(await send("PROPFIND", home + "tasks/", headers: ["Depth": "0"]))
        #expect(found[home + "tasks/"]?.types == ["collection", "calendar"])
        let clash = await send("MKCALENDAR", home + "files/")
        #expect(clash.status == 405 && condition(clash) == "resource-must-be-null")
        #expect(await send("MKCOL", home + "tasks/").status == 405)
    }

    @Test("files of any type are stored as sent, with strong ETags and conditional writes")
    func files() async throws {
        _ = await send("MKCOL", home + "files/")
        let put = await send("PUT", home + "files/notes.txt", "hello\n", headers: ["Content-Type": "text/plain; charset=utf-8", "If-None-Match": "*"])
        #expect(put.status == 201)
        let etag = try #require(put.header("ETag"))
        #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
        let get = await send("GET", home + "files/notes.txt")
        #expect(get.status == 200 && get.bodyBytes == Array("hello\n".utf8))
        #expect(get.header("Content-Type") == "text/plain; charset=utf-8" && get.header("ETag") == etag)
        let head = await send("HEAD", home + "files/notes.txt")
        #expect(head.status == 200 && head.bodyBytes.isEmpty && head.header("Content-Length") == "6")
        #expect(await send("PUT", home + "files/notes.txt", "x", headers: ["If-None-Match": "*"]).status == 412)
        #expect(await send("PUT", home + "files/notes.txt", "x", headers: ["If-Match": "\"stale\""]).status == 412)
        let replaced = await send("PUT", home + "files/notes.txt", "bye", headers: ["If-Match": etag])
        #expect(replaced.status == 204 && replaced.header("ETag") != etag)
        let untyped = await send("PUT", home + "files/blob", "\u{0}\u{1}")
        #expect(untyped.status == 201)
        #expect(await send("GET", home + "files/blob").header("Content-Type") == "application/octet-stream")
        #expect(await send("PUT", home + "files/missing/x.txt", "x").status == 409)
        #expect(await send("PUT", home + "files/", "x").status == 405)
        #expect(await send("PUT", home + "loose.txt", "x").status == 405)
        #expect(await send("PUT", home + "files/big", String(repeating: "x", count: 1001)).status == 413)
        #expect(await send("GET", home + "files/big").status == 404)
        #expect(await send("DELETE", home + "files/notes.txt", headers: ["If-Match": etag]).status == 412)
        #expect(await send("DELETE", home + "files/notes.txt").status == 204)
        #expect(await send("DELETE", home + "files/notes.txt").status == 404)
    }

    @Test("DELETE of a collection takes its members; PROPFIND Depth 1 lists them")
    func recursiveDelete() async throws {
        _ = await send("MKCOL", home + "files/")
        _ = await send("MKCOL", home + "files/sub/")
        _ = await send("PUT", home + "files/a", "a")
        _ = await send("PUT", home + "files/sub/b", "b")
        let found = try listing(await send("PROPFIND", home + "files/", headers: ["Depth": "1"]))
        #expect(Set(found.keys) == [home + "files/", home + "files/a", home + "files/sub/"])
        #expect(found[home + "files/a"]?.found["getcontentlength"]?.text == "1" && found[home + "files/a"]?.types == [])
        #expect(await send("DELETE", home + "files/").status == 204)
        #expect(await send("GET", home + "files/sub/b").status == 404)
        #expect(await send("MKCOL", home + "files/").status == 201)
        #expect(await send("GET", home + "files/sub/b").status == 404)
    }

    @Test("dead properties on files and collections: set, read back exactly, remove, in document order")
    func deadProperties() async throws {
        _ = await send("MKCOL", home + "files/")
        _ = await send("PUT", home + "files/a", "a")
        for path in [home + "files/", home + "files/a"] {
            let patch = await send("PROPPATCH", path, """
                <propertyupdate xmlns="DAV:"><set><prop><u xmlns="urn:x">&#65536; <b/></u><bare xmlns="">v</bare></prop></set>
                <remove><prop><order xmlns="urn:x"/></prop></remove><set><prop><order xmlns="urn:x">x</order></prop></set>
                <set><prop><order xmlns="urn:x">y</order></prop></set></propertyupdate>
                """)
            #expect(patch.status == 207)
            #expect(try XMLReader().parse(patch.bodyBytes).elements[0].elements.count == 4)  // href + one propstat per property
            let find = await send("PROPFIND", path, """
                <propfind xmlns="DAV:"><prop><u xmlns="urn:x"/><order xmlns="urn:x"/><bare xmlns=""/></prop></propfind>
                """, headers: ["Depth": "0"])
            let found = try #require(try listing(find)[path]?.found)
            #expect(found["u"]?.text == "\u{10000} " && found["u"]?.elements.map(\.name) == [DAVXML.Name("urn:x", "b")])
            #expect(found["order"]?.text == "y" && found["bare"]?.name == DAVXML.Name("", "bare"))
            _ = await send("PROPPATCH", path, """
                <propertyupdate xmlns="DAV:"><set><prop><order xmlns="urn:x">z</order></prop></set><remove><prop><order xmlns="urn:x"/></prop></remove></propertyupdate>
                """)
            let names = try XMLReader().parse(await send("PROPFIND", path, "<propfind xmlns=\"DAV:\"><propname/></propfind>", headers: ["Depth": "0"]).bodyBytes)
            let listed = names.elements[0].elements[1].element(named: DAVXML.Name(dav, "prop"))?.elements.map(\.name) ?? []
            #expect(listed.contains(DAVXML.Name("urn:x", "u")) && !listed.contains(DAVXML.Name("urn:x", "order")))
        }
        let protected = await send("PROPPATCH", home + "files/a", """
            <propertyupdate xmlns="DAV:"><set><prop><getetag>x</getetag><keep xmlns="urn:x">1</keep></prop></set></propertyupdate>
            """)
        let statuses = try XMLReader().parse(protected.bodyBytes).elements[0].elements.compactMap { $0.element(named: DAVXML.Name(dav, "status"))?.text }
        #expect(statuses == ["HTTP/1.1 403 Forbidden", "HTTP/1.1 424 Failed Dependency"])
        #expect(try listing(await send("PROPFIND", home + "files/a", "<propfind xmlns=\"DAV:\"><prop><keep xmlns=\"urn:x\"/></prop></propfind>",
                                        headers: ["Depth": "0"]))[home + "files/a"]?.found["keep"] == nil)
    }

    @Test("COPY and MOVE of files: 201, 204, Overwrite, missing parents, properties along")
    func copyMoveFiles() async throws {
        _ = await send("MKCOL", home + "files/")
        _ = await send("PUT", home + "files/a", "alpha")
        _ = await send("PROPPATCH", home + "files/a", "<propertyupdate xmlns=\"DAV:\"><set><prop><p xmlns=\"urn:x\">1</p></prop></set></propertyupdate>")
        let copy = await send("COPY", home + "files/a", headers: ["Destination": "http://cal.example:8080" + home + "files/b", "Host": "cal.example:8080"])
        #expect(copy.status == 201)
        #expect(await send("COPY", home + "files/a", headers: ["Destination": home + "files/b", "Overwrite": "F"]).status == 412)
        #expect(await send("COPY", home + "files/a", headers: ["Destination": home + "files/b"]).status == 204)
        #expect(await send("COPY", home + "files/a", headers: ["Destination": home + "nowhere/b"]).status == 409)
        #expect(await send("COPY", home + "files/a", headers: ["Destination": "http://elsewhere.example" + home + "files/c", "Host": "cal.example:8080"]).status == 502)
        #expect(await send("COPY", home + "files/a", headers: ["Destination": "/dav/calendars/omar/files/a"]).status == 403)
        #expect(await send("COPY", home + "files/a", headers: ["Destination": home + "files/a"]).status == 403)
        #expect(await send("COPY", home + "files/a", headers: ["Destination": home + "top"]).status == 409)
        #expect(await send("COPY", home + "files/a", headers: ["Destination": home + "files/c", "Depth": "1"]).status == 400)
        let moved = await send("MOVE", home + "files/b", headers: ["Destination": home + "files/m"])
        #expect(moved.status == 201)
        #expect(await send("GET", home + "files/b").status == 404)
        #expect(await send("GET", home + "files/m").bodyBytes == Array("alpha".utf8))
        let found = try listing(await send("PROPFIND", home + "files/m", "<propfind xmlns=\"DAV:\"><prop><p xmlns=\"urn:x\"/></prop></propfind>", headers: ["Depth": "0"]))
        #expect(found[home + "files/m"]?.found["p"]?.text == "1")
    }

    @Test("COPY of collections at Depth infinity and 0, MOVE over a collection")
    func copyMoveCollections() async throws {
        _ = await send("MKCOL", home + "files/")
        _ = await send("MKCOL", home + "files/src/")
        _ = await send("PUT", home + "files/src/a", "a")
        _ = await send("MKCOL", home + "files/src/sub/")
        _ = await send("PUT", home + "files/src/sub/b", "b")
        #expect(await send("COPY", home + "files/src/", headers: ["Destination": home + "files/deep/"]).status == 201)
        #expect(await send("GET", home + "files/deep/sub/b").bodyBytes == Array("b".utf8))
        #expect(await send("COPY", home + "files/src/", headers: ["Destination": home + "files/shallow/", "Depth": "0"]).status == 201)
        #expect(await send("PROPFIND", home + "files/shallow/", headers: ["Depth": "0"]).status == 207)
        #expect(await send("GET", home + "files/shallow/a").status == 404)
        #expect(await send("COPY", home + "files/src/", headers: ["Destination": home + "files/src/sub/inner/"]).status == 403)
        #expect(await send("MOVE", home + "files/src/", headers: ["Destination": home + "files/deep/", "Overwrite": "F"]).status == 412)
        #expect(await send("MOVE", home + "files/src/", headers: ["Destination": home + "files/x/", "Depth": "0"]).status == 400)
        _ = await send("PUT", home + "files/deep/only-old", "old")
        #expect(await send("MOVE", home + "files/src/", headers: ["Destination": home + "files/deep/"]).status == 204)
        #expect(await send("GET", home + "files/deep/only-old").status == 404)
        #expect(await send("GET", home + "files/deep/a").bodyBytes == Array("a".utf8))
        #expect(await send("PROPFIND", home + "files/src/", headers: ["Depth": "0"]).status == 404)
        #expect(await send("MOVE", home + "files/deep/", headers: ["Destination": home + "moved/"]).status == 201)
        #expect(await send("GET", home + "moved/sub/b").bodyBytes == Array("b".utf8))
    }

    @Test("calendars stay strict: no plain files in them, no copies between the two kinds, no REPORTs on plain ones")
    func calendarsStayStrict() async throws {
        _ = await send("MKCALENDAR", home + "work/")
        _ = await send("MKCOL", home + "files/")
        _ = await send("PUT", home + "files/a.ics", "not a calendar")
        let text = await send("PUT", home + "work/a.txt", "hello", headers: ["Content-Type": "text/plain"])
        #expect(text.status == 403 && condition(text) == "supported-calendar-data")
        #expect(await send("MKCOL", home + "work/sub/").status == 403)
        #expect(await send("COPY", home + "files/a.ics", headers: ["Destination": home + "work/a.ics"]).status == 403)
        #expect(await send("GET", home + "work/a.ics").status == 404)
        let report = await send("REPORT", home + "files/", """
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>
            """, headers: ["Depth": "1"])
        #expect(report.status == 403 && condition(report) == "supported-report")
        #expect(await send("REPORT", home + "missing/", "<D:sync-collection xmlns:D=\"DAV:\"/>").status == 404)
    }

    @Test("one user never reaches another's plain collections")
    func isolation() async {
        _ = await send("MKCOL", home + "files/")
        _ = await send("PUT", home + "files/a", "a")
        let omar = DAVContext(principal: "omar", now: 0)
        #expect(await send("GET", home + "files/a", as: omar).status == 404)
        #expect(await send("PROPFIND", home + "files/", headers: ["Depth": "1"], as: omar).status == 404)
        #expect(await send("DELETE", home + "files/", as: omar).status == 404)
        #expect(await send("MKCOL", "/dav/calendars/omar/files/", as: omar).status == 201)
        #expect(await send("PROPFIND", "/dav/calendars/omar/files/", headers: ["Depth": "1"], as: omar).status == 207)
        #expect(await send("GET", home + "files/a").status == 200)
    }
}
