import WebDAV

/// An address book brought whole from another server (a migration): its cards keep that
/// server's names, bytes and ETags, and its change log that server's positions, so that a
/// client's cached ETags and sync tokens stay good.
public struct ImportedAddressBook: Sendable {
    /// The book; its `changePosition` is the log's position after the last change and its
    /// `syncID` the incarnation tokens name.
    public var book: AddressBook
    public var cards: [ImportedCard]
    /// In increasing position, none beyond `book.changePosition`.
    public var changes: [LoggedChange]

    public init(book: AddressBook, cards: [ImportedCard], changes: [LoggedChange]) {
        self.book = book
        self.cards = cards
        self.changes = changes
    }

    /// ``StoreError/Code/uidConflict`` when two cards share a UID, which no store keeps.
    public func checkUniqueUIDs() throws(StoreError) {
        try LoggedChange.checkUniqueUIDs(cards.map { ($0.name, $0.index.uid) })
    }
}

/// A card of an ``ImportedAddressBook``, stored byte for byte under its ETag.
public struct ImportedCard: Sendable {
    public var name: String
    public var data: [UInt8]
    /// The strong ETag as the other server served it, quotes included.
    public var etag: String
    public var lastModified: Int
    public var index: CardIndex

    public init(name: String, data: [UInt8], etag: String, lastModified: Int, index: CardIndex) {
        self.name = name
        self.data = data
        self.etag = etag
        self.lastModified = lastModified
        self.index = index
    }

    /// The card as the store serves it.
    public var card: Card {
        Card(name: name, data: data, etag: etag, uid: index.uid, lastModified: lastModified)
    }
}
