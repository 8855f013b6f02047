import Foundation
import Testing
import CardDAVCore
import CardDAVCoreTesting
import WebDAV

/// CardDAV over the engine with an in-memory store: discovery, collections, cards,
/// preconditions and isolation between principals.
struct CardDAVAdapterTests {
    @Test("the principal names the address book home; OPTIONS names the addressbook class")
    func discovery() async throws {
        let fixture = try await CardDAVFixture()
        let principal = await fixture.send("PROPFIND", "/dav/principals/amal/",
                                           "<propfind xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:carddav\"><prop><C:addressbook-home-set/></prop></propfind>",
                                           headers: ["depth": "0"])
        #expect(principal.status == 207)
        #expect(principal.text.contains("<CARD:addressbook-home-set><D:href>/dav/addressbooks/amal/</D:href></CARD:addressbook-home-set>"))
        let options = await fixture.send("OPTIONS", "/dav/addressbooks/amal/")
        #expect(options.header("DAV")?.contains("addressbook") == true)
        let home = await fixture.send("PROPFIND", "/dav/addressbooks/amal/",
                                      "<propfind xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:carddav\"><prop><resourcetype/><displayname/><C:supported-address-data/></prop></propfind>",
                                      headers: ["depth": "1"])
        #expect(home.status == 207)
        #expect(home.text.contains("<D:href>/dav/addressbooks/amal/contacts/</D:href>"))
        #expect(home.text.contains("<CARD:addressbook/>"))
        #expect(home.text.contains("<D:displayname>Contacts</D:displayname>"))
        #expect(home.text.contains("version=\"4.0\""))
    }

    @Test("PUT, GET, HEAD and DELETE of a card with strong ETags and conditional headers")
    func cards() async throws {
        let fixture = try await CardDAVFixture()
        let card = CardDAVFixture.card(uid: "u1", fn: "Amal Haddad")
        let created = await fixture.put("u1.vcf", card, headers: ["if-none-match": "*"])
        #expect(created.status == 201)
        let etag = try #require(created.header("ETag"))
        let again = await fixture.put("u1.vcf", card, headers: ["if-none-match": "*"])
        #expect(again.status == 412)
        let get = await fixture.send("GET", "/dav/addressbooks/amal/contacts/u1.vcf")
        #expect(get.status == 200 && get.header("ETag") == etag)
        #expect(get.text == card.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(get.header("Content-Type")?.hasPrefix("text/vcard") == true)
        let head = await fixture.send("HEAD", "/dav/addressbooks/amal/contacts/u1.vcf")
        #expect(head.status == 200 && head.bodyBytes.isEmpty)
        let stale = await fixture.put("u1.vcf", card, headers: ["if-match": "\"nope\""])
        #expect(stale.status == 412)
        let updated = await fixture.put("u1.vcf", CardDAVFixture.card(uid: "u1", fn: "Amal H."), headers: ["if-match": etag])
        #expect(updated.status == 204)
        let deleted = await fixture.send("DELETE", "/dav/addressbooks/amal/contacts/u1.vcf", headers: ["if-match": etag])
        #expect(deleted.status == 412)
        #expect(await fixture.send("DELETE", "/dav/addressbooks/amal/contacts/u1.vcf").status == 204)
        #expect(await fixture.send("GET", "/dav/addressbooks/amal/contacts/u1.vcf").status == 404)
    }

    @Test("GET converts a card to the version Accept asks for, and a book answers as one file")
    func versionsAndExport() async throws {
        let fixture = try await CardDAVFixture()
        await fixture.put("a.vcf", CardDAVFixture.card(uid: "a", fn: "A", extra: "X-ADDRESSBOOKSERVER-KIND:group\n"))
        await fixture.put("b.vcf", CardDAVFixture.card(uid: "b", fn: "B", version: "4.0"))
        let converted = await fixture.send("GET", "/dav/addressbooks/amal/contacts/a.vcf", headers: ["accept": "text/vcard; version=4.0"])
        #expect(converted.text.contains("VERSION:4.0") && converted.text.contains("KIND:group"))
        #expect(converted.header("ETag") == nil)
        let export = await fixture.send("GET", "/dav/addressbooks/amal/contacts/")
        #expect(export.status == 200)
        #expect(export.text.components(separatedBy: "BEGIN:VCARD").count == 3)
        await fixture.put("c.vcf", CardDAVFixture.card(uid: "c", fn: "C"))
        let later = await fixture.send("GET", "/dav/addressbooks/amal/contacts/")
        #expect(export.header("ETag") != nil && later.header("ETag") != export.header("ETag"))
    }

    @Test("bad cards are refused with their precondition and change nothing")
    func preconditions() async throws {
        let fixture = try await CardDAVFixture(configuration: DAVConfiguration(maxResourceSize: 2000))
        await fixture.put("held.vcf", CardDAVFixture.card(uid: "same", fn: "Held"))
        let token = await fixture.syncToken()
        let cases: [(String, [String: String], String)] = [
            ("BEGIN:VCARD\nVERSION:3.0\nUID:t\nFN:Truncated\n", [:], "valid-address-data"),
            ("BEGIN:VCARD\nVERSION:3.0\nUID:nofn\nEND:VCARD\n", [:], "valid-address-data"),
            ("garbage", [:], "valid-address-data"),
            ("BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n", ["content-type": "text/calendar"], "supported-address-data"),
            (CardDAVFixture.card(uid: "same", fn: "Twin"), [:], "no-uid-conflict"),
            (CardDAVFixture.card(uid: "big", fn: "Big", extra: "NOTE:" + String(repeating: "x", count: 3000) + "\n"), [:], "max-resource-size"),
        ]
        for (body, headers, condition) in cases {
            let response = await fixture.put("new.vcf", body, headers: headers)
            #expect(response.status == 403 || response.status == 409, "\(condition): \(response.status)")
            #expect(response.text.contains(condition), "\(condition): \(response.text)")
        }
        let conflict = await fixture.put("new.vcf", CardDAVFixture.card(uid: "same", fn: "Twin"))
        #expect(conflict.text.contains("/dav/addressbooks/amal/contacts/held.vcf"))
        let replacing = await fixture.put("held.vcf", CardDAVFixture.card(uid: "other", fn: "Other"))
        #expect(replacing.status == 409)
        #expect(await fixture.syncToken() == token)
        #expect(await fixture.send("GET", "/dav/addressbooks/amal/contacts/new.vcf").status == 404)
    }

    @Test("extended MKCOL makes address books only in the home; PROPPATCH and DELETE of a book")
    func collections() async throws {
        let fixture = try await CardDAVFixture()
        let mkcol = """
            <D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>
            <D:resourcetype><D:collection/><C:addressbook/></D:resourcetype><D:displayname>Work</D:displayname>
            <C:addressbook-description>Colleagues</C:addressbook-description><X:color xmlns:X="urn:x">red</X:color>
            </D:prop></D:set></D:mkcol>
            """
        #expect(await fixture.send("MKCOL", "/dav/addressbooks/amal/work/", mkcol).status == 201)
        #expect(await fixture.send("MKCOL", "/dav/addressbooks/amal/work/", mkcol).status == 405)
        let nested = await fixture.send("MKCOL", "/dav/addressbooks/amal/work/inner/", mkcol)
        #expect(nested.status == 403 && nested.text.contains("addressbook-collection-location-ok"))
        #expect(await fixture.send("MKCOL", "/dav/addressbooks/amal/plain/").status == 403)
        let patch = await fixture.send("PROPPATCH", "/dav/addressbooks/amal/work/", """
            <D:propertyupdate xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop><D:displayname>Office</D:displayname>
            </D:prop></D:set><D:remove><D:prop><C:addressbook-description/></D:prop></D:remove></D:propertyupdate>
            """)
        #expect(patch.status == 207 && patch.text.contains("200 OK"))
        let book = try #require(try await fixture.store.addressBook(AddressBookReference(owner: "amal", name: "work")))
        #expect(book.displayName == "Office" && book.bookDescription == nil && book.deadProperties.count == 1)
        let protected = await fixture.send("PROPPATCH", "/dav/addressbooks/amal/work/", """
            <D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:getetag>x</D:getetag><D:displayname>No</D:displayname></D:prop></D:set></D:propertyupdate>
            """)
        #expect(protected.text.contains("403") && protected.text.contains("424"))
        #expect(await fixture.send("DELETE", "/dav/addressbooks/amal/work/").status == 204)
        #expect(try await fixture.store.addressBook(AddressBookReference(owner: "amal", name: "work")) == nil)
    }

    @Test("COPY and MOVE of cards between the principal's books")
    func copyAndMove() async throws {
        let fixture = try await CardDAVFixture()
        try await fixture.store.createAddressBook(AddressBook(reference: AddressBookReference(owner: "amal", name: "work")))
        await fixture.put("a.vcf", CardDAVFixture.card(uid: "a", fn: "A"))
        let copy = await fixture.send("COPY", "/dav/addressbooks/amal/contacts/a.vcf", headers: ["destination": "/dav/addressbooks/amal/work/a.vcf"])
        #expect(copy.status == 201)
        let refused = await fixture.send("COPY", "/dav/addressbooks/amal/contacts/a.vcf",
                                         headers: ["destination": "/dav/addressbooks/amal/work/a.vcf", "overwrite": "F"])
        #expect(refused.status == 412)
        let move = await fixture.send("MOVE", "/dav/addressbooks/amal/contacts/a.vcf", headers: ["destination": "/dav/addressbooks/amal/contacts/b.vcf"])
        #expect(move.status == 201)
        #expect(await fixture.send("GET", "/dav/addressbooks/amal/contacts/a.vcf").status == 404)
        #expect(await fixture.send("GET", "/dav/addressbooks/amal/contacts/b.vcf").status == 200)
    }

    @Test("another principal's home, books and cards answer 404 on every method")
    func isolation() async throws {
        let fixture = try await CardDAVFixture()
        await fixture.put("a.vcf", CardDAVFixture.card(uid: "a", fn: "A"))
        let omar = DAVContext(principal: "omar", now: 1_800_000_000)
        let paths = ["/dav/addressbooks/amal/", "/dav/addressbooks/amal/contacts/", "/dav/addressbooks/amal/contacts/a.vcf"]
        for path in paths {
            for method in ["PROPFIND", "GET", "PUT", "DELETE", "REPORT", "PROPPATCH", "MKCOL", "COPY", "MOVE"] {
                let response = await fixture.send(method, path, "", headers: ["depth": "0", "destination": "/dav/addressbooks/omar/x/y.vcf"], as: omar)
                #expect(response.status == 404, "\(method) \(path): \(response.status)")
            }
        }
        let copyIn = await fixture.send("COPY", "/dav/addressbooks/amal/contacts/a.vcf",
                                        headers: ["destination": "/dav/addressbooks/omar/contacts/a.vcf"])
        #expect(copyIn.status == 404)
        let homes = await fixture.send("PROPFIND", "/dav/addressbooks/", "", headers: ["depth": "1"], as: omar)
        #expect(!homes.text.contains("/dav/addressbooks/amal/"))
    }

    @Test("the in-memory store conforms")
    func conformance() async {
        let failures = await AddressBookStoreConformance().run { InMemoryAddressBookStore() }
        #expect(failures.isEmpty, "\(failures)")
    }
}
