import CardDAVCore
import DAVTesting
import WebDAV

/// The behaviour every ``AddressBookStore`` must show, run against a fresh store.
///
/// ```swift
/// let failures = await AddressBookStoreConformance().run { InMemoryAddressBookStore() }
/// #expect(failures.isEmpty, "\(failures)")
/// ```
public struct AddressBookStoreConformance: Sendable {
    public init() {}

    /// Runs every check; an empty result means the store conforms.
    public func run(_ makeStore: @Sendable () async throws -> any AddressBookStore) async -> [String] {
        let checks: [ConformanceChecks.Check<any AddressBookStore>] = [
            ("books", Self.books),
            ("cards and ETags", Self.cardsAndETags),
            ("preconditions", Self.preconditions),
            ("UID uniqueness", Self.uidUniqueness),
            ("search index", Self.searchIndex),
            ("change log", Self.changeLog),
            ("truncated change sets lose nothing", Self.truncation),
            ("copy and move", Self.copyAndMove),
            ("an imported book keeps its ETags, sync id and change log", Self.imported),
        ]
        return await ConformanceChecks.run(checks, makeStore: makeStore)
    }

    static let friends = AddressBookReference(owner: "amal", name: "friends")
    static let work = AddressBookReference(owner: "amal", name: "work")

    static func card(_ uid: String, _ name: String = "Someone") -> (data: [UInt8], index: CardIndex) {
        let data = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nUID:\(uid)\r\nFN:\(name)\r\nEMAIL:\(uid)@example.org\r\nEND:VCARD\r\n".utf8)
        return (data, CardIndex(uid: uid, fields: [.init(property: "FN", text: name), .init(property: "EMAIL", text: "\(uid)@example.org")]))
    }

    @discardableResult
    static func put(_ store: any AddressBookStore, _ name: String, _ uid: String, in book: AddressBookReference = friends,
                    precondition: WritePrecondition = .none) async throws -> Card {
        let (data, index) = card(uid)
        return try await store.putCard(named: name, data: data, index: index, in: book, precondition: precondition).card
    }

    static func code(_ body: () async throws -> Void) async -> StoreError.Code? {
        do { try await body() } catch { return (error as? StoreError)?.code }
        return nil
    }

    static func books(_ store: any AddressBookStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createAddressBook(AddressBook(reference: friends, displayName: "Friends"))
        try await store.createAddressBook(AddressBook(reference: work))
        try await store.createAddressBook(AddressBook(reference: AddressBookReference(owner: "omar", name: "friends")))
        if try await store.addressBooks(of: "amal").map(\.reference.name) != ["friends", "work"] { failures.append("addressBooks(of:) is not the owner's, by name") }
        if await code({ try await store.createAddressBook(AddressBook(reference: friends)) }) != .alreadyExists {
            failures.append("creating an existing book is not alreadyExists")
        }
        var changed = try await store.addressBook(friends)!
        changed.displayName = "Close friends"
        changed.bookDescription = "People"
        changed.deadProperties[DAVXML.Name("urn:x", "y")] = Array("<y xmlns=\"urn:x\">1</y>".utf8)
        changed.changePosition = 99
        try await store.updateAddressBook(changed)
        let read = try await store.addressBook(friends)
        if read?.displayName != "Close friends" || read?.bookDescription != "People" || read?.deadProperties.count != 1 {
            failures.append("updateAddressBook did not keep the properties")
        }
        if read?.changePosition != 0 { failures.append("updateAddressBook changed the change position") }
        if read?.syncID.isEmpty != false { failures.append("a created book has no sync id") }
        try await put(store, "a.vcf", "a")
        try await store.deleteAddressBook(friends)
        if try await store.addressBook(friends) != nil { failures.append("a deleted book is still there") }
        if try await store.lookup(friends, card: "a.vcf") != nil { failures.append("lookup finds a deleted book") }
        if await code({ _ = try await store.cards(in: friends) }) != .notFound { failures.append("cards(in:) of a missing book is not notFound") }
        if await code({ try await store.deleteAddressBook(friends) }) != .notFound { failures.append("deleting a missing book is not notFound") }
        try await store.createAddressBook(AddressBook(reference: friends))
        if try await store.cards(in: friends).count != 0 { failures.append("a book created again holds the old cards") }
        return failures
    }

    static func cardsAndETags(_ store: any AddressBookStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createAddressBook(AddressBook(reference: friends))
        let first = try await put(store, "b.vcf", "b")
        let (data, _) = card("b")
        if first.data != data || first.uid != "b" || first.size != data.count { failures.append("putCard did not answer the stored card") }
        try await put(store, "a.vcf", "a")
        if try await store.cards(in: friends).map(\.name) != ["a.vcf", "b.vcf"] { failures.append("cards(in:) is not by name") }
        let listed = try await store.listing(of: friends)
        if listed.map(\.name) != ["a.vcf", "b.vcf"] || listed.contains(where: { !$0.data.isEmpty }) || listed[1].size != data.count
            || listed[1].etag != first.etag {
            failures.append("listing(of:) does not list names, sizes and ETags without data")
        }
        if try await store.cards(named: ["b.vcf", "zz.vcf", "a.vcf"], in: friends).map(\.name) != ["b.vcf", "a.vcf"] {
            failures.append("cards(named:) does not keep the order given and leave out missing names")
        }
        let second = try await put(store, "b.vcf", "b")
        if second.etag == first.etag { failures.append("a rewrite kept its ETag") }
        let found = try await store.lookup(friends, card: "b.vcf")
        if found?.card?.etag != second.etag || found?.book.reference != friends { failures.append("lookup does not find the card") }
        if try await store.lookup(friends, card: "none.vcf")?.card != nil { failures.append("lookup finds a missing card") }
        if await code({ _ = try await store.putCard(named: "c.vcf", data: data, index: card("c").index, in: work, precondition: .none) }) != .notFound {
            failures.append("a put into a missing book is not notFound")
        }
        return failures
    }

    static func preconditions(_ store: any AddressBookStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createAddressBook(AddressBook(reference: friends))
        let stored = try await put(store, "a.vcf", "a", precondition: .mustNotExist)
        if await code({ try await put(store, "a.vcf", "a", precondition: .mustNotExist) }) != .preconditionFailed {
            failures.append("If-None-Match: * on an existing card did not fail")
        }
        if await code({ try await put(store, "a.vcf", "a", precondition: .ifMatch(["\"nope\""])) }) != .preconditionFailed {
            failures.append("If-Match with another ETag did not fail")
        }
        try await put(store, "a.vcf", "a", precondition: .ifMatch([stored.etag]))
        if await code({ try await store.deleteCard(named: "a.vcf", in: friends, precondition: .ifMatch([stored.etag])) }) != .preconditionFailed {
            failures.append("a delete with a stale ETag did not fail")
        }
        if await code({ try await store.deleteCard(named: "none.vcf", in: friends, precondition: .none) }) != .notFound {
            failures.append("deleting a missing card is not notFound")
        }
        return failures
    }

    static func uidUniqueness(_ store: any AddressBookStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createAddressBook(AddressBook(reference: friends))
        try await store.createAddressBook(AddressBook(reference: work))
        try await put(store, "a.vcf", "same")
        do {
            try await put(store, "b.vcf", "same")
            failures.append("a second card with the same UID was stored")
        } catch let error as StoreError {
            if error.code != .uidConflict || error.existingName != "a.vcf" { failures.append("a UID conflict did not name the holder: \(error)") }
        }
        try await put(store, "b.vcf", "same", in: work)  // another book may hold it
        let position = try await store.addressBook(friends)!.changePosition
        if position != 1 { failures.append("a refused write moved the change position to \(position)") }
        return failures
    }

    static func searchIndex(_ store: any AddressBookStore) async throws -> [String] {
        try await store.createAddressBook(AddressBook(reference: friends))
        let index = CardIndex(uid: "a", fields: [.init(property: "FN", text: "Amal Ḥaddād"), .init(property: "EMAIL", text: "a@example.org"),
                                                 .init(property: "TEL", text: "+966 5;x\n1")])
        _ = try await store.putCard(named: "a.vcf", data: card("a").data, index: index, in: friends, precondition: .none)
        try await put(store, "b.vcf", "b")
        let entries = try await store.searchIndex(of: friends, matching: nil)
        var failures: [String] = []
        if entries.map(\.name) != ["a.vcf", "b.vcf"] { failures.append("searchIndex is not every card by name") }
        if entries.first?.index != index { failures.append("searchIndex did not keep the fields: \(String(describing: entries.first?.index))") }
        // Narrowed by a term: every card with a value of that property that admits it, and
        // (by index) not the cards whose values of other properties would.
        let found: [(CardSearchTerm, [String])] = [
            (CardSearchTerm(property: "EMAIL", text: "A@Example.org", match: .equals), ["a.vcf"]),
            (CardSearchTerm(property: "FN", text: "amal ḥ", match: .startsWith), ["a.vcf"]),
            (CardSearchTerm(property: "FN", text: "ḤADDĀD", match: .endsWith), ["a.vcf"]),
            (CardSearchTerm(property: "FN", text: "l ḥa", match: .contains), ["a.vcf"]),
            (CardSearchTerm(property: "FN", text: "H\u{0323}adda\u{0304}d", match: .endsWith), ["a.vcf"]),  // decomposed
            (CardSearchTerm(property: "TEL", text: "5;x\n", match: .contains), ["a.vcf"]),
            (CardSearchTerm(property: "EMAIL", text: "b@example.org", match: .equals), ["b.vcf"]),
            (CardSearchTerm(property: "EMAIL", text: "b@", match: .startsWith), ["b.vcf"]),
            (CardSearchTerm(property: "EMAIL", text: "%", match: .startsWith), []),
            (CardSearchTerm(property: "EMAIL", text: "a*", match: .startsWith), []),
            (CardSearchTerm(property: "FN", text: "a@example.org", match: .equals), []),
            (CardSearchTerm(property: "EMAIL", text: "a@example", match: .equals), []),
        ]
        for (term, names) in found {
            let narrowed = try await store.searchIndex(of: friends, matching: term).map(\.name)
            if !names.allSatisfy(narrowed.contains) { failures.append("searchIndex(matching: \(term)) lost a card: \(narrowed)") }
            if narrowed.count != names.count { failures.append("searchIndex(matching: \(term)) found \(narrowed), not \(names)") }
        }
        // A card written again is found by its new terms only; a deleted one by none.
        let renamed = CardIndex(uid: "a", fields: [.init(property: "EMAIL", text: "New@Example.org"), .init(property: "EMAIL", text: "new@example.org")])
        _ = try await store.putCard(named: "a.vcf", data: card("a").data, index: renamed, in: friends, precondition: .none)
        if try await !store.searchIndex(of: friends, matching: CardSearchTerm(property: "EMAIL", text: "a@example.org", match: .equals)).isEmpty {
            failures.append("a card written again is still found by a term it no longer holds")
        }
        if try await store.searchIndex(of: friends, matching: CardSearchTerm(property: "EMAIL", text: "new@", match: .startsWith)).map(\.name) != ["a.vcf"] {
            failures.append("a card written again is not found, once, by its new terms")
        }
        try await store.deleteCard(named: "a.vcf", in: friends, precondition: .none)
        if try await !store.searchIndex(of: friends, matching: CardSearchTerm(property: "EMAIL", text: "new@example.org", match: .equals)).isEmpty {
            failures.append("a deleted card is still found by its terms")
        }
        _ = try await store.putCard(named: "a.vcf", data: card("a").data, index: index, in: friends, precondition: .none)
        let listed = try await store.listing(named: ["b.vcf", "zz.vcf", "a.vcf"], in: friends)
        if listed.map(\.name) != ["b.vcf", "a.vcf"] || listed.contains(where: { !$0.data.isEmpty }) || listed[0].size != card("b").data.count {
            failures.append("listing(named:) is not the named cards, in order, without data")
        }
        return failures
    }

    static func changeLog(_ store: any AddressBookStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createAddressBook(AddressBook(reference: friends))
        try await put(store, "a.vcf", "a")
        try await put(store, "b.vcf", "b")
        let initial = try await store.changes(in: friends, since: nil, limit: nil)
        if initial.changed != ["a.vcf", "b.vcf"] || initial.position != 2 { failures.append("the initial change set is \(initial)") }
        try await put(store, "c.vcf", "c")
        try await store.deleteCard(named: "a.vcf", in: friends, precondition: .none)
        try await put(store, "b.vcf", "b")
        let delta = try await store.changes(in: friends, since: initial.position, limit: nil)
        if Set(delta.changed) != ["b.vcf", "c.vcf"] || delta.deleted != ["a.vcf"] || delta.position != 5 || delta.isTruncated {
            failures.append("the delta is \(delta)")
        }
        if try await store.addressBook(friends)!.changePosition != 5 { failures.append("the book's change position is not its last change") }
        if await code({ _ = try await store.changes(in: friends, since: 9, limit: nil) }) != .invalidSyncToken {
            failures.append("a position the book never reached is not invalidSyncToken")
        }
        return failures
    }

    static func truncation(_ store: any AddressBookStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createAddressBook(AddressBook(reference: friends))
        for index in 0..<5 { try await put(store, "\(index).vcf", "u\(index)") }
        var seen: [String] = []
        var position: Int64? = nil
        for _ in 0..<10 {
            let page = try await store.changes(in: friends, since: position, limit: 2)
            seen += page.changed
            position = page.position
            if !page.isTruncated { break }
        }
        if Set(seen) != Set((0..<5).map { "\($0).vcf" }) { failures.append("paged initial sync saw \(seen)") }
        try await store.deleteCard(named: "0.vcf", in: friends, precondition: .none)
        for index in 5..<8 { try await put(store, "\(index).vcf", "u\(index)") }
        var changed: [String] = [], deleted: [String] = []
        for _ in 0..<10 {
            let page = try await store.changes(in: friends, since: position, limit: 1)
            changed += page.changed
            deleted += page.deleted
            position = page.position
            if !page.isTruncated { break }
        }
        if Set(changed) != ["5.vcf", "6.vcf", "7.vcf"] || deleted != ["0.vcf"] { failures.append("paged delta saw \(changed) and \(deleted)") }
        return failures
    }

    static func imported(_ store: any AddressBookStore) async throws -> [String] {
        var failures: [String] = []
        let book = AddressBook(reference: friends, displayName: "Default Address Book", bookDescription: "From Baïkal",
                               changePosition: 6, createdAt: 1_700_000_000, syncID: "baikal-7")
        let (hana, hanaIndex) = card("hana", "Hana Yousef")
        let (omar, omarIndex) = card("omar", "Omar Farouk")
        let cards = [ImportedCard(name: "hana.vcf", data: hana, etag: "\"6cd7146fd6b61d9e52669c9fedbe1733\"", lastModified: 1_700_000_100, index: hanaIndex),
                     ImportedCard(name: "omar.vcf", data: omar, etag: "\"fbdcf2036160d6726fd8df83551087c4\"", lastModified: 1_700_000_200, index: omarIndex)]
        let changes = [LoggedChange(position: 1, name: "hana.vcf"), LoggedChange(position: 3, name: "gone.vcf"),
                       LoggedChange(position: 4, name: "omar.vcf"), LoggedChange(position: 6, name: "hana.vcf")]
        try await store.importAddressBook(ImportedAddressBook(book: book, cards: cards, changes: changes))
        let read = try await store.addressBook(friends)
        if read?.syncID != "baikal-7" || read?.changePosition != 6 || read?.bookDescription != "From Baïkal" || read?.createdAt != 1_700_000_000 {
            failures.append("the imported book reads back as \(String(describing: read))")
        }
        let stored = try await store.cards(named: ["hana.vcf", "omar.vcf"], in: friends)
        if stored.map(\.etag) != cards.map(\.etag) || stored.map(\.data) != [hana, omar] || stored.map(\.lastModified) != [1_700_000_100, 1_700_000_200] {
            failures.append("imported cards read back as \(stored)")
        }
        if try await store.searchIndex(of: friends, matching: CardSearchTerm(property: "FN", text: "omar", match: .startsWith)).map(\.name) != ["omar.vcf"] {
            failures.append("an imported card's index is not searched")
        }
        let sinceTwo = try await store.changes(in: friends, since: 2, limit: nil)
        if sinceTwo.changed.sorted() != ["hana.vcf", "omar.vcf"] || sinceTwo.deleted != ["gone.vcf"] || sinceTwo.position != 6 {
            failures.append("changes since an imported position: \(sinceTwo)")
        }
        try await put(store, "new.vcf", "new")
        let afterPut = try await store.changes(in: friends, since: 6, limit: nil)
        if afterPut.changed != ["new.vcf"] || afterPut.position != 7 { failures.append("a write after the import: \(afterPut)") }
        if await code({ try await store.importAddressBook(ImportedAddressBook(book: book, cards: [], changes: [])) }) != .alreadyExists {
            failures.append("importing over an existing book is not alreadyExists")
        }
        var twins = book
        twins.reference = work
        let sameUID = [cards[0], ImportedCard(name: "copy.vcf", data: hana, etag: "\"2\"", lastModified: 0, index: hanaIndex)]
        if await code({ try await store.importAddressBook(ImportedAddressBook(book: twins, cards: sameUID, changes: [])) }) != .uidConflict {
            failures.append("two imported cards with one UID are not uidConflict")
        }
        if try await store.addressBook(work) != nil { failures.append("a refused import left a book behind") }
        return failures
    }

    static func copyAndMove(_ store: any AddressBookStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createAddressBook(AddressBook(reference: friends))
        try await store.createAddressBook(AddressBook(reference: work))
        let original = try await put(store, "a.vcf", "a")
        let copied = try await store.transferCard(named: "a.vcf", in: friends, to: "x.vcf", in: work, keepSource: true, overwrite: true)
        if !copied.created || copied.card.data != original.data { failures.append("a copy did not create the card with its bytes") }
        if try await store.card(named: "a.vcf", in: friends) == nil { failures.append("a copy removed the source") }
        if await code({ _ = try await store.transferCard(named: "a.vcf", in: friends, to: "x.vcf", in: work, keepSource: true, overwrite: false) })
            != .preconditionFailed {
            failures.append("Overwrite F onto an existing card did not fail")
        }
        try await put(store, "b.vcf", "b")
        if await code({ _ = try await store.transferCard(named: "b.vcf", in: friends, to: "y.vcf", in: friends, keepSource: true, overwrite: true) })
            != .uidConflict {
            failures.append("a copy within the book kept two cards with one UID")
        }
        let moved = try await store.transferCard(named: "b.vcf", in: friends, to: "c.vcf", in: friends, keepSource: false, overwrite: true)
        let left = try await store.card(named: "b.vcf", in: friends)
        if !moved.created || left != nil { failures.append("a move within the book did not rename") }
        let changes = try await store.changes(in: friends, since: 2, limit: nil)
        if changes.changed != ["c.vcf"] || changes.deleted != ["b.vcf"] { failures.append("a move logged \(changes)") }
        if await code({ _ = try await store.transferCard(named: "none.vcf", in: friends, to: "z.vcf", in: work, keepSource: true, overwrite: true) })
            != .notFound {
            failures.append("moving a missing card is not notFound")
        }
        return failures
    }
}
