import WebDAV

/// What a request's path names, looked up once at the top of dispatch and handed to the
/// method or report that answers. A book or card path costs one store call
/// (``AddressBookStore/lookup(_:card:)``); the others cost none.
struct CardDAVTarget: Sendable {
    enum Kind: Sendable {
        /// `/dav/addressbooks/`, the folder of homes.
        case homes
        /// An address book home; its books are read when a step needs them.
        case home(user: String)
        case book(AddressBook)
        /// A name in a book, with the card stored under it, if any.
        case card(AddressBook, Card?)
        /// A book, or a name in one, where there is no book.
        case missing
    }

    let path: CardDAVPath
    let kind: Kind
}

extension CardDAVAdapter {
    /// Resolves a path to its target; the one place a request's path meets the store.
    func resolve(_ path: CardDAVPath) async throws(DAVError) -> CardDAVTarget {
        switch path {
        case .homes: return CardDAVTarget(path: path, kind: .homes)
        case .home(let user): return CardDAVTarget(path: path, kind: .home(user: user))
        case .book(let user, let name):
            let found = try await storing { () async throws(StoreError) in
                try await store.lookup(AddressBookReference(owner: user, name: name), card: nil)
            }
            return CardDAVTarget(path: path, kind: found.map { .book($0.book) } ?? .missing)
        case .card(let user, let book, let name):
            let found = try await storing { () async throws(StoreError) in
                try await store.lookup(AddressBookReference(owner: user, name: book), card: name)
            }
            return CardDAVTarget(path: path, kind: found.map { .card($0.book, $0.card) } ?? .missing)
        case .nested: return CardDAVTarget(path: path, kind: .missing)
        }
    }

    /// The resource at the target, for its properties, or 404 when nothing is there.
    func resource(of target: CardDAVTarget) async throws(DAVError) -> CardResource {
        switch target.kind {
        case .homes: return .homes
        case .home(let user):
            let books = try await storing { () async throws(StoreError) in try await store.addressBooks(of: user) }
            return .home(user: user, books: books)
        case .book(let book): return .book(book)
        case .card(let book, let card?): return .card(book, card)
        case .card(_, nil), .missing: throw DAVError.notFound("nothing at \(target.path.href)")
        }
    }
}
