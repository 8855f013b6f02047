import WebDAV

/// Names an address book collection: its owner's principal name and its path segment.
public struct AddressBookReference: Hashable, Sendable, CustomStringConvertible {
    public var owner: String
    public var name: String

    public init(owner: String, name: String) {
        self.owner = owner
        self.name = name
    }

    public var description: String { "\(owner)/\(name)" }
}

/// An address book collection and the properties a store keeps for it (RFC 6352 §6.2).
public struct AddressBook: Hashable, Sendable {
    public var reference: AddressBookReference
    /// DAV:displayname.
    public var displayName: String?
    /// CARDDAV:addressbook-description.
    public var bookDescription: String?
    /// Dead properties, each stored as the exact XML of its element, by qualified name.
    public var deadProperties: [DAVXML.Name: [UInt8]]
    /// The position of the book's last change in its change log; the sync token (RFC 6578)
    /// and getctag derive from it.
    public var changePosition: Int64
    /// Seconds since the epoch when the book was created.
    public var createdAt: Int
    /// Names this incarnation of the book in sync tokens (see ``SyncToken``); stores
    /// assign it when they create the book.
    public var syncID: String
    /// How the book is shared, when it is: offered by its owner, or seen by a sharee in their
    /// home (then ``reference`` names it there, and ``storedAt`` where it is kept). Set by
    /// ``SharingAddressBookStore``; other stores leave it `nil`.
    public var sharing: CollectionSharing?

    public init(
        reference: AddressBookReference, displayName: String? = nil, bookDescription: String? = nil,
        deadProperties: [DAVXML.Name: [UInt8]] = [:], changePosition: Int64 = 0, createdAt: Int = 0,
        syncID: String = SyncToken.newSyncID()
    ) {
        self.reference = reference
        self.displayName = displayName
        self.bookDescription = bookDescription
        self.deadProperties = deadProperties
        self.changePosition = changePosition
        self.createdAt = createdAt
        self.syncID = syncID
    }

    /// The book's sync token and getctag.
    public var syncToken: String { SyncToken.make(syncID: syncID, position: changePosition) }

    /// Where the book is kept: its owner's reference, also when it is seen through a share.
    public var storedAt: AddressBookReference {
        guard case .received(let share) = sharing else { return reference }
        return AddressBookReference(owner: share.owner, name: share.collection)
    }

    /// The share it is seen through, when it is someone else's book in this home.
    public var receivedShare: CollectionShare? {
        if case .received(let share) = sharing { return share }
        return nil
    }

    /// Whether the principal may only read its cards: a book shared with them to read.
    public var isReadOnly: Bool { receivedShare?.access == .read }
}

/// An address object resource (a card): the exact bytes a client stored, with its strong ETag.
public struct Card: Hashable, Sendable {
    /// The resource name within its book (`abc.vcf`).
    public var name: String
    /// The bytes as stored; empty in a listing (``AddressBookStore/listing(of:)``).
    public var data: [UInt8]
    /// The stored size in bytes, also in a listing.
    public var size: Int
    /// The strong ETag, quoted.
    public var etag: String
    public var uid: String
    /// Seconds since the epoch.
    public var lastModified: Int

    public init(name: String, data: [UInt8], etag: String, uid: String, lastModified: Int) {
        self.init(name: name, data: data, size: data.count, etag: etag, uid: uid, lastModified: lastModified)
    }

    /// A card as a listing shows it: everything but the data.
    public static func listed(name: String, size: Int, etag: String, uid: String, lastModified: Int) -> Card {
        Card(name: name, data: [], size: size, etag: etag, uid: uid, lastModified: lastModified)
    }

    private init(name: String, data: [UInt8], size: Int, etag: String, uid: String, lastModified: Int) {
        self.name = name
        self.data = data
        self.size = size
        self.etag = etag
        self.uid = uid
        self.lastModified = lastModified
    }

    /// The card without its data, as a listing holds it.
    public var withoutData: Card { .listed(name: name, size: size, etag: etag, uid: uid, lastModified: lastModified) }
}

/// A book and, when a name was asked for, the card stored under it: what resolving a
/// request path needs, in one store call.
public struct AddressBookLookup: Sendable {
    public var book: AddressBook
    public var card: Card?

    public init(book: AddressBook, card: Card?) {
        self.book = book
        self.card = card
    }
}

/// A card's searchable fields, as the store keeps them beside its bytes: what an
/// addressbook-query over the common properties reads instead of parsing every card.
public struct CardSearchEntry: Hashable, Sendable {
    public var name: String
    public var index: CardIndex

    public init(name: String, index: CardIndex) {
        self.name = name
        self.index = index
    }
}
