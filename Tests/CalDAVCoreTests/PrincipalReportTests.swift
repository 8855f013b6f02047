import Testing
@testable import CalDAVCore
import CalDAVCoreTesting
import WebDAV

/// Discovery from the host root and the principal reports clients send (RFC 3253 §3.8,
/// RFC 3744 §9.4–9.5).
struct PrincipalReportTests {
    let handler = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore()))
    let amal = DAVContext(principal: "amal", now: 1_800_000_000, emailAddresses: ["amal@example.org"])
    let dav = DAVXML.Namespace.dav

    func send(_ method: String, _ path: String, _ body: String) async throws -> (status: Int, xml: DAVXML.Element) {
        let response = await handler.handle(DAVRequest(method: method, path: path, headers: ["depth": "0"], body: Array(body.utf8)), in: amal)
        return (response.status, try XMLReader().parse(response.bodyBytes))
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
        let home = try #require(found.element(named: DAVXML.Name(dav, "prop"))?.element(named: DAVXML.Name.calDAV("calendar-home-set")))
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
        let byAddress = "<D:property-search><D:prop><C:calendar-user-address-set/></D:prop><D:match>mailto:amal@</D:match></D:property-search><D:prop/>"
        #expect(try await search(nil, byAddress) == ["/dav/principals/amal/"])
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
        // The collection of homes lists the principal reports as supported, and answers them.
        let (homesStatus, homesSet) = try await send("REPORT", "/dav/calendars/", #"<D:principal-search-property-set xmlns:D="DAV:"/>"#)
        #expect(homesStatus == 200 && homesSet.elements.count == 2)
        let (applied, found) = try await send("REPORT", "/dav/calendars/amal/", """
            <D:principal-property-search xmlns:D="DAV:"><D:apply-to-principal-collection-set/><D:prop><D:displayname/></D:prop></D:principal-property-search>
            """)
        #expect(applied == 207 && hrefs(found) == ["/dav/principals/amal/"])
    }
}

/// Other accounts found by their exact user name or email address, as the delegate picker
/// of macOS Calendar and attendee lookups send it, and never by part of it.
struct PrincipalLookupTests {
    let handler = DAVServer([CalDAVAdapter(store: InMemoryCalendarStore())], lookup: PrincipalLookup { text in
        guard text == "omar" || text.lowercased() == "omar@example.org" else { return nil }
        return FoundPrincipal(user: "omar", displayName: "Omar", emailAddresses: ["omar@example.org"])
    })
    let amal = DAVContext(principal: "amal", now: 1_800_000_000, emailAddresses: ["amal@example.org"])

    func search(_ conditions: String, test: String = "anyof") async throws -> [String: DAVXML.Element] {
        let body = """
            <D:principal-property-search xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" test="\(test)">\(conditions)
            <D:prop><D:displayname/><C:calendar-user-address-set/></D:prop></D:principal-property-search>
            """
        let response = await handler.handle(DAVRequest(method: "REPORT", path: "/dav/principals/", headers: ["depth": "0"], body: Array(body.utf8)), in: amal)
        #expect(response.status == 207)
        let responses = try XMLReader().parse(response.bodyBytes).elements
        return Dictionary(uniqueKeysWithValues: responses.map { ($0.element(named: .dav("href"))?.text ?? "", $0) })
    }

    func condition(_ property: String, _ match: String) -> String {
        "<D:property-search><D:prop>\(property)</D:prop><D:match>\(match)</D:match></D:property-search>"
    }

    @Test("the whole address or user name finds the account, with its name and addresses")
    func exact() async throws {
        // What macOS sends as one types in the delegate picker: the same text in several properties, any of them.
        let typed = ["<D:displayname/>", "<C:calendar-user-address-set/>"].map { condition($0, "OMAR@example.org") }.joined()
        let found = try await search(typed)
        #expect(Set(found.keys) == ["/dav/principals/omar/"])
        let prop = found["/dav/principals/omar/"]?.element(named: .dav("propstat"))?.element(named: .dav("prop"))
        #expect(prop?.element(named: .dav("displayname"))?.text == "Omar")
        #expect(prop?.element(named: .calDAV("calendar-user-address-set"))?.elements.map(\.text) == ["mailto:omar@example.org", "/dav/principals/omar/"])
        #expect(Set(try await search(condition("<D:displayname/>", "omar")).keys) == ["/dav/principals/omar/"])
        #expect(Set(try await search(condition("<C:calendar-user-address-set/>", "mailto:omar@example.org")).keys) == ["/dav/principals/omar/"])
    }

    @Test("part of a name or address finds nobody else, and every condition must hold under allof")
    func partial() async throws {
        #expect(try await search(condition("<D:displayname/>", "oma")).isEmpty)
        #expect(Set(try await search(condition("<C:calendar-user-address-set/>", "@example.org")).keys) == ["/dav/principals/amal/"])
        let both = condition("<D:displayname/>", "omar") + condition("<C:calendar-user-address-set/>", "mailto:someone@else.org")
        #expect(try await search(both, test: "allof").isEmpty)
        // Found by a search, the principal stays unreadable otherwise.
        let read = await handler.handle(DAVRequest(method: "PROPFIND", path: "/dav/principals/omar/", headers: ["depth": "0"]), in: amal)
        #expect(read.status == 404)
    }
}

/// sync-collection on the calendar home (iOS 18 syncs the home this way).
struct HomeSyncTests {
    let handler = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore()))
    let amal = DAVContext(principal: "amal", now: 1_800_000_000)

    func sync(_ token: String) async throws -> (status: Int, hrefs: [String], token: String?) {
        let body = "<D:sync-collection xmlns:D=\"DAV:\"><D:sync-token>\(token)</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:displayname/></D:prop></D:sync-collection>"
        let response = await handler.handle(DAVRequest(method: "REPORT", path: "/dav/calendars/amal/", body: Array(body.utf8)), in: amal)
        let xml = try XMLReader().parse(response.bodyBytes)
        let hrefs = xml.elements.compactMap { $0.element(named: DAVXML.Name.dav("href"))?.text }
        return (response.status, hrefs, xml.element(named: DAVXML.Name.dav("sync-token"))?.text)
    }

    @Test("an empty token lists calendars, the current one nothing, a stale one 403")
    func homeSync() async throws {
        for name in ["work", "family"] {
            _ = await handler.handle(DAVRequest(method: "MKCALENDAR", path: "/dav/calendars/amal/\(name)/"), in: amal)
        }
        let first = try await sync("")
        #expect(first.status == 207 && Set(first.hrefs) == ["/dav/calendars/amal/work/", "/dav/calendars/amal/family/"])
        let token = try #require(first.token)
        let again = try await sync(token)
        #expect(again.status == 207 && again.hrefs.isEmpty && again.token == token)
        _ = await handler.handle(DAVRequest(method: "DELETE", path: "/dav/calendars/amal/family/"), in: amal)
        let stale = try await sync(token)
        #expect(stale.status == 403)
        #expect(try await sync("").hrefs == ["/dav/calendars/amal/work/"])
    }
}

/// Tokens of a deleted calendar are refused by the one created in its place.
struct RecreatedCalendarSyncTests {
    @Test("a calendar recreated at once under the same name refuses the old tokens")
    func recreated() async throws {
        let handler = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore()))
        let amal = DAVContext(principal: "amal", now: 1_800_000_000)
        func send(_ method: String, _ path: String, _ body: String = "") async -> DAVResponse {
            await handler.handle(DAVRequest(method: method, path: path, body: Array(body.utf8)), in: amal)
        }
        func event(_ uid: String) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        }
        func sync(_ token: String) async throws -> (Int, String?) {
            let response = await send("REPORT", "/dav/calendars/amal/work/",
                                      "<D:sync-collection xmlns:D=\"DAV:\"><D:sync-token>\(token)</D:sync-token><D:sync-level>1</D:sync-level><D:prop/></D:sync-collection>")
            return (response.status, try XMLReader().parse(response.bodyBytes).element(named: DAVXML.Name.dav("sync-token"))?.text)
        }
        _ = await send("MKCALENDAR", "/dav/calendars/amal/work/")
        _ = await send("PUT", "/dav/calendars/amal/work/a.ics", event("a"))
        let old = try #require(try await sync("").1)
        _ = await send("DELETE", "/dav/calendars/amal/work/")
        _ = await send("MKCALENDAR", "/dav/calendars/amal/work/")
        for uid in ["b", "c"] { _ = await send("PUT", "/dav/calendars/amal/work/\(uid).ics", event(uid)) }
        #expect(try await sync(old).0 == 403)
    }
}
