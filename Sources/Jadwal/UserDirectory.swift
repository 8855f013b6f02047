import CalDAVCore
import CardDAVCore
import Foundation
import WebDAV

/// Accounts together with what they own: creating a user gives them their first
/// calendar and address book, deleting one removes their calendars, address books and
/// files too. The command line, the
/// admin API and sign-up all go through here, so a user always looks the same however
/// they were made.
public struct UserDirectory: Sendable {
    public let application: ApplicationDatabase
    public let calendars: any CalendarHomeStore
    /// The users' address books; `nil` where a caller keeps none (tests of accounts alone).
    public let addressBooks: (any AddressBookStore)?
    public var accounts: AccountStore { application.accounts }

    /// The first calendar of every new user. It is not named "default": iOS hides a
    /// calendar of that name.
    public static let firstCalendar = (name: "calendar", displayName: "Calendar", components: Set(["VEVENT", "VTODO"]))

    /// The first address book of every new user.
    public static let firstAddressBook = (name: "contacts", displayName: "Contacts")

    public init(application: ApplicationDatabase, calendars: any CalendarHomeStore, addressBooks: (any AddressBookStore)? = nil) {
        self.application = application
        self.calendars = calendars
        self.addressBooks = addressBooks
    }

    /// A user with what they own, for administrators.
    public struct Summary: Sendable, Equatable {
        public let account: AccountStore.Account
        public let calendars: [CalendarUsage]
        public let addressBooks: [AddressBookUsage]
        public let fileBytes: Int
        public let appPasswords: [AppPassword]

        /// Calendar data, cards and files, in bytes.
        public var storageBytes: Int { addressBooks.reduce(calendars.reduce(fileBytes) { $0 + $1.bytes }) { $0 + $1.bytes } }
        public var objectCount: Int { calendars.reduce(0) { $0 + $1.objects } }
    }

    /// What one address book holds, for administrators.
    public struct AddressBookUsage: Sendable, Equatable {
        public let name: String
        public let displayName: String?
        public let cards: Int
        /// The stored cards, in bytes.
        public let bytes: Int
    }

    /// Creates a user, their first calendar and their first address book. Without a password the account gets a
    /// random one nobody knows: it signs in by email link, devices by app passwords.
    public func create(name: String, password: String? = nil, email: String? = nil, isAdmin: Bool = false) async throws {
        let name = AccountIdentity.canonical(name)
        try await accounts.create(name: name, password: password ?? SecretToken.generate(), email: email, isAdmin: isAdmin)
        // The account is new, so anything stored under its name is left from an earlier
        // account of that name (deleted by an older version): someone else's data.
        try await calendars.deleteEverything(of: name)
        try await deleteAddressBooks(of: name)
        try await calendars.createCalendar(CalendarCollection(
            reference: CalendarReference(owner: name, name: Self.firstCalendar.name), displayName: Self.firstCalendar.displayName,
            supportedComponents: Self.firstCalendar.components))
        try await addressBooks?.createAddressBook(AddressBook(
            reference: AddressBookReference(owner: name, name: Self.firstAddressBook.name), displayName: Self.firstAddressBook.displayName))
    }

    /// Deletes a user, their calendars, address books, files, app passwords and tokens.
    public func delete(name: String) async throws {
        try await accounts.delete(name: name)
        try await calendars.deleteEverything(of: name)
        try await deleteAddressBooks(of: name)
    }

    /// Gives every user without an address book their first one, once per database: users
    /// made before the server served contacts get the book a new user gets, and a book a
    /// user deletes afterwards stays deleted.
    /// - Returns: the users given one.
    @discardableResult
    public func provideAddressBooks() async throws -> [String] {
        guard let addressBooks, try await !application.serverSettings.addressBooksProvided() else { return [] }
        var provided: [String] = []
        for account in try await accounts.list() {
            let books = try await addressBooks.addressBooks(of: account.name)
            guard books.isEmpty else { continue }
            let book = AddressBook(reference: AddressBookReference(owner: account.name, name: Self.firstAddressBook.name),
                                   displayName: Self.firstAddressBook.displayName)
            do {
                try await addressBooks.createAddressBook(book)
                provided.append(account.name)
            } catch {
                // Another instance made it meanwhile.
                guard error.code == .alreadyExists else { throw error }
            }
        }
        try await application.serverSettings.setAddressBooksProvided()
        return provided
    }

    private func deleteAddressBooks(of name: String) async throws {
        guard let addressBooks else { return }
        for book in try await addressBooks.addressBooks(of: name) {
            try await addressBooks.deleteAddressBook(book.reference)
        }
    }

    /// A user with their calendars' sizes and devices, or `nil`.
    public func summary(of name: String) async throws -> Summary? {
        guard let account = try await accounts.account(named: name) else { return nil }
        var books: [AddressBookUsage] = []
        for book in try await addressBooks?.addressBooks(of: name) ?? [] {
            let cards = try await addressBooks?.listing(of: book.reference) ?? []
            books.append(AddressBookUsage(name: book.reference.name, displayName: book.displayName, cards: cards.count,
                                          bytes: cards.reduce(0) { $0 + $1.size }))
        }
        return Summary(account: account, calendars: try await calendars.usage(of: name), addressBooks: books,
                       fileBytes: try await calendars.fileBytes(of: name), appPasswords: try await accounts.appPasswords(name: name))
    }
}
