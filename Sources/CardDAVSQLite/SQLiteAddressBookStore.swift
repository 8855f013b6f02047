import CardDAVCore
import Foundation
import GRDB
import SQLiteAccess
import WebDAV

/// ``AddressBookStore`` over the process's SQLite file (WAL mode, one writer): every write
/// is one transaction, so it happens whole, change-log entry included, or not at all.
public final class SQLiteAddressBookStore: AddressBookStore {
    /// The file, shared with the process's other tables.
    public let file: SQLiteFile
    let clock: @Sendable () -> Int

    /// Keeps address books in `file`, bringing their tables up to date.
    /// - Throws: ``StoreError/Code/unavailable`` when the tables cannot be migrated.
    public init(file: SQLiteFile, clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) throws(StoreError) {
        do {
            try AddressBookMigrations.migrator.migrate(file.pool)
        } catch {
            throw StoreError(.unavailable, "the database could not be migrated", cause: error)
        }
        self.file = file
        self.clock = clock
    }

    static let changeLog = SQLiteChangeLog(table: "card_change_log", members: "card", collectionColumn: "book_id", collections: "address_book")

    // MARK: Books

    public func addressBooks(of owner: String) async throws(StoreError) -> [AddressBook] {
        try file.storeLookup { db in
            try Self.books(RawStatement(db, """
                SELECT \(Self.bookColumns) FROM address_book b LEFT JOIN address_book_property p ON p.book_id = b.id
                WHERE b.owner = ? ORDER BY b.name
                """, [.text(owner)]))
        }
    }

    public func addressBook(_ reference: AddressBookReference) async throws(StoreError) -> AddressBook? {
        try file.storeLookup { db in try Self.book(reference, db) }
    }

    public func createAddressBook(_ book: AddressBook) async throws(StoreError) {
        let now = clock()
        try await file.storeWrite { db in
            _ = try Self.insertBook(book, createdAt: now, syncID: SyncToken.newSyncID(), db)
        }
    }

    public func importAddressBook(_ imported: ImportedAddressBook) async throws(StoreError) {
        try imported.checkUniqueUIDs()
        let book = imported.book
        try await file.storeWrite { db in
            let id = try Self.insertBook(book, createdAt: book.createdAt, syncID: book.syncID, db)
            for card in imported.cards { try Self.upsert(card.card, book: id, index: card.index, db) }
            for change in imported.changes { try Self.changeLog.record(collection: id, position: change.position, name: change.name, db) }
            try db.cachedStatement(sql: "UPDATE address_book SET change_position = ? WHERE id = ?").execute(arguments: [book.changePosition, id])
        }
    }

    public func updateAddressBook(_ book: AddressBook) async throws(StoreError) {
        try await file.storeWrite { db in
            try Self.saveProperties(book, id: try Self.requireBook(book.reference, db).id, db)
        }
    }

    public func deleteAddressBook(_ reference: AddressBookReference) async throws(StoreError) {
        try await file.storeWrite { db in
            let id = try Self.requireBook(reference, db).id
            try db.cachedStatement(sql: "DELETE FROM address_book WHERE id = ?").execute(arguments: [id])
        }
    }

    // MARK: Cards

    public func cards(in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await file.storeScan { db in
            let id = try Self.requireBook(reference, db).id
            return try Self.cards(RawStatement(db, "SELECT \(Self.cardColumns) FROM card WHERE book_id = ? ORDER BY name", [.integer(id)]))
        }
    }

    public func listing(of reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await file.storeScan { db in
            let id = try Self.requireBook(reference, db).id
            let row = try RawStatement(db, "SELECT name, length(data), etag, uid, last_modified FROM card WHERE book_id = ? ORDER BY name", [.integer(id)])
            var found: [Card] = []
            while try row.step() {
                found.append(.listed(name: row.text(0) ?? "", size: row.int(1), etag: row.text(2) ?? "", uid: row.text(3) ?? "", lastModified: row.int(4)))
            }
            return found
        }
    }

    public func cards(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        let list = JSONArray.of(names)
        return try file.storeLookup { db in
            let id = try Self.requireBook(reference, db).id
            guard !names.isEmpty else { return [] }
            let rows = try Self.cards(RawStatement(db, "SELECT \(Self.cardColumns) FROM card WHERE book_id = ? AND name IN (SELECT value FROM json_each(?))",
                                                   [.integer(id), .text(list)]))
            let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0) })
            return names.compactMap { byName[$0] }
        }
    }

    public func lookup(_ reference: AddressBookReference, card name: String?) async throws(StoreError) -> AddressBookLookup? {
        try file.storeLookup { db in
            guard let book = try Self.book(reference, db) else { return nil }
            guard let name else { return AddressBookLookup(book: book, card: nil) }
            let card = try RawStatement(db, "SELECT \(Self.cardColumns) FROM card WHERE name = ? AND book_id = (SELECT id FROM address_book WHERE owner = ? AND name = ?)",
                                        [.text(name), .text(reference.owner), .text(reference.name)])
            return AddressBookLookup(book: book, card: try card.step() ? Self.card(card) : nil)
        }
    }

    public func listing(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        let list = JSONArray.of(names)
        return try await file.storeScan { db in
            let id = try Self.requireBook(reference, db).id
            let row = try RawStatement(db, """
                SELECT name, length(data), etag, uid, last_modified FROM card WHERE book_id = ? AND name IN (SELECT value FROM json_each(?))
                """, [.integer(id), .text(list)])
            var found: [String: Card] = [:]
            while try row.step() {
                let card = Card.listed(name: row.text(0) ?? "", size: row.int(1), etag: row.text(2) ?? "", uid: row.text(3) ?? "", lastModified: row.int(4))
                found[card.name] = card
            }
            return names.compactMap { found[$0] }
        }
    }

    public func searchIndex(of reference: AddressBookReference, matching term: CardSearchTerm?) async throws(StoreError) -> [CardSearchEntry] {
        try await file.storeScan { db in
            let id = try Self.requireBook(reference, db).id
            let row: RawStatement
            if let term {
                // The range of card_term's key holding the property's values: one seek for
                // equals and starts-with (GLOB with a literal prefix is a range of it), a
                // scan of that property's values alone for the others.
                let test = switch term.match {
                case .equals: "t.text = ?3"
                case .startsWith, .endsWith: "t.text GLOB ?3"
                case .contains: "instr(t.text, ?3) > 0"
                }
                let value = switch term.match {
                case .equals, .contains: term.text
                case .startsWith: Self.globLiteral(term.text) + "*"
                case .endsWith: "*" + Self.globLiteral(term.text)
                }
                row = try RawStatement(db, """
                    SELECT c.name, c.uid, c.fields FROM card c WHERE c.book_id = ?1 AND c.name IN (
                        SELECT t.card_name FROM card_term t WHERE t.book_id = ?1 AND t.property = ?2 AND \(test))
                    ORDER BY c.name
                    """, [.integer(id), .text(term.property), .text(value)])
            } else {
                row = try RawStatement(db, "SELECT name, uid, fields FROM card WHERE book_id = ? ORDER BY name", [.integer(id)])
            }
            var found: [CardSearchEntry] = []
            while try row.step() {
                found.append(CardSearchEntry(name: row.text(0) ?? "", index: CardIndex(uid: row.text(1) ?? "", encodedFields: row.text(2) ?? "")))
            }
            return found
        }
    }

    public func putCard(
        named name: String, data: [UInt8], index: CardIndex, in reference: AddressBookReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (card: Card, created: Bool) {
        let now = clock()
        return try await file.storeWrite { db in
            let (id, position) = try Self.requireBook(reference, db)
            let existing = try String.fetchOne(db.cachedStatement(sql: "SELECT etag FROM card WHERE book_id = ? AND name = ?"), arguments: [id, name])
            guard precondition.isSatisfied(by: existing) else { throw StoreError(.preconditionFailed, "\(name): the precondition does not hold") }
            try Self.checkUID(index.uid, in: id, except: [name], db)
            let next = position + 1
            let card = Card(name: name, data: data, etag: EntityTag.make(position: next, data: data), uid: index.uid, lastModified: now)
            try Self.upsert(card, book: id, index: index, db)
            try Self.changeLog.record(collection: id, position: next, name: name, db)
            return (card, existing == nil)
        }
    }

    public func deleteCard(named name: String, in reference: AddressBookReference, precondition: WritePrecondition) async throws(StoreError) {
        try await file.storeWrite { db in
            let (id, position) = try Self.requireBook(reference, db)
            guard let etag = try String.fetchOne(db.cachedStatement(sql: "SELECT etag FROM card WHERE book_id = ? AND name = ?"), arguments: [id, name]) else {
                throw StoreError(.notFound, "no card \(name)")
            }
            guard precondition.isSatisfied(by: etag) else { throw StoreError(.preconditionFailed, "\(name): the precondition does not hold") }
            try Self.remove(name, book: id, db)
            try Self.changeLog.record(collection: id, position: position + 1, name: name, db)
        }
    }

    public func transferCard(
        named source: String, in origin: AddressBookReference, to name: String, in destination: AddressBookReference,
        keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (card: Card, created: Bool) {
        let now = clock()
        return try await file.storeWrite { db in
            let (originID, originPosition) = try Self.requireBook(origin, db)
            let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT data, uid, fields FROM card WHERE book_id = ? AND name = ?"), arguments: [originID, source])
            guard let row else { throw StoreError(.notFound, "no card \(source)") }
            let (data, uid) = ([UInt8](row["data"] as Data), row["uid"] as String)
            let index = CardIndex(uid: uid, encodedFields: row["fields"])
            let (targetID, _) = try Self.requireBook(destination, db)
            if origin == destination && source == name {
                return (try Self.card(named: name, book: targetID, db)!, false)
            }
            let exists = try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM card WHERE book_id = ? AND name = ?"), arguments: [targetID, name]) == true
            if exists && !overwrite { throw StoreError(.preconditionFailed, "\(name) exists and Overwrite is F") }
            try Self.checkUID(uid, in: targetID, except: !keepSource && origin == destination ? [name, source] : [name], db)
            if !keepSource {
                try Self.remove(source, book: originID, db)
                try Self.changeLog.record(collection: originID, position: originPosition + 1, name: source, db)
            }
            let next = try Self.requireBook(destination, db).position + 1
            let card = Card(name: name, data: data, etag: EntityTag.make(position: next, data: data), uid: uid, lastModified: now)
            try Self.upsert(card, book: targetID, index: index, db)
            try Self.changeLog.record(collection: targetID, position: next, name: name, db)
            return (card, !exists)
        }
    }

    public func changes(in reference: AddressBookReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await file.storeScan(inSnapshot: true) { db in
            let (id, current) = try Self.requireBook(reference, db)
            return try Self.changeLog.changes(in: id, current: current, since: position, limit: limit, collection: reference.description, db)
        }
    }

    // MARK: Rows

    private static func bookRow(_ reference: AddressBookReference, _ db: Database) throws -> (id: Int64, position: Int64)? {
        let row = try RawStatement(db, "SELECT id, change_position FROM address_book WHERE owner = ? AND name = ?", [.text(reference.owner), .text(reference.name)])
        return try row.step() ? (row.int64(0), row.int64(1)) : nil
    }

    private static func requireBook(_ reference: AddressBookReference, _ db: Database) throws -> (id: Int64, position: Int64) {
        guard let found = try bookRow(reference, db) else { throw StoreError(.notFound, "no address book \(reference)") }
        return found
    }

    private static func book(_ reference: AddressBookReference, _ db: Database) throws -> AddressBook? {
        try books(RawStatement(db, """
            SELECT \(bookColumns) FROM address_book b LEFT JOIN address_book_property p ON p.book_id = b.id WHERE b.owner = ? AND b.name = ?
            """, [.text(reference.owner), .text(reference.name)])).first
    }

    /// UID uniqueness in a book (RFC 6352 §6.3.2.1): another card holding `uid`, other
    /// than `names`, is a conflict naming it.
    private static func checkUID(_ uid: String, in book: Int64, except names: [String], _ db: Database) throws {
        let holders = try String.fetchAll(db.cachedStatement(sql: "SELECT name FROM card WHERE book_id = ? AND uid = ?"), arguments: [book, uid])
        if let holder = holders.first(where: { !names.contains($0) }) {
            throw StoreError(.uidConflict, "UID \(uid) is already used by \(holder)", existingName: holder)
        }
    }

    /// Writes a card's row and its terms (``CardIndex/terms``), over the card of that name if any.
    private static func upsert(_ card: Card, book id: Int64, index: CardIndex, _ db: Database) throws {
        let old = try storedTerms(of: card.name, book: id, db)
        try db.cachedStatement(sql: """
            INSERT INTO card (book_id, name, data, etag, uid, fields, last_modified) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (book_id, name) DO UPDATE SET data = excluded.data, etag = excluded.etag, uid = excluded.uid,
                fields = excluded.fields, last_modified = excluded.last_modified
            """).execute(arguments: [id, card.name, Data(card.data), card.etag, card.uid, index.encodedFields, card.lastModified])
        try replaceTerms(of: card.name, book: id, old: old, new: index.terms, db)
    }

    /// Deletes a card's row and its terms.
    private static func remove(_ name: String, book id: Int64, _ db: Database) throws {
        let old = try storedTerms(of: name, book: id, db)
        try db.cachedStatement(sql: "DELETE FROM card WHERE book_id = ? AND name = ?").execute(arguments: [id, name])
        try replaceTerms(of: name, book: id, old: old, new: [], db)
    }

    private static func storedTerms(of name: String, book id: Int64, _ db: Database) throws -> [CardIndex.Field] {
        let fields = try String.fetchOne(db.cachedStatement(sql: "SELECT fields FROM card WHERE book_id = ? AND name = ?"), arguments: [id, name])
        return fields.map { CardIndex(uid: "", encodedFields: $0).terms } ?? []
    }

    /// Moves a card's rows of `card_term` from its `old` terms to its `new` ones, touching
    /// only those that differ: each is an entry at its own place in the table's one index.
    static func replaceTerms(of name: String, book id: Int64, old: [CardIndex.Field], new: [CardIndex.Field], _ db: Database) throws {
        let (kept, wanted) = (Set(old), Set(new))
        let delete = try db.cachedStatement(sql: "DELETE FROM card_term WHERE book_id = ? AND property = ? AND text = ? AND card_name = ?")
        for term in old where !wanted.contains(term) { try delete.execute(arguments: [id, term.property, term.text, name]) }
        let insert = try db.cachedStatement(sql: "INSERT INTO card_term (book_id, property, text, card_name) VALUES (?, ?, ?, ?)")
        for term in new where !kept.contains(term) { try insert.execute(arguments: [id, term.property, term.text, name]) }
    }

    /// `text` as a GLOB pattern that matches it alone: `*`, `?` and `[` each in brackets.
    private static func globLiteral(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "*", "?", "[": out += "[\(character)]"
            default: out.append(character)
            }
        }
        return out
    }

    /// A new book's row and properties, at change position 0; its id.
    private static func insertBook(_ book: AddressBook, createdAt: Int, syncID: String, _ db: Database) throws -> Int64 {
        if try bookRow(book.reference, db) != nil { throw StoreError(.alreadyExists, "address book \(book.reference) exists") }
        try db.cachedStatement(sql: "INSERT INTO address_book (owner, name, change_position, created_at, sync_id) VALUES (?, ?, 0, ?, ?)")
            .execute(arguments: [book.reference.owner, book.reference.name, createdAt, syncID])
        let id = db.lastInsertedRowID
        try saveProperties(book, id: id, db)
        return id
    }

    private static func saveProperties(_ book: AddressBook, id: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE address_book SET display_name = ?, description = ? WHERE id = ?")
            .execute(arguments: [book.displayName, book.bookDescription, id])
        try db.cachedStatement(sql: "DELETE FROM address_book_property WHERE book_id = ?").execute(arguments: [id])
        for (name, xml) in book.deadProperties {
            try db.cachedStatement(sql: "INSERT INTO address_book_property (book_id, namespace, local_name, xml) VALUES (?, ?, ?, ?)")
                .execute(arguments: [id, name.namespace, name.local, Data(xml)])
        }
    }

    /// The columns ``books(_:)`` reads: a book's, then one dead property's (NULL when none).
    static let bookColumns = """
        b.id, b.owner, b.name, b.display_name, b.description, b.change_position, b.created_at, b.sync_id, p.namespace, p.local_name, p.xml
        """

    /// Books from rows of ``bookColumns``, one row per dead property, a book's rows together.
    private static func books(_ row: borrowing RawStatement) throws -> [AddressBook] {
        var found: [AddressBook] = []
        var lastID: Int64?
        while try row.step() {
            let id = row.int64(0)
            if id != lastID {
                lastID = id
                found.append(AddressBook(
                    reference: AddressBookReference(owner: row.text(1) ?? "", name: row.text(2) ?? ""), displayName: row.text(3),
                    bookDescription: row.text(4), changePosition: row.int64(5), createdAt: row.int(6), syncID: row.text(7) ?? ""))
            }
            if let namespace = row.text(8) {
                found[found.count - 1].deadProperties[DAVXML.Name(namespace, row.text(9) ?? "")] = row.bytes(10)
            }
        }
        return found
    }

    /// The columns ``card(_:)`` reads, in its order.
    static let cardColumns = "name, data, etag, uid, last_modified"

    private static func card(_ row: borrowing RawStatement) -> Card {
        Card(name: row.text(0) ?? "", data: row.bytes(1), etag: row.text(2) ?? "", uid: row.text(3) ?? "", lastModified: row.int(4))
    }

    private static func cards(_ row: borrowing RawStatement) throws -> [Card] {
        var found: [Card] = []
        while try row.step() { found.append(card(row)) }
        return found
    }

    private static func card(named name: String, book id: Int64, _ db: Database) throws -> Card? {
        let row = try RawStatement(db, "SELECT \(cardColumns) FROM card WHERE book_id = ? AND name = ?", [.integer(id), .text(name)])
        return try row.step() ? card(row) : nil
    }
}
