import WebDAV

/// A resource found at a path of CardDAV's tree, with what its properties are computed from.
enum CardResource: Sendable {
    /// `/dav/addressbooks/`, the collection of homes.
    case homes
    case home(user: String, books: [AddressBook])
    case book(AddressBook)
    case card(AddressBook, Card)

    var path: CardDAVPath {
        switch self {
        case .homes: return .homes
        case .home(let user, _): return .home(user: user)
        case .book(let book): return .book(user: book.reference.owner, book: book.reference.name)
        case .card(let book, let card): return .card(user: book.reference.owner, book: book.reference.name, name: card.name)
        }
    }
}

extension CardResource: DAVDescribed {
    var href: String { path.href }

    var resourceTypes: [DAVXML.Name] {
        switch self {
        case .homes, .home: return [.dav("collection")]
        case .book: return [.dav("collection"), .cardDAV("addressbook")]
        case .card: return []
        }
    }

    var displayName: String? {
        if case .book(let book) = self { return book.displayName }
        return nil
    }

    var entityTag: String? {
        if case .card(_, let card) = self { return card.etag }
        return nil
    }

    var contentType: String? {
        if case .card = self { return CardDAVAdapter.cardContentType }
        return nil
    }

    var contentLength: Int? {
        if case .card(_, let card) = self { return card.size }
        return nil
    }

    var lastModified: Int? {
        if case .card(_, let card) = self { return card.lastModified }
        return nil
    }

    var creationDate: Int? {
        if case .book(let book) = self { return book.createdAt }
        return nil
    }

    var owner: String? {
        switch self {
        case .homes: return nil
        case .home(let user, _): return user
        case .book(let book), .card(let book, _): return book.storedAt.owner
        }
    }

    var privileges: [String] {
        switch self {
        case .homes: return ["read"]
        // A sharee renames a book shared to read for themselves, and leaves it.
        case .book(let book) where book.isReadOnly: return DAVPrivileges.readOnly + ["write-properties"]
        case .card(let book, _) where book.isReadOnly: return DAVPrivileges.readOnly
        default: return DAVPrivileges.readWrite
        }
    }

    var supportedReports: [DAVXML.Name] {
        switch self {
        case .book: return [.cardDAV("addressbook-query"), .cardDAV("addressbook-multiget"), .dav("sync-collection"), .dav("expand-property")]
        case .card: return [.cardDAV("addressbook-query"), .cardDAV("addressbook-multiget")]
        case .homes: return [.dav("expand-property"), .dav("principal-property-search"), .dav("principal-search-property-set")]
        case .home: return [.dav("expand-property"), .dav("sync-collection")]
        }
    }

    /// A book's position in its change log, or for the home a digest that changes with
    /// any book's contents and with books added or removed.
    var collectionTag: String? {
        switch self {
        case .book(let book): return book.syncToken
        case .home(_, let books): return SyncToken.home(of: books.map { ($0.reference.name, $0.syncID, $0.changePosition) })
        default: return nil
        }
    }

    var deadProperties: [DAVXML.Name: [UInt8]] {
        if case .book(let book) = self { return book.deadProperties }
        return [:]
    }
}
