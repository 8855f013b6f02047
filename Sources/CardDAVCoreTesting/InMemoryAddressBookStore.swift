import CardDAVCore
import DAVTesting
import WebDAV

/// An ``AddressBookStore`` held in memory, for tests and as the reference the conformance
/// suite is written against.
public actor InMemoryAddressBookStore: AddressBookStore {
    private struct Stored {
        var card: Card
        var index: CardIndex
    }

    private struct Entry {
        var book: AddressBook
        var cards = LoggedMembers<Stored>()

        /// Stores (or removes) `name` as the next change.
        mutating func set(_ name: String, _ stored: Stored?) {
            cards.set(name, stored)
            book.changePosition = cards.position
        }

        func holder(of uid: String, except names: Set<String>) -> String? {
            cards.members.values.first { $0.index.uid == uid && !names.contains($0.card.name) }?.card.name
        }
    }

    private var entries: [AddressBookReference: Entry] = [:]
    private let clock: @Sendable () -> Int

    /// - Parameter clock: seconds since the epoch, for creation and modification times.
    public init(clock: @escaping @Sendable () -> Int = { 1_800_000_000 }) {
        self.clock = clock
    }

    public func addressBooks(of owner: String) throws(StoreError) -> [AddressBook] {
        entries.values.map(\.book).filter { $0.reference.owner == owner }.sorted { $0.reference.name < $1.reference.name }
    }

    public func addressBook(_ reference: AddressBookReference) throws(StoreError) -> AddressBook? {
        entries[reference]?.book
    }

    public func createAddressBook(_ book: AddressBook) throws(StoreError) {
        guard entries[book.reference] == nil else { throw StoreError(.alreadyExists, "address book \(book.reference) exists") }
        var created = book
        created.changePosition = 0
        created.createdAt = clock()
        created.syncID = SyncToken.newSyncID()
        entries[book.reference] = Entry(book: created)
    }

    public func importAddressBook(_ imported: ImportedAddressBook) throws(StoreError) {
        try imported.checkUniqueUIDs()
        guard entries[imported.book.reference] == nil else { throw StoreError(.alreadyExists, "address book \(imported.book.reference) exists") }
        let members = Dictionary(imported.cards.map { ($0.name, Stored(card: $0.card, index: $0.index)) }, uniquingKeysWith: { $1 })
        entries[imported.book.reference] = Entry(book: imported.book, cards: LoggedMembers(members: members, changes: imported.changes,
                                                                                        position: imported.book.changePosition))
    }

    public func updateAddressBook(_ book: AddressBook) throws(StoreError) {
        var entry = try entry(book.reference)
        var updated = book
        updated.changePosition = entry.book.changePosition
        updated.createdAt = entry.book.createdAt
        updated.syncID = entry.book.syncID
        entry.book = updated
        entries[book.reference] = entry
    }

    public func deleteAddressBook(_ reference: AddressBookReference) throws(StoreError) {
        guard entries.removeValue(forKey: reference) != nil else { throw StoreError(.notFound, "no address book \(reference)") }
    }

    public func cards(in reference: AddressBookReference) throws(StoreError) -> [Card] {
        try entry(reference).cards.members.values.map(\.card).sorted { $0.name < $1.name }
    }

    public func listing(of reference: AddressBookReference) throws(StoreError) -> [Card] {
        try cards(in: reference).map(\.withoutData)
    }

    public func cards(named names: [String], in reference: AddressBookReference) throws(StoreError) -> [Card] {
        let entry = try entry(reference)
        return names.compactMap { entry.cards[$0]?.card }
    }

    public func lookup(_ reference: AddressBookReference, card name: String?) throws(StoreError) -> AddressBookLookup? {
        guard let entry = entries[reference] else { return nil }
        return AddressBookLookup(book: entry.book, card: name.flatMap { entry.cards[$0]?.card })
    }

    public func searchIndex(of reference: AddressBookReference, matching term: CardSearchTerm?) throws(StoreError) -> [CardSearchEntry] {
        try entry(reference).cards.members.values.filter { stored in term.map { term in stored.index.terms.contains(where: term.admits) } ?? true }
            .map { CardSearchEntry(name: $0.card.name, index: $0.index) }.sorted { $0.name < $1.name }
    }

    public func putCard(
        named name: String, data: [UInt8], index: CardIndex, in reference: AddressBookReference, precondition: WritePrecondition
    ) throws(StoreError) -> (card: Card, created: Bool) {
        var entry = try entry(reference)
        let existing = entry.cards[name]
        guard precondition.isSatisfied(by: existing?.card.etag) else { throw StoreError(.preconditionFailed, "\(name): the precondition does not hold") }
        if let holder = entry.holder(of: index.uid, except: [name]) {
            throw StoreError(.uidConflict, "UID \(index.uid) is already used by \(holder)", existingName: holder)
        }
        let card = Card(name: name, data: data, etag: EntityTag.make(position: entry.cards.nextPosition, data: data), uid: index.uid,
                        lastModified: clock())
        entry.set(name, Stored(card: card, index: index))
        entries[reference] = entry
        return (card, existing == nil)
    }

    public func deleteCard(named name: String, in reference: AddressBookReference, precondition: WritePrecondition) throws(StoreError) {
        var entry = try entry(reference)
        guard let existing = entry.cards[name] else { throw StoreError(.notFound, "no card \(name)") }
        guard precondition.isSatisfied(by: existing.card.etag) else { throw StoreError(.preconditionFailed, "\(name): the precondition does not hold") }
        entry.set(name, nil)
        entries[reference] = entry
    }

    public func transferCard(
        named source: String, in origin: AddressBookReference, to name: String, in destination: AddressBookReference,
        keepSource: Bool, overwrite: Bool
    ) throws(StoreError) -> (card: Card, created: Bool) {
        guard let stored = try entry(origin).cards[source] else { throw StoreError(.notFound, "no card \(source)") }
        if origin == destination && source == name { return (stored.card, false) }
        let target = try entry(destination)
        let exists = target.cards[name] != nil
        if exists && !overwrite { throw StoreError(.preconditionFailed, "\(name) exists and Overwrite is F") }
        let movingWithin = !keepSource && origin == destination
        if let holder = target.holder(of: stored.index.uid, except: movingWithin ? [name, source] : [name]) {
            throw StoreError(.uidConflict, "UID \(stored.index.uid) is already used by \(holder)", existingName: holder)
        }
        if !keepSource {
            var from = try entry(origin)
            from.set(source, nil)
            entries[origin] = from
        }
        var to = try entry(destination)
        let card = Card(name: name, data: stored.card.data, etag: EntityTag.make(position: to.cards.nextPosition, data: stored.card.data),
                        uid: stored.card.uid, lastModified: clock())
        to.set(name, Stored(card: card, index: stored.index))
        entries[destination] = to
        return (card, !exists)
    }

    public func changes(in reference: AddressBookReference, since position: Int64?, limit: Int?) throws(StoreError) -> ChangeSet {
        try entry(reference).cards.changes(since: position, limit: limit, of: reference.description)
    }

    private func entry(_ reference: AddressBookReference) throws(StoreError) -> Entry {
        guard let entry = entries[reference] else { throw StoreError(.notFound, "no address book \(reference)") }
        return entry
    }
}
