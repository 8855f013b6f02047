import Foundation
import CalDAVCore
import CalDAVCoreTesting
import CardDAVCore
import CardDAVCoreTesting
import WebDAV

/// A server with CalDAV and CardDAV over in-memory stores, amal's default address book
/// made, and requests sent as amal (or another principal).
struct CardDAVFixture {
    let store = InMemoryAddressBookStore()
    let server: DAVServer
    static let amal = DAVContext(principal: "amal", now: 1_800_000_000, emailAddresses: ["amal@example.org"])

    init(configuration: DAVConfiguration = DAVConfiguration()) async throws {
        server = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore()), CardDAVAdapter(store: store, configuration: configuration),
                           configuration: configuration)
        try await store.createAddressBook(AddressBook(reference: AddressBookReference(owner: "amal", name: "contacts"), displayName: "Contacts"))
    }

    func send(_ method: String, _ path: String, _ body: String = "", headers: [String: String] = [:],
              as context: DAVContext = CardDAVFixture.amal) async -> DAVResponse {
        await server.handle(DAVRequest(method: method, path: path, headers: headers, body: Array(body.utf8)), in: context)
    }

    /// PUTs a card (CRLF line ends) and returns the response.
    @discardableResult
    func put(_ name: String, _ card: String, book: String = "contacts", headers: [String: String] = [:]) async -> DAVResponse {
        await send("PUT", "/dav/addressbooks/amal/\(book)/\(name)", card.replacingOccurrences(of: "\n", with: "\r\n"),
                   headers: ["content-type": "text/vcard; charset=utf-8"].merging(headers) { $1 })
    }

    static func card(uid: String, fn: String, version: String = "3.0", extra: String = "") -> String {
        "BEGIN:VCARD\nVERSION:\(version)\nUID:\(uid)\nFN:\(fn)\nN:\(fn);;;;\n\(extra)END:VCARD\n"
    }

    func syncToken(_ book: String = "contacts") async -> String {
        let response = await send("PROPFIND", "/dav/addressbooks/amal/\(book)/", "<propfind xmlns=\"DAV:\"><prop><sync-token/></prop></propfind>",
                                  headers: ["depth": "0"])
        let body = response.text
        guard let start = body.range(of: "<D:sync-token>"), let end = body.range(of: "</D:sync-token>") else { return "" }
        return String(body[start.upperBound..<end.lowerBound])
    }
}

extension DAVResponse {
    var text: String { String(decoding: bodyBytes, as: UTF8.self) }
}
