import CardDAVCore
import WebDAV

/// An ``AddressBookStore`` that keeps what it read from another one while it is current,
/// by the rules of ``CachedCalendarStore``: a book's row while the signal's stamp is the one
/// taken before it was read, a card while its book still has the sync id and change
/// position it had when the card was read. Writes go straight to the store underneath.
public final class CachedAddressBookStore: AddressBookStore {
    /// The store underneath.
    public let base: any AddressBookStore
    private let signal: any ChangeSignal
    private let rows: StampedRows<AddressBookReference, AddressBook>
    private let kept: MemberCache<AddressBookReference, Card>

    /// - Parameters:
    ///   - base: the store read on a miss and written through.
    ///   - signal: tells when `base` may have changed.
    ///   - rowBytes: memory for address book rows.
    ///   - cardBytes: memory for cards, their bodies and names.
    public init(_ base: any AddressBookStore, signal: any ChangeSignal, rowBytes: Int = 1 << 20, cardBytes: Int = 16 << 20) {
        self.base = base
        self.signal = signal
        rows = StampedRows(maxBytes: rowBytes) { reference, book in
            let dead = book?.deadProperties.values.reduce(0) { $0 + $1.count } ?? 0
            return 512 + reference.owner.utf8.count + reference.name.utf8.count + (book?.bookDescription?.utf8.count ?? 0) + dead
        }
        kept = MemberCache(maxBytes: cardBytes, name: \.name) { card in
            card.data.count + card.name.utf8.count + card.etag.utf8.count + card.uid.utf8.count + 128
        }
    }

    // MARK: Cached reads

    public func addressBook(_ reference: AddressBookReference) async throws(StoreError) -> AddressBook? {
        try await book(reference, at: await signal.stamp())
    }

    public func lookup(_ reference: AddressBookReference, card name: String?) async throws(StoreError) -> AddressBookLookup? {
        let stamp = await signal.stamp()
        guard let book = try await book(reference, at: stamp) else { return nil }
        guard let name else { return AddressBookLookup(book: book, card: nil) }
        do {
            return AddressBookLookup(book: book, card: try await cards(named: [name], in: book, at: stamp).first)
        } catch where error.code == .notFound {
            return nil  // deleted since the row was read
        }
    }

    public func cards(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        let stamp = await signal.stamp()
        guard let book = try await book(reference, at: stamp) else { throw StoreError(.notFound, "no address book \(reference)") }
        return try await cards(named: names, in: book, at: stamp)
    }

    private func book(_ reference: AddressBookReference, at stamp: ChangeStamp?) async throws(StoreError) -> AddressBook? {
        try await rows.row(for: reference, at: stamp) { () async throws(StoreError) in try await base.addressBook(reference) }
    }

    /// The named cards of `book`: those kept for its current state, and the rest from the
    /// store in one read.
    private func cards(named names: [String], in book: AddressBook, at stamp: ChangeStamp?) async throws(StoreError) -> [Card] {
        let reference = book.reference
        guard stamp != nil else { return try await base.cards(named: names, in: reference) }
        let version = MemberCache<AddressBookReference, Card>.Version(syncID: book.syncID, changePosition: book.changePosition)
        return try await kept.members(named: names, in: reference, at: version) { missing async throws(StoreError) in
            try await base.cards(named: missing, in: reference)
        }
    }

    // MARK: Passed through

    public func addressBooks(of owner: String) async throws(StoreError) -> [AddressBook] {
        try await base.addressBooks(of: owner)
    }

    public func createAddressBook(_ book: AddressBook) async throws(StoreError) {
        try await base.createAddressBook(book)
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
