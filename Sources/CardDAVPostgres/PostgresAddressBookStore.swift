import CardDAVCore
import Foundation
import PostgresAccess
import PostgresNIO
import WebDAV

/// ``AddressBookStore`` over one PostgreSQL database, shared by any number of `jadwald`
/// instances. Every write is one transaction, and writers of one book queue on its row
/// (`SELECT ... FOR UPDATE`) before they read the ETag a precondition tests or the change
/// position they advance; UNIQUE constraints back up the UID rule.
public final class PostgresAddressBookStore: AddressBookStore {
    public let database: PostgresPool
    let clock: @Sendable () -> Int

    /// A store over `database`, whose `carddav` tables it first brings up to date.
    /// - Throws: ``StoreError/Code/unavailable`` when the database cannot be reached or migrated.
    public init(database: PostgresPool, clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) async throws(StoreError) {
        do {
            try await AddressBookSchema.migrator.migrate(database)
            database.movesChangeStamp()
        } catch {
            throw PostgresPool.storeError(error)
        }
        self.database = database
        self.clock = clock
    }

    static let changeLog = PostgresChangeLog(table: "card_change_log", members: "card", collectionColumn: "book_id", collections: "address_book")

    // MARK: Books

    public func addressBooks(of owner: String) async throws(StoreError) -> [AddressBook] {
        try await database.storeLookup { connection in
            try Self.books(try await connection.rows("\(unescaped: Self.bookWithProperties) WHERE b.owner = \(owner) ORDER BY b.name, b.id"))
        }
    }

    public func addressBook(_ reference: AddressBookReference) async throws(StoreError) -> AddressBook? {
        try await database.storeLookup { connection in try await Self.book(reference, connection) }
    }

    public func createAddressBook(_ book: AddressBook) async throws(StoreError) {
        let now = clock()
        let syncID = SyncToken.newSyncID()
        let reference = book.reference
        try await database.storeWrite(uniqueViolation: StoreError(.alreadyExists, "address book \(reference) exists")) { connection in
            _ = try await Self.insertBook(book, createdAt: now, syncID: syncID, connection)
        }
    }

    public func importAddressBook(_ imported: ImportedAddressBook) async throws(StoreError) {
        try imported.checkUniqueUIDs()
        let book = imported.book
        let reference = book.reference
        try await database.storeWrite(uniqueViolation: StoreError(.alreadyExists, "address book \(reference) exists")) { connection in
            let id = try await Self.insertBook(book, createdAt: book.createdAt, syncID: book.syncID, connection)
            for card in imported.cards { try await Self.upsert(card.card, book: id, index: card.index, connection) }
            for change in imported.changes { try await Self.changeLog.record(collection: id, position: change.position, name: change.name, connection) }
            try await connection.run("UPDATE address_book SET change_position = \(book.changePosition) WHERE id = \(id)")
        }
    }

    public func updateAddressBook(_ book: AddressBook) async throws(StoreError) {
        try await database.storeWrite { connection in
            try await Self.saveProperties(book, id: try await Self.lockBook(book.reference, connection).id, connection)
        }
    }

    public func deleteAddressBook(_ reference: AddressBookReference) async throws(StoreError) {
        try await database.storeWrite { connection in
            let deleted = try await connection.row("DELETE FROM address_book WHERE owner = \(reference.owner) AND name = \(reference.name) RETURNING id")
            if deleted == nil { throw StoreError(.notFound, "no address book \(reference)") }
        }
    }

    // MARK: Cards

    // Card reads are one statement each: the book's row LEFT JOINed with the cards that
    // match, so that no row at all means no book.

    public func cards(in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        try await joinedCards(reference, names: nil)
    }

    public func listing(of reference: AddressBookReference) async throws(StoreError) -> [Card] {
        let rows = try await database.storeLookup { connection in
            try await connection.rows("""
                SELECT b.id, c.name, octet_length(c.data) AS size, c.etag, c.uid, c.last_modified
                FROM address_book b LEFT JOIN card c ON c.book_id = b.id WHERE b.owner = \(reference.owner) AND b.name = \(reference.name) ORDER BY c.name
                """)
        }
        guard !rows.isEmpty else { throw StoreError(.notFound, "no address book \(reference)") }
        do {
            return try rows.filter { try $0.get("name", as: String?.self) != nil }.map { row in
                .listed(name: try row.get("name"), size: try row.get("size"), etag: try row.get("etag"), uid: try row.get("uid"),
                        lastModified: try row.get("last_modified"))
            }
        } catch {
            throw PostgresPool.storeError(error)
        }
    }

    public func cards(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        let cards = try await joinedCards(reference, names: names)
        let found = Dictionary(cards.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return names.compactMap { found[$0] }
    }

    public func lookup(_ reference: AddressBookReference, card name: String?) async throws(StoreError) -> AddressBookLookup? {
        try await database.storeLookup { connection in
            guard let book = try await Self.book(reference, connection) else { return nil }
            guard let name else { return AddressBookLookup(book: book, card: nil) }
            let row = try await connection.row("""
                SELECT c.* FROM card c JOIN address_book b ON b.id = c.book_id
                WHERE b.owner = \(reference.owner) AND b.name = \(reference.name) AND c.name = \(name)
                """)
            return AddressBookLookup(book: book, card: try row.map(Self.card))
        }
    }

    public func listing(named names: [String], in reference: AddressBookReference) async throws(StoreError) -> [Card] {
        let rows = try await database.storeLookup { connection in
            try await connection.rows("""
                SELECT b.id, c.name, octet_length(c.data) AS size, c.etag, c.uid, c.last_modified
                FROM address_book b LEFT JOIN card c ON c.book_id = b.id AND c.name = ANY(\(names))
                WHERE b.owner = \(reference.owner) AND b.name = \(reference.name)
                """)
        }
        guard !rows.isEmpty else { throw StoreError(.notFound, "no address book \(reference)") }
        do {
            var found: [String: Card] = [:]
            for row in rows where try row.get("name", as: String?.self) != nil {
                let card = Card.listed(name: try row.get("name"), size: try row.get("size"), etag: try row.get("etag"), uid: try row.get("uid"),
                                       lastModified: try row.get("last_modified"))
                found[card.name] = card
            }
            return names.compactMap { found[$0] }
        } catch {
            throw PostgresPool.storeError(error)
        }
    }

    public func searchIndex(of reference: AddressBookReference, matching term: CardSearchTerm?) async throws(StoreError) -> [CardSearchEntry] {
        let rows = try await database.storeLookup { connection in
            guard let term else {
                return try await connection.rows("""
                    SELECT b.id, c.name, c.uid, c.fields FROM address_book b LEFT JOIN card c ON c.book_id = b.id
                    WHERE b.owner = \(reference.owner) AND b.name = \(reference.name) ORDER BY c.name
                    """)
            }
            // The range of card_term's key holding the property's values: one seek for equals
            // and starts-with (LIKE with a literal prefix, on a "C" column, is a range of it),
            // a scan of that property's values alone for the others. A query of its own for
            // each, so that the plan is made for the term at hand.
            let (test, value): (String, String) = switch term.match {
            case .equals: ("=", term.text)
            case .startsWith: ("LIKE", Self.likeLiteral(term.text) + "%")
            case .endsWith: ("LIKE", "%" + Self.likeLiteral(term.text))
            case .contains: ("LIKE", "%" + Self.likeLiteral(term.text) + "%")
            }
            return try await connection.rows("""
                SELECT b.id, c.name, c.uid, c.fields FROM address_book b LEFT JOIN LATERAL (
                    SELECT c.name, c.uid, c.fields FROM card c WHERE c.book_id = b.id AND c.name IN (
                        SELECT t.card_name FROM card_term t WHERE t.book_id = b.id AND t.property = \(term.property)
                            AND t.text \(unescaped: test) \(value))
                ) c ON true
                WHERE b.owner = \(reference.owner) AND b.name = \(reference.name) ORDER BY c.name
                """)
        }
        guard !rows.isEmpty else { throw StoreError(.notFound, "no address book \(reference)") }
        do {
            return try rows.filter { try $0.get("name", as: String?.self) != nil }.map { row in
                CardSearchEntry(name: try row.get("name"), index: CardIndex(uid: try row.get("uid"), encodedFields: try row.get("fields")))
            }
        } catch {
            throw PostgresPool.storeError(error)
        }
    }

    public func putCard(
        named name: String, data: [UInt8], index: CardIndex, in reference: AddressBookReference, precondition: WritePrecondition
    ) async throws(StoreError) -> (card: Card, created: Bool) {
        let now = clock()
        let clash = StoreError(.uidConflict, "UID \(index.uid) is already used in \(reference)")
        return try await database.storeWrite(uniqueViolation: clash) { connection in
            let (id, position) = try await Self.lockBook(reference, connection)
            let existing = try await connection.row("SELECT etag FROM card WHERE book_id = \(id) AND name = \(name)").map { try $0.get("etag", as: String.self) }
            guard precondition.isSatisfied(by: existing) else { throw StoreError(.preconditionFailed, "\(name): the precondition does not hold") }
            try await Self.checkUID(index.uid, in: id, except: [name], connection)
            let next = position + 1
            let card = Card(name: name, data: data, etag: EntityTag.make(position: next, data: data), uid: index.uid, lastModified: now)
            try await Self.upsert(card, book: id, index: index, connection)
            try await Self.changeLog.record(collection: id, position: next, name: name, connection)
            return (card, existing == nil)
        }
    }

    public func deleteCard(named name: String, in reference: AddressBookReference, precondition: WritePrecondition) async throws(StoreError) {
        try await database.storeWrite { connection in
            let (id, position) = try await Self.lockBook(reference, connection)
            guard let etag = try await connection.row("SELECT etag FROM card WHERE book_id = \(id) AND name = \(name)").map({ try $0.get("etag", as: String.self) }) else {
                throw StoreError(.notFound, "no card \(name)")
            }
            guard precondition.isSatisfied(by: etag) else { throw StoreError(.preconditionFailed, "\(name): the precondition does not hold") }
            try await Self.remove(name, book: id, connection)
            try await Self.changeLog.record(collection: id, position: position + 1, name: name, connection)
        }
    }

    public func transferCard(
        named source: String, in origin: AddressBookReference, to name: String, in destination: AddressBookReference,
        keepSource: Bool, overwrite: Bool
    ) async throws(StoreError) -> (card: Card, created: Bool) {
        let now = clock()
        return try await database.storeWrite { connection in
            // Both books' rows, locked in id order so opposite transfers cannot deadlock.
            var locked: [AddressBookReference: (id: Int64, position: Int64)] = [:]
            for row in try await connection.rows("""
                SELECT id, owner, name, change_position FROM address_book
                WHERE (owner = \(origin.owner) AND name = \(origin.name)) OR (owner = \(destination.owner) AND name = \(destination.name))
                ORDER BY id FOR UPDATE
                """) {
                locked[AddressBookReference(owner: try row.get("owner"), name: try row.get("name"))] = (try row.get("id"), try row.get("change_position"))
            }
            guard let (originID, originPosition) = locked[origin] else { throw StoreError(.notFound, "no address book \(origin)") }
            guard let row = try await connection.row("SELECT * FROM card WHERE book_id = \(originID) AND name = \(source)") else {
                throw StoreError(.notFound, "no card \(source)")
            }
            let stored = try Self.card(row)
            guard let (targetID, targetPosition) = locked[destination] else { throw StoreError(.notFound, "no address book \(destination)") }
            if origin == destination && source == name { return (stored, false) }
            let exists = try await connection.row("SELECT 1 FROM card WHERE book_id = \(targetID) AND name = \(name)") != nil
            if exists && !overwrite { throw StoreError(.preconditionFailed, "\(name) exists and Overwrite is F") }
            let movingWithin = !keepSource && origin == destination
            try await Self.checkUID(stored.uid, in: targetID, except: movingWithin ? [name, source] : [name], connection)
            var next = targetPosition + 1
            if !keepSource {
                try await Self.remove(source, book: originID, connection)
                try await Self.changeLog.record(collection: originID, position: originPosition + 1, name: source, connection)
                if movingWithin { next = originPosition + 2 }
            }
            let card = Card(name: name, data: stored.data, etag: EntityTag.make(position: next, data: stored.data), uid: stored.uid, lastModified: now)
            try await Self.upsert(card, book: targetID, index: CardIndex(uid: stored.uid, encodedFields: try row.get("fields")), connection)
            try await Self.changeLog.record(collection: targetID, position: next, name: name, connection)
            return (card, !exists)
        }
    }

    public func changes(in reference: AddressBookReference, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await database.storeRead { connection in
            guard let row = try await connection.row("""
                SELECT id, change_position FROM address_book WHERE owner = \(reference.owner) AND name = \(reference.name)
                """) else { throw StoreError(.notFound, "no address book \(reference)") }
            return try await Self.changeLog.changes(in: try row.get("id"), current: try row.get("change_position"), since: position, limit: limit,
                                                    collection: reference.description, connection)
        }
    }

    // MARK: Rows

    /// The cards of one statement joining the book with the cards named (all when `names` is nil).
    private func joinedCards(_ reference: AddressBookReference, names: [String]?) async throws(StoreError) -> [Card] {
        let rows = try await database.storeLookup { connection in
            try await connection.rows("""
                SELECT b.id AS book, c.* FROM address_book b LEFT JOIN card c ON c.book_id = b.id AND (\(names)::text[] IS NULL OR c.name = ANY(\(names)))
                WHERE b.owner = \(reference.owner) AND b.name = \(reference.name) ORDER BY c.name
                """)
        }
        guard !rows.isEmpty else { throw StoreError(.notFound, "no address book \(reference)") }
        do {
            return try rows.filter { try $0.get("name", as: String?.self) != nil }.map(Self.card)
        } catch {
            throw PostgresPool.storeError(error)
        }
    }

    /// The book's id and change position, its row locked until the transaction ends.
    private static func lockBook(_ reference: AddressBookReference, _ connection: PostgresConnection) async throws -> (id: Int64, position: Int64) {
        guard let row = try await connection.row("""
            SELECT id, change_position FROM address_book WHERE owner = \(reference.owner) AND name = \(reference.name) FOR UPDATE
            """) else { throw StoreError(.notFound, "no address book \(reference)") }
        return (try row.get("id"), try row.get("change_position"))
    }

    private static func book(_ reference: AddressBookReference, _ connection: PostgresConnection) async throws -> AddressBook? {
        try books(try await connection.rows("\(unescaped: bookWithProperties) WHERE b.owner = \(reference.owner) AND b.name = \(reference.name)")).first
    }

    /// UID uniqueness in a book: another card holding `uid`, other than `names`, is a conflict naming it.
    private static func checkUID(_ uid: String, in book: Int64, except names: [String], _ connection: PostgresConnection) async throws {
        for row in try await connection.rows("SELECT name FROM card WHERE book_id = \(book) AND uid = \(uid)") {
            let holder: String = try row.get("name")
            if !names.contains(holder) { throw StoreError(.uidConflict, "UID \(uid) is already used by \(holder)", existingName: holder) }
        }
    }

    /// Writes a card's row and its terms (``CardIndex/terms``), over the card of that name if
    /// any, whose fields the statement answers (a CTE sees the row as it was before).
    private static func upsert(_ card: Card, book id: Int64, index: CardIndex, _ connection: PostgresConnection) async throws {
        let row = try await connection.row("""
            WITH old AS (SELECT fields FROM card WHERE book_id = \(id) AND name = \(card.name))
            INSERT INTO card (book_id, name, data, etag, uid, fields, last_modified)
            VALUES (\(id), \(card.name), \(card.data.bytea), \(card.etag), \(card.uid), \(index.encodedFields), \(card.lastModified))
            ON CONFLICT (book_id, name) DO UPDATE SET data = excluded.data, etag = excluded.etag, uid = excluded.uid,
                fields = excluded.fields, last_modified = excluded.last_modified
            RETURNING (SELECT fields FROM old) AS old_fields
            """)
        let old = try row?.get("old_fields", as: String?.self).map { CardIndex(uid: "", encodedFields: $0).terms } ?? []
        try await replaceTerms(of: card.name, book: id, old: old, new: index.terms, connection)
    }

    /// Deletes a card's row and its terms, known from the fields it answers.
    private static func remove(_ name: String, book id: Int64, _ connection: PostgresConnection) async throws {
        let row = try await connection.row("DELETE FROM card WHERE book_id = \(id) AND name = \(name) RETURNING fields")
        let old = try row.map { CardIndex(uid: "", encodedFields: try $0.get("fields", as: String.self)).terms } ?? []
        try await replaceTerms(of: name, book: id, old: old, new: [], connection)
    }

    /// Moves a card's rows of `card_term` from its `old` terms to its `new` ones, touching
    /// only those that differ, in one statement.
    static func replaceTerms(of name: String, book id: Int64, old: [CardIndex.Field], new: [CardIndex.Field], _ connection: PostgresConnection) async throws {
        let (kept, wanted) = (Set(old), Set(new))
        let gone = old.filter { !wanted.contains($0) }, added = new.filter { !kept.contains($0) }
        guard !gone.isEmpty || !added.isEmpty else { return }
        try await connection.run("""
            WITH gone AS (
                DELETE FROM card_term WHERE book_id = \(id) AND card_name = \(name)
                    AND (property, text) IN (SELECT * FROM unnest(\(gone.map(\.property))::text[], \(gone.map(\.text))::text[])))
            INSERT INTO card_term (book_id, property, text, card_name)
            SELECT \(id), property, text, \(name) FROM unnest(\(added.map(\.property))::text[], \(added.map(\.text))::text[]) AS t(property, text)
            """)
    }

    /// `text` as a LIKE pattern that matches it alone: `%`, `_` and the escape `\\` escaped.
    private static func likeLiteral(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// A new book's row and properties, at change position 0; its id.
    private static func insertBook(_ book: AddressBook, createdAt: Int, syncID: String, _ connection: PostgresConnection) async throws -> Int64 {
        guard let row = try await connection.row("""
            INSERT INTO address_book (owner, name, change_position, created_at, sync_id)
            VALUES (\(book.reference.owner), \(book.reference.name), 0, \(createdAt), \(syncID)) RETURNING id
            """) else { throw StoreError(.unavailable, "the address book could not be created") }
        let id = try row.get("id", as: Int64.self)
        try await saveProperties(book, id: id, connection)
        return id
    }

    private static func saveProperties(_ book: AddressBook, id: Int64, _ connection: PostgresConnection) async throws {
        try await connection.run("UPDATE address_book SET display_name = \(book.displayName), description = \(book.bookDescription) WHERE id = \(id)")
        try await connection.run("DELETE FROM address_book_property WHERE book_id = \(id)")
        for (name, xml) in book.deadProperties {
            try await connection.run("""
                INSERT INTO address_book_property (book_id, namespace, local_name, xml) VALUES (\(id), \(name.namespace), \(name.local), \(xml.bytea))
                """)
        }
    }

    /// A book's columns with its dead properties, one row per property; ``books(_:)`` folds them.
    static let bookWithProperties = """
        SELECT b.*, p.namespace, p.local_name, p.xml FROM address_book b LEFT JOIN address_book_property p ON p.book_id = b.id
        """

    private static func books(_ rows: [PostgresRandomAccessRow]) throws -> [AddressBook] {
        var books: [AddressBook] = []
        var lastID: Int64?
        for row in rows {
            let id: Int64 = try row.get("id")
            if id != lastID {
                books.append(AddressBook(
                    reference: AddressBookReference(owner: try row.get("owner"), name: try row.get("name")),
                    displayName: try row.get("display_name"), bookDescription: try row.get("description"),
                    changePosition: try row.get("change_position"), createdAt: try row.get("created_at"), syncID: try row.get("sync_id")))
                lastID = id
            }
            if let namespace = try row.get("namespace", as: String?.self) {
                books[books.count - 1].deadProperties[DAVXML.Name(namespace, try row.get("local_name", as: String.self))] = try row.bytes("xml")
            }
        }
        return books
    }

    private static func card(_ row: PostgresRandomAccessRow) throws -> Card {
        Card(name: try row.get("name"), data: try row.bytes("data"), etag: try row.get("etag"), uid: try row.get("uid"),
             lastModified: try row.get("last_modified"))
    }
}
