import Testing
import WebDAV

/// Baïkal's URL layout answered as an alias of `/dav/`.
struct DAVMountAliasTests {
    let alias = DAVMountAlias.baikal

    @Test("paths and Destination URLs under an alias map to /dav/; others are left alone")
    func canonicalPaths() {
        #expect(alias.prefix(of: "/dav.php/calendars/karim/default/") == "/dav.php/")
        #expect(alias.prefix(of: "/dav.php") == "/dav.php/")
        #expect(alias.prefix(of: "/card.php/addressbooks/karim/default/") == "/card.php/")
        #expect(alias.prefix(of: "/dav/calendars/karim/") == nil && alias.prefix(of: "/dav.phpx/") == nil && alias.prefix(of: "/api/dav.php/") == nil)
        #expect(DAVMountAlias.canonical("/dav.php/calendars/karim/default/a.ics", from: "/dav.php/") == "/dav/calendars/karim/default/a.ics")
        #expect(DAVMountAlias.canonical("/dav.php", from: "/dav.php/") == "/dav/")
        #expect(DAVMountAlias.canonical("https://cal.example.org/dav.php/calendars/karim/default/b.ics", from: "/dav.php/")
                    == "https://cal.example.org/dav/calendars/karim/default/b.ics")
    }

    @Test("an answer names its resources under the alias: hrefs, Location and the length")
    func answers() {
        let body = #"<D:multistatus xmlns:D="DAV:"><D:response><D:href>/dav/calendars/karim/default/</D:href><D:propstat><D:prop><C:calendar-home-set><D:href>/dav/calendars/karim/</D:href></C:calendar-home-set><D:displayname>/dav/ stays text</D:displayname></D:prop></D:propstat></D:response></D:multistatus>"#
        let response = DAVResponse(status: 207, headers: [("Content-Type", "application/xml"), ("Content-Length", String(body.utf8.count)),
                                                          ("Location", "/dav/calendars/karim/new/")], body: Array(body.utf8))
        let answered = DAVMountAlias.answer(response, under: "/dav.php/")
        let text = String(decoding: answered.bodyBytes, as: UTF8.self)
        #expect(text.contains("<D:href>/dav.php/calendars/karim/default/</D:href>") && text.contains("<D:href>/dav.php/calendars/karim/</D:href>"))
        #expect(text.contains("<D:displayname>/dav/ stays text</D:displayname>") && !text.contains("<D:href>/dav/"))
        #expect(answered.header("content-length") == String(answered.bodyBytes.count) && answered.header("location") == "/dav.php/calendars/karim/new/")
        let empty = DAVMountAlias.answer(DAVResponse(status: 204), under: "/dav.php/")
        #expect(empty.status == 204 && empty.bodyBytes.isEmpty)
    }
}
