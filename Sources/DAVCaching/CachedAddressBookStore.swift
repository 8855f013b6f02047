import CardDAVCore
import WebDAV

/// An ``AddressBookStore`` that keeps what it read from another one while it is current,
/// by the rules of ``CachedCalendarStore``: a book's row while the signal's stamp is the one
/// taken before it was read, a card while its book still has the sync id and change
/// position it had when the card was read. Writes go straight to the store underneath.
public final class CachedAddressBookStore: AddressBookStore {
    /// The store underneath.
    public let base: any AddressBookStore
    private let cache: CollectionCache<AddressBookReference, AddressBook, Card>

    /// - Parameters:
    ///   - base: the store read on a miss and written through.
    ///   - signal: tells when `base` may have changed.
    ///   - rowBytes: memory for address book rows.
    ///   - cardBytes: memory for cards, their bodies and names.
    public init(_ base: any AddressBookStore, signal: any ChangeSignal, rowBytes: Int = 1 << 20, cardBytes: Int = 16 << 20) {
        self.base = base
        cache = CollectionCache(
            signal: signal, rowBytes: rowBytes,
            rowSize: { reference, book in
                let dead = book?.deadProperties.values.reduce(0) { $0 + $1.count } ?? 0
                return 512 + reference.owner.utf8.count + reference.name.utf8.count + (book?.bookDescription?.utf8.count ?? 0) + dead
            },
            memberBytes: cardBytes, memberName: \.name,
            memberSize: { $0.data.count + $0.name.utf8.count + $0.etag.utf8.count + $0.uid.utf8.count + 128 },
            version: { ($0.syncID, $0.changePosition) })
    }

    // MARK: Cached reads

    public func addressBook(_ reference: AddressBookReference) async throws(StoreError) -> AddressBook? {
        try await cache.collection(reference, reading: base.addressBook)
    }

    public func lookup(_ reference: AddressBookReference, card name: String?) async throws(StoreError) -> AddressBookLookup? {
        try await cache.lookup(reference, member: name, reading: base.addressBook, members: base.cards(named:in:))
            .map { AddressBookLookup(book: $0.collection, card: $0.member) }
    }

    public func cards(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await cache.members(named: names, in: reference, missing: StoreError(.notFound, "no address book \(reference)"),
                                reading: base.addressBook, members: base.cards(named:in:))
    }

    // MARK: Passed through

    public func addressBooks(of owner: String) async throws(StoreError) -> [AddressBook] {
        try await base.addressBooks(of: owner)
    }

    public func createAddressBook(_ book: AddressBook) async throws(StoreError) {
        try await base.createAddressBook(book)
    }

    public func importAddressBook(_ imported: ImportedAddressBook) async throws(StoreError) {
        try await base.importAddressBook(imported)
    }

    public func updateAddressBook(_ book: AddressBook) async throws(StoreError) {
        try await base.updateAddressBook(book)
    }

    public func deleteAddressBook(_ reference: AddressBookReference) async throws(StoreError) {
        try await base.deleteAddressBook(reference)
    }

    public func cards(in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await base.cards(in: reference)
    }

    public func listing(of reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await base.listing(of: reference)
    }

    public func listing(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await base.listing(named: names, in: reference)
    }

    public func searchIndex(of reference: AddressBookReference, matching term: CardSearchTerm?) async throws(StoreError) -> [CardSearchEntry] {
        try await base.searchIndex(of: reference, matching: term)
    }

    public func putCard(
        named name: String, data: [UInt8], index: CardIndex, in reference: AddressBookReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (card: Card, created: Bool) {
        try await base.putCard(named: name, data: data, index: index, in: reference, precondition: precondition)
    }

    public func deleteCard(named name: String, in reference: AddressBookReference, precondition: WritePrecondition) async throws(StoreError) {
        try await base.deleteCard(named: name, in: reference, precondition: precondition)
    }

    public func transferCard(
        named source: String, in origin: AddressBookReference, to name: String, in destination: AddressBookReference,
        keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (card: Card, created: Bool) {
        try await base.transferCard(named: source, in: origin, to: name, in: destination, keepSource: keepSource, overwrite: overwrite)
    }

    public func changes(in reference: AddressBookReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await base.changes(in: reference, since: position, limit: limit)
    }
}
