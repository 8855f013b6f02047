import Foundation
import Testing
@testable import CalDAVCore
import CalDAVCoreTesting
import WebDAV

/// A principal reaches its own tree only, compared byte for byte: a name canonically
/// equal to another user's (a decomposed é against a composed one) is a different user.
struct PrincipalIdentityTests {
    let handler = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore()))
    /// Paths arrive in NFC: `/dav/calendars/jos%C3%A9/` names the composed é.
    let owner = DAVContext(principal: "jos\u{E9}", now: 1_800_000_000)
    let lookalike = DAVContext(principal: "jose\u{301}", now: 1_800_000_000)
    let home = "/dav/calendars/jos%C3%A9/"

    func send(_ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:], as context: DAVContext) async -> DAVResponse {
        await handler.handle(DAVRequest(method: method, path: path, headers: headers, body: Array(body.utf8)), in: context)
    }

    let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:one\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    @Test("the names are equal to Swift and different to the server")
    func names() {
        #expect(owner.principal == lookalike.principal)
        #expect(!lookalike.owns(owner.principal))
        #expect(owner.owns("jos\u{E9}"))
    }

    @Test("no method reaches the other user's home, calendar or object")
    func everyMethod() async {
        #expect(await send("MKCALENDAR", home + "work/", as: owner).status == 201)
        #expect(await send("PUT", home + "work/one.ics", event, headers: ["content-type": "text/calendar"], as: owner).status == 201)
        let query = "<C:calendar-query xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><D:prop><D:getetag/></D:prop><C:filter><C:comp-filter name=\"VCALENDAR\"/></C:filter></C:calendar-query>"
        let attempts: [(String, String, String, [String: String])] = [
            ("GET", home + "work/one.ics", "", [:]), ("HEAD", home + "work/one.ics", "", [:]),
            ("PUT", home + "work/one.ics", event, ["content-type": "text/calendar"]), ("DELETE", home + "work/one.ics", "", [:]),
            ("PROPFIND", home, "", ["depth": "1"]), ("PROPFIND", home + "work/", "", ["depth": "1"]),
            ("PROPPATCH", home + "work/", "<D:propertyupdate xmlns:D=\"DAV:\"><D:set><D:prop><D:displayname>x</D:displayname></D:prop></D:set></D:propertyupdate>", [:]),
            ("REPORT", home + "work/", query, ["depth": "1"]), ("MKCOL", home + "other/", "", [:]), ("MKCALENDAR", home + "other/", "", [:]),
            ("COPY", home + "work/one.ics", "", ["destination": home + "work/two.ics"]),
            ("MOVE", home + "work/one.ics", "", ["destination": home + "work/two.ics"]), ("DELETE", home + "work/", "", [:]),
        ]
        for (method, path, body, headers) in attempts {
            let status = await send(method, path, body, headers: headers, as: lookalike).status
            #expect(!(200..<300).contains(status), "\(method) \(path) answered \(status)")
        }
        let kept = await send("GET", home + "work/one.ics", as: owner)
        #expect(kept.status == 200)
        #expect(String(decoding: kept.bodyBytes, as: UTF8.self) == event)
    }

    @Test("a destination is compared after normalization too: another spelling of one's own tree is one's own, another user's is refused")
    func destination() async {
        #expect(await send("MKCALENDAR", home + "work/", as: owner).status == 201)
        #expect(await send("PUT", home + "work/one.ics", event, headers: ["content-type": "text/calendar"], as: owner).status == 201)
        #expect(await send("MKCALENDAR", home + "home/", as: owner).status == 201)
        let decomposed = "/dav/calendars/jose%CC%81/home/one.ics"
        #expect(await send("COPY", home + "work/one.ics", headers: ["destination": decomposed], as: owner).status == 201)
        #expect(await send("GET", home + "home/one.ics", as: owner).status == 200)
        #expect(await send("COPY", home + "work/one.ics", headers: ["destination": "/dav/calendars/omar/work/one.ics"], as: owner).status == 403)
    }
}

/// What the audit found in how objects and refusals come back.
struct ServedFormTests {
    let handler = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore()))
    let amal = DAVContext(principal: "amal", now: 1_800_000_000)

    func send(_ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:]) async -> DAVResponse {
        await handler.handle(DAVRequest(method: method, path: path, headers: headers, body: Array(body.utf8)), in: amal)
    }

    @Test("an object uploaded with bare LF is served with CRLF, every other byte as sent")
    func lineEndings() async {
        #expect(await send("MKCALENDAR", "/dav/calendars/amal/work/").status == 201)
        let lf = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//t//EN\nBEGIN:VEVENT\nUID:lf\nDTSTAMP:20260101T000000Z\nDTSTART:20260105T090000Z\nSUMMARY:Caf\u{E9}\nEND:VEVENT\nEND:VCALENDAR\n"
        let put = await send("PUT", "/dav/calendars/amal/work/lf.ics", lf, headers: ["content-type": "text/calendar"])
        #expect(put.status == 201)
        let got = await send("GET", "/dav/calendars/amal/work/lf.ics")
        #expect(String(decoding: got.bodyBytes, as: UTF8.self) == lf.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(got.header("etag") == put.header("etag"))
    }

    @Test("a write to a read-only place names the resource and the privilege it needs")
    func needPrivileges() async throws {
        let response = await send("DELETE", "/dav/calendars/amal/")
        #expect(response.status == 403)
        let body = String(decoding: response.bodyBytes, as: UTF8.self)
        #expect(body.contains("need-privileges"))
        #expect(body.contains("<D:resource><D:href>/dav/</D:href><D:privilege><D:unbind/></D:privilege></D:resource>") || body.contains("unbind"))
        let error = try XMLReader().parse(response.bodyBytes)
        let condition = try #require(error.elements.first)
        #expect(condition.name.local == "need-privileges")
        #expect(condition.elements.first?.name.local == "resource")
    }

    @Test("the collections of homes and of principals list the principal's own, and no one else's")
    func collections() async {
        let homes = await send("PROPFIND", "/dav/calendars/", headers: ["depth": "1"])
        #expect(homes.status == 207)
        let text = String(decoding: homes.bodyBytes, as: UTF8.self)
        #expect(text.contains("<D:href>/dav/calendars/</D:href>"))
        #expect(text.contains("<D:href>/dav/calendars/amal/</D:href>"))
        let principals = String(decoding: await send("PROPFIND", "/dav/principals/", headers: ["depth": "1"]).bodyBytes, as: UTF8.self)
        #expect(principals.contains("<D:href>/dav/principals/amal/</D:href>"))
    }
}
