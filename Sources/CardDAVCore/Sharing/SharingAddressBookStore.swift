import Foundation
import WebDAV

/// The address books of a server with sharing, as ``CalDAVCore``'s sharing calendar store
/// has calendars: every user's own from a primary store, plus, in a sharee's home, the books
/// others shared with them and they accepted, under their name there and with the sharee's
/// own display name and description; cards, change log and sync tokens are the owner's. A
/// read-only share refuses writes of cards and of the book's shared properties; deleting the
/// book in the sharee's home leaves the share, in the owner's ends every share of it first;
/// cards never move into or out of someone else's book.
public struct SharingAddressBookStore: AddressBookStore {
    public let primary: any AddressBookStore
    public let shares: any CollectionShareStore
    private let clock: @Sendable () -> Int

    public init(primary: any AddressBookStore, shares: any CollectionShareStore,
                clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) {
        self.primary = primary
        self.shares = shares
        self.clock = clock
    }

    private func route(_ reference: AddressBookReference) async throws(StoreError) -> (mine: SharesOfUser, mounted: CollectionShare?) {
        try await shares.route(reference.name, of: reference.owner, in: CardDAVPath.tree)
    }

    private static func source(of share: CollectionShare) -> AddressBookReference {
        AddressBookReference(owner: share.owner, name: share.collection)
    }

    private static func view(_ source: AddressBook, through share: CollectionShare) -> AddressBook {
        var view = source
        view.reference = AddressBookReference(owner: share.sharee, name: share.mount ?? share.collection)
        view.displayName = share.displayName ?? source.displayName
        view.bookDescription = share.calendarDescription ?? source.bookDescription
        view.sharing = .received(share)
        return view
    }

    private static func annotated(_ book: AddressBook, _ mine: SharesOfUser) -> AddressBook {
        let given = mine.ofCollection(book.reference.name)
        guard !given.isEmpty else { return book }
        var annotated = book
        annotated.sharing = .owned(given)
        return annotated
    }

    /// Where cards are read and written, refusing writes through a read-only share.
    private func target(_ reference: AddressBookReference, writing: Bool) async throws(StoreError) -> AddressBookReference {
        guard let share = try await route(reference).mounted else { return reference }
        if writing && share.access == .read { throw share.readOnlyRefusal }
        return Self.source(of: share)
    }

    public func addressBooks(of owner: String) async throws(StoreError) -> [AddressBook] {
        let mine = try await shares.shares(involving: owner, in: CardDAVPath.tree)
        var all = try await primary.addressBooks(of: owner).map { Self.annotated($0, mine) }
        for share in mine.received where share.status == .accepted && share.mount != nil {
            if let source = try await primary.addressBook(Self.source(of: share)) { all.append(Self.view(source, through: share)) }
        }
        return all.sorted { $0.reference.name < $1.reference.name }
    }

    public func addressBook(_ reference: AddressBookReference) async throws(StoreError) -> AddressBook? {
        let (mine, mounted) = try await route(reference)
        guard let share = mounted else { return try await primary.addressBook(reference).map { Self.annotated($0, mine) } }
        return try await primary.addressBook(Self.source(of: share)).map { Self.view($0, through: share) }
    }

    public func lookup(_ reference: AddressBookReference, card name: String?) async throws(StoreError) -> AddressBookLookup? {
        let (mine, mounted) = try await route(reference)
        guard let share = mounted else {
            return try await primary.lookup(reference, card: name).map { AddressBookLookup(book: Self.annotated($0.book, mine), card: $0.card) }
        }
        return try await primary.lookup(Self.source(of: share), card: name).map { AddressBookLookup(book: Self.view($0.book, through: share), card: $0.card) }
    }

    public func createAddressBook(_ book: AddressBook) async throws(StoreError) {
        if try await route(book.reference).mounted != nil {
            throw StoreError(.alreadyExists, "\(book.reference.name) is an address book shared with you")
        }
        try await primary.createAddressBook(book)
    }

    public func importAddressBook(_ imported: ImportedAddressBook) async throws(StoreError) {
        if try await route(imported.book.reference).mounted != nil {
            throw StoreError(.alreadyExists, "\(imported.book.reference.name) is an address book shared with the user")
        }
        try await primary.importAddressBook(imported)
    }

    /// A sharee's change keeps their own name and description in the share; dead
    /// properties change for everyone, where the share allows writing.
    public func updateAddressBook(_ book: AddressBook) async throws(StoreError) {
        guard var share = try await route(book.reference).mounted else {
            var own = book
            own.sharing = nil
            return try await primary.updateAddressBook(own)
        }
        guard var source = try await primary.addressBook(Self.source(of: share)) else {
            throw StoreError(.notFound, "the shared address book no longer exists")
        }
        share.displayName = book.displayName
        share.calendarDescription = book.bookDescription
        if book.deadProperties != source.deadProperties {
            guard share.access == .readWrite else { throw share.readOnlyRefusal }
            source.deadProperties = book.deadProperties
            try await primary.updateAddressBook(source)
        }
        try await shares.saveShare(share)
    }

    public func deleteAddressBook(_ reference: AddressBookReference) async throws(StoreError) {
        let (mine, mounted) = try await route(reference)
        if let share = mounted {
            _ = try await shares.answer(share, mount: nil, now: clock())
            return
        }
        if !mine.ofCollection(reference.name).isEmpty {
            try await shares.removeShares(in: CardDAVPath.tree, owner: reference.owner, collection: reference.name)
        }
        try await primary.deleteAddressBook(reference)
    }

    public func cards(in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await primary.cards(in: try await target(reference, writing: false))
    }

    public func listing(of reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await primary.listing(of: try await target(reference, writing: false))
    }

    public func cards(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await primary.cards(named: names, in: try await target(reference, writing: false))
    }

    public func listing(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await primary.listing(named: names, in: try await target(reference, writing: false))
    }

    public func searchIndex(of reference: AddressBookReference, matching term: CardSearchTerm?) async throws(StoreError) -> [CardSearchEntry] {
        try await primary.searchIndex(of: try await target(reference, writing: false), matching: term)
    }

    public func putCard(named name: String, data: [UInt8], index: CardIndex, in reference: AddressBookReference,
                        precondition: WritePrecondition) async throws(StoreError) -> (card: Card, created: Bool) {
        try await primary.putCard(named: name, data: data, index: index, in: try await target(reference, writing: true), precondition: precondition)
    }

    public func deleteCard(named name: String, in reference: AddressBookReference, precondition: WritePrecondition) async throws(StoreError) {
        try await primary.deleteCard(named: name, in: try await target(reference, writing: true), precondition: precondition)
    }

    public func transferCard(named source: String, in origin: AddressBookReference, to name: String, in destination: AddressBookReference,
                             keepSource: Bool, overwrite: Bool) async throws(StoreError) -> (card: Card, created: Bool) {
        let from = try await target(origin, writing: !keepSource)
        let to = try await target(destination, writing: true)
        guard (from == origin && to == destination) || from == to else {
            throw StoreError(.readOnly, "cards do not move into or out of a shared address book; copy them with GET and PUT")
        }
        return try await primary.transferCard(named: source, in: from, to: name, in: to, keepSource: keepSource, overwrite: overwrite)
    }

    public func changes(in reference: AddressBookReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await primary.changes(in: try await target(reference, writing: false), since: position, limit: limit)
    }
}
