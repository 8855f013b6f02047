import Foundation
import GRDB
import Testing
import CardDAVCore
import CardDAVCoreTesting
import CardDAVSQLite
import DAVCaching
import SQLiteAccess
import WebDAV

/// The SQLite store of address books under the conformance suite, in a real file that
/// outlives the store.
struct SQLiteAddressBookStoreTests {
    static func temporaryPath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("carddav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("jadwal.sqlite").path
    }

    static func temporaryFile() throws -> SQLiteFile { try SQLiteFile(path: try temporaryPath()) }

    @Test("the SQLite store conforms")
    func conformance() async {
        let failures = await AddressBookStoreConformance().run { try SQLiteAddressBookStore(file: try Self.temporaryFile()) }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("the caching decorator over the SQLite store conforms")
    func cachedConformance() async {
        let failures = await AddressBookStoreConformance().run {
            let file = try Self.temporaryFile()
            return CachedAddressBookStore(try SQLiteAddressBookStore(file: file), signal: try #require(file.commits))
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("cards, their index and the change log survive reopening the file")
    func durability() async throws {
        let path = try Self.temporaryPath()
        let file = try SQLiteFile(path: path)
        let store = try SQLiteAddressBookStore(file: file)
        let book = AddressBookReference(owner: "amal", name: "contacts")
        try await store.createAddressBook(AddressBook(reference: book, displayName: "Contacts"))
        let admitted = try CardAdmission(maxResourceSize: 1 << 20).admit(Array("BEGIN:VCARD\nVERSION:3.0\nUID:a\nFN:Amal\nEMAIL:a@example.org\nEND:VCARD\n".utf8))
        let stored = try await store.putCard(named: "a.vcf", data: admitted.data, index: admitted.index, in: book, precondition: .mustNotExist)
        try file.close()
        let reopened = try SQLiteAddressBookStore(file: try SQLiteFile(path: path))
        #expect(try await reopened.card(named: "a.vcf", in: book) == stored.card)
        #expect(try await reopened.searchIndex(of: book, matching: nil).first?.index == admitted.index)
        #expect(try await reopened.changes(in: book, since: 0, limit: nil).changed == ["a.vcf"])
    }

    @Test("cards stored before the term index existed get their terms when the tables are brought up to date")
    func termBackfill() async throws {
        let path = try Self.temporaryPath()
        let file = try SQLiteFile(path: path)
        let store = try SQLiteAddressBookStore(file: file)
        let book = AddressBookReference(owner: "amal", name: "contacts")
        try await store.createAddressBook(AddressBook(reference: book))
        let admitted = try CardAdmission(maxResourceSize: 1 << 20).admit(Array("BEGIN:VCARD\nVERSION:4.0\nUID:z\nFN:Zoë Ḥaddād\nEND:VCARD\n".utf8))
        _ = try await store.putCard(named: "z.vcf", data: admitted.data, index: admitted.index, in: book, precondition: .none)
        // The file as the first version of the tables left it, with no search text and no terms.
        try await file.write { db in
            try db.execute(sql: """
                DROP TABLE card_term; DROP INDEX card_search;
                DELETE FROM grdb_migrations WHERE identifier IN ('carddav-2-search-text', 'carddav-3-data-last', 'carddav-4-search-index',
                                                                'carddav-5-terms')
                """)
        }
        try file.close()
        let upgraded = try SQLiteAddressBookStore(file: try SQLiteFile(path: path))
        #expect(try await upgraded.searchIndex(of: book, matching: CardSearchTerm(property: "FN", text: "ZOË ḥaddād", match: .equals)).map(\.name) == ["z.vcf"])
        #expect(try await upgraded.card(named: "z.vcf", in: book)?.data == admitted.data)
    }
}
