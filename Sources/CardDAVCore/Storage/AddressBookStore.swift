import WebDAV

/// The storage a CardDAV server needs, in domain terms only: no HTTP, no XML on the wire.
///
/// A store keeps address books per owner and the exact bytes of each card with its strong
/// ETag and index (``CardIndex``). Every write is atomic: it either happens whole, with one
/// entry appended to the book's change log, or not at all. The change log gives sync
/// tokens (RFC 6578) and getctag. UIDs are unique per book (RFC 6352 §6.3.2.1,
/// `no-uid-conflict`). The contract is the calendar store's (``ChangeSet``, ``StoreError``),
/// and ``AddressBookStoreConformance`` holds every implementation to it.
public protocol AddressBookStore: Sendable {
    /// The books of `owner`, ordered by name.
    func addressBooks(of owner: String) async throws(StoreError) -> [AddressBook]

    /// One book, or `nil` when it does not exist.
    func addressBook(_ reference: AddressBookReference) async throws(StoreError) -> AddressBook?

    /// Creates a book. Throws ``StoreError/Code/alreadyExists`` if the name is taken.
    func createAddressBook(_ book: AddressBook) async throws(StoreError)

    /// Replaces the book's properties (display name, description, dead properties) in one
    /// write; the change position and sync id are the store's and are ignored here.
    func updateAddressBook(_ book: AddressBook) async throws(StoreError)

    /// Deletes a book with all its cards and its change log.
    func deleteAddressBook(_ reference: AddressBookReference) async throws(StoreError)

    /// Every card of the book, ordered by name. Throws ``StoreError/Code/notFound`` when
    /// the book does not exist.
    func cards(in reference: AddressBookReference) async throws(StoreError) -> [Card]

    /// Every card of the book, ordered by name, without its data (an empty
    /// ``Card/data``, the stored ``Card/size``): what a listing shows.
    func listing(of reference: AddressBookReference) async throws(StoreError) -> [Card]

    /// The cards with these names, in the order given; missing names are left out.
    /// Throws ``StoreError/Code/notFound`` when the book does not exist (an empty answer
    /// always means a book without those names).
    func cards(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card]

    /// A book and, when `name` is given, the card stored under that name in it: what
    /// resolving a request path needs. `nil` when the book does not exist; a `nil` card
    /// when it holds no such name.
    func lookup(_ reference: AddressBookReference, card name: String?) async throws(StoreError) -> AddressBookLookup?

    /// The cards with these names, as ``cards(named:in:)`` finds them, without their data:
    /// what a sync that asks for no address-data lists.
    func listing(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card]

    /// Every card's name and index, ordered by name, without the data; with `term`, only
    /// the cards with a term of ``CardIndex/terms`` that it admits, found by an index of
    /// the terms rather than by reading every card.
    func searchIndex(of reference: AddressBookReference, matching term: CardSearchTerm?) async throws(StoreError) -> [CardSearchEntry]

    /// Stores `data` under `name`, if `precondition` holds for the current ETag.
    ///
    /// Throws ``StoreError/Code/uidConflict`` (with the holder's name) when another card
    /// has `index.uid`, ``StoreError/Code/preconditionFailed`` when the precondition fails,
    /// ``StoreError/Code/notFound`` when the book does not exist.
    /// - Returns: the stored card and whether it was created (rather than replaced).
    func putCard(
        named name: String, data: [UInt8], index: CardIndex, in reference: AddressBookReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (card: Card, created: Bool)

    /// Deletes a card, if `precondition` holds for its ETag; ``StoreError/Code/notFound``
    /// when there is none.
    func deleteCard(named name: String, in reference: AddressBookReference, precondition: WritePrecondition) async throws(StoreError)

    /// Copies or moves a card to `name` in `destination` in one write (COPY and MOVE,
    /// RFC 4918 §9.8, §9.9); the bytes and index travel unchanged.
    ///
    /// Throws ``StoreError/Code/notFound`` when the source or the destination book is
    /// missing, ``StoreError/Code/preconditionFailed`` when the target exists and
    /// `overwrite` is false, ``StoreError/Code/uidConflict`` when another card in the
    /// destination holds the UID.
    func transferCard(
        named source: String, in origin: AddressBookReference, to name: String, in destination: AddressBookReference,
        keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (card: Card, created: Bool)

    /// What changed after change-log position `position` (`nil`: everything present now),
    /// at most `limit` names when given; ``StoreError/Code/invalidSyncToken`` for a
    /// position the book never reached.
    func changes(in reference: AddressBookReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet

    /// Stores an address book brought from another server, its cards and its change log,
    /// in one write: the cards keep their names, bytes and ETags, the book its sync id and
    /// change position (``ImportedAddressBook``).
    ///
    /// Throws ``StoreError/Code/alreadyExists`` when the name is taken,
    /// ``StoreError/Code/uidConflict`` when two cards share a UID.
    func importAddressBook(_ imported: ImportedAddressBook) async throws(StoreError)
}

extension AddressBookStore {
    public func listing(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await cards(named: names, in: reference).map(\.withoutData)
    }

    /// One card, or `nil` when it does not exist.
    public func card(named name: String, in reference: AddressBookReference) async throws(StoreError) -> Card? {
        try await cards(named: [name], in: reference).first
    }
}
