import Foundation
import Testing
import CalDAVCoreTesting
import CardDAVCore
import CardDAVCoreTesting
import CardDAVSQLite
import DAVCaching
import SQLiteAccess
import WebDAV

/// The exchanges of Fixtures/carddav-protocol (what iOS and macOS Contacts, DAVx5,
/// Thunderbird, CardBook and Evolution send), each client's in order against a fresh
/// server where amal has only the default book, over the in-memory and SQLite stores, and
/// over SQLite behind the store and answer caches as the server runs it.
struct CardDAVProtocolFixtureTests {
    static let fixtures = ProtocolFixtures(folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/carddav-protocol"))
    static let amal = DAVContext(principal: "amal", now: 1_800_000_000, emailAddresses: ["amal@example.org"])

    static func run(_ client: String, on store: any AddressBookStore, keepingAnswers: Bool = false) async throws -> [String] {
        try await store.createAddressBook(AddressBook(reference: AddressBookReference(owner: "amal", name: "contacts"), displayName: "Contacts"))
        let adapter = CardDAVAdapter(store: store)
        return try await fixtures.run(client, on: keepingAnswers ? DAVServer(ResponseCache(adapter)) : DAVServer(adapter), as: amal)
    }

    @Test("each client's exchanges, in memory", arguments: fixtures.clients)
    func inMemory(_ client: String) async throws {
        let failures = try await Self.run(client, on: InMemoryAddressBookStore())
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("each client's exchanges, on SQLite", arguments: fixtures.clients)
    func onSQLite(_ client: String) async throws {
        let failures = try await Self.run(client, on: try SQLiteAddressBookStore(file: try SQLiteAddressBookStoreTests.temporaryFile()))
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("each client's exchanges, on SQLite behind both caching decorators", arguments: fixtures.clients)
    func onSQLiteCached(_ client: String) async throws {
        let file = try SQLiteAddressBookStoreTests.temporaryFile()
        let store = CachedAddressBookStore(try SQLiteAddressBookStore(file: file), signal: try #require(file.commits))
        let failures = try await Self.run(client, on: store, keepingAnswers: true)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
