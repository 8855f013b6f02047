import CalDAVSQLite
import CardDAVCore
import CardDAVSQLite
import Foundation
import SQLiteAccess
import Testing
@testable import Jadwal

/// Users and their address books: the first book made with the user, and once for users
/// made before the server kept address books.
struct UserAddressBookTests {
    @Test("a new user gets Contacts; older users get it once, and a book deleted later stays deleted")
    func firstAddressBook() async throws {
        let directory = NSTemporaryDirectory() + "address-books-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/jadwal.sqlite"
        let application = try ApplicationDatabase(path: path, bcryptCost: 4)
        let books = try SQLiteAddressBookStore(file: try SQLiteFile(path: path))
        let users = UserDirectory(application: application, calendars: try SQLiteCalendarStore(path: path), addressBooks: books)

        try await users.create(name: "amal", password: "amal-password-1")
        #expect(try await books.addressBooks(of: "amal").map(\.displayName) == ["Contacts"])
        // A user made by an older version: an account and nothing else.
        try await application.accounts.create(name: "omar", password: "omar-password-1")
        #expect(try await users.provideAddressBooks() == ["omar"])
        #expect(try await books.addressBooks(of: "omar").map(\.reference.name) == ["contacts"])
        try await books.deleteAddressBook(AddressBookReference(owner: "omar", name: "contacts"))
        #expect(try await users.provideAddressBooks() == [])
        #expect(try await books.addressBooks(of: "omar").isEmpty)
        try await users.delete(name: "amal")
        #expect(try await books.addressBooks(of: "amal").isEmpty)
    }
}
