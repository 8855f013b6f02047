import Testing
@testable import CalDAVCore
import CalDAVCoreTesting

/// Discovery from the host root and the principal reports clients send (RFC 3253 §3.8,
/// RFC 3744 §9.4–9.5).
struct PrincipalReportTests {
    let handler = DAVHandler(store: InMemoryCalendarStore())
    let amal = DAVContext(principal: "amal", now: 1_800_000_000)
    let dav = DAVXML.Namespace.dav

    func send(_ method: String, _ path: String, _ body: String) async throws -> (status: Int, xml: DAVXML.Element) {
        let response = await handler.handle(DAVRequest(method: method, path: path, headers: ["depth": "0"], body: Array(body.utf8)), in: amal)
        return (response.status, try XMLReader().parse(response.body))
    }

    func hrefs(_ root: DAVXML.Element) -> [String] {
        root.elements.compactMap { $0.element(named: DAVXML.Name(dav, "href"))?.text }
    }

    @Test("PROPFIND on the host root finds the current user's principal")
    func rootDiscovery() async throws {
        let (status, xml) = try await send("PROPFIND", "/", #"<D:propfind xmlns:D="DAV:"><D:prop><D:current-user-principal/></D:prop></D:propfind>"#)
        #expect(status == 207)
        #expect(hrefs(xml) == ["/"])
        let value = xml.elements.first?.element(named: DAVXML.Name(dav, "propstat"))?.element(named: DAVXML.Name(dav, "prop"))?
            .element(named: DAVXML.Name(dav, "current-user-principal"))?.element(named: DAVXML.Name(dav, "href"))?.text
        #expect(value == "/dav/principals/amal/")
    }

    @Test("expand-property replaces hrefs with the properties of what they name")
    func expandProperty() async throws {
        let (status, xml) = try await send("REPORT", "/dav/principals/amal/", """
            <D:expand-property xmlns:D="DAV:">
              <D:property name="calendar-home-set" namespace="urn:ietf:params:xml:ns:caldav">
                <D:property name="resourcetype"/>
              </D:property>
              <D:property name="displayname"/>
              <D:property name="calendar-proxy-read-for" namespace="http://calendarserver.org/ns/"/>
            </D:expand-property>
            """)
        #expect(status == 207)
        let propstats = try #require(xml.elements.first).elements.filter { $0.name.local == "propstat" }
        let found = try #require(propstats.first { $0.element(named: DAVXML.Name(dav, "status"))?.text == "HTTP/1.1 200 OK" })
        let home = try #require(found.element(named: DAVXML.Name(dav, "prop"))?.element(named: PropertyTable.calDAV("calendar-home-set")))
        let inner = try #require(home.element(named: DAVXML.Name(dav, "response")))
        #expect(inner.element(named: DAVXML.Name(dav, "href"))?.text == "/dav/calendars/amal/")
        #expect(inner.element(named: DAVXML.Name(dav, "propstat"))?.element(named: DAVXML.Name(dav, "prop"))?
            .element(named: DAVXML.Name(dav, "resourcetype"))?.element(named: DAVXML.Name(dav, "collection")) != nil)
        let missing = propstats.first { $0.element(named: DAVXML.Name(dav, "status"))?.text == "HTTP/1.1 404 Not Found" }
        #expect(missing?.element(named: DAVXML.Name(dav, "prop"))?.elements.map(\.name.local) == ["calendar-proxy-read-for"])
    }

    @Test("principal-property-search finds only the user's own principal")
    func principalSearch() async throws {
        func search(_ match: String?, _ props: String = "<D:prop><D:displayname/></D:prop>") async throws -> [String] {
            let condition = match.map { "<D:property-search><D:prop><D:displayname/></D:prop><D:match>\($0)</D:match></D:property-search>" } ?? ""
            let (status, xml) = try await send("REPORT", "/", """
                <D:principal-property-search xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\(condition)\(props)</D:principal-property-search>
                """)
            #expect(status == 207)
            return hrefs(xml)
        }
        #expect(try await search("AMA") == ["/dav/principals/amal/"])
        #expect(try await search("omar").isEmpty)
        #expect(try await search(nil) == ["/dav/principals/amal/"])
        // python caldav 3.x puts the wanted properties beside an empty DAV:prop.
        let (_, xml) = try await send("REPORT", "/", """
            <D:principal-property-search xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop/><C:calendar-home-set/><D:displayname/></D:principal-property-search>
            """)
        let prop = xml.elements.first?.element(named: DAVXML.Name(dav, "propstat"))?.element(named: DAVXML.Name(dav, "prop"))
        #expect(prop?.elements.map(\.name.local) == ["calendar-home-set", "displayname"])
        let (setStatus, set) = try await send("REPORT", "/dav/principals/", #"<D:principal-search-property-set xmlns:D="DAV:"/>"#)
        #expect(setStatus == 200 && set.elements.count == 2)
        let (calendarStatus, _) = try await send("REPORT", "/dav/calendars/amal/", #"<D:principal-property-search xmlns:D="DAV:"/>"#)
        #expect(calendarStatus == 403)
    }
}
