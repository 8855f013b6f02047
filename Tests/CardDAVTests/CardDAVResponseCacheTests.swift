import Foundation
import Testing
import DAVCaching
import CardDAVCore
import CardDAVCoreTesting
import WebDAV

/// The response cache over CardDAV: a repeated read of an unchanged book is answered from
/// it, and any write to the book (a card, a property) makes the next read fresh.
struct CardDAVResponseCacheTests {
    @Test("repeated reads are kept; a write to the book is never answered stale")
    func keptUntilTheBookChanges() async throws {
        let store = InMemoryAddressBookStore()
        let book = AddressBookReference(owner: "amal", name: "contacts")
        try await store.createAddressBook(AddressBook(reference: book, displayName: "Contacts"))
        let cache = ResponseCache(CardDAVAdapter(store: store))
        let server = DAVServer(cache)
        func send(_ method: String, _ path: String, _ body: String, depth: String = "1") async -> DAVResponse {
            await server.handle(DAVRequest(method: method, path: path, headers: ["depth": depth, "content-type": "text/vcard"],
                                           body: Array(body.replacingOccurrences(of: "\n", with: "\r\n").utf8)), in: CardDAVFixture.amal)
        }
        let listing = "<propfind xmlns=\"DAV:\"><prop><getetag/><displayname/></prop></propfind>"
        #expect(await send("PUT", "/dav/addressbooks/amal/contacts/a.vcf", CardDAVFixture.card(uid: "a", fn: "A")).status == 201)
        let first = await send("PROPFIND", "/dav/addressbooks/amal/contacts/", listing)
        let second = await send("PROPFIND", "/dav/addressbooks/amal/contacts/", listing)
        #expect(first.bodyBytes == second.bodyBytes && cache.count == 1)
        #expect(await send("PUT", "/dav/addressbooks/amal/contacts/b.vcf", CardDAVFixture.card(uid: "b", fn: "B")).status == 201)
        let afterPut = await send("PROPFIND", "/dav/addressbooks/amal/contacts/", listing)
        #expect(afterPut.text.contains("/contacts/b.vcf"))
        var renamed = try #require(try await store.addressBook(book))
        renamed.displayName = "People"
        try await store.updateAddressBook(renamed)
        let afterRename = await send("PROPFIND", "/dav/addressbooks/amal/contacts/", listing)
        #expect(afterRename.text.contains("People"))
        // Another principal's request is never answered from amal's entry.
        let omar = await server.handle(DAVRequest(method: "PROPFIND", path: "/dav/addressbooks/amal/contacts/", headers: ["depth": "1"],
                                                  body: Array(listing.utf8)), in: DAVContext(principal: "omar", now: 0))
        #expect(omar.status == 404)
    }
}
