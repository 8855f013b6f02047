import CardDAVCore
import GRDB

/// The address books' schema, as numbered migrations that are only ever appended to. The
/// tables live in the process's one SQLite file beside the calendars'.
enum AddressBookMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("carddav-1-address-books") { db in
            // `fields` is the card's CardIndex in its storage form, for queries.
            try db.execute(sql: """
                CREATE TABLE address_book (
                    id INTEGER PRIMARY KEY,
                    owner TEXT NOT NULL,
                    name TEXT NOT NULL,
                    display_name TEXT,
                    description TEXT,
                    change_position INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL,
                    sync_id TEXT NOT NULL,
                    UNIQUE (owner, name)
                );
                CREATE TABLE address_book_property (
                    book_id INTEGER NOT NULL REFERENCES address_book(id) ON DELETE CASCADE,
                    namespace TEXT NOT NULL,
                    local_name TEXT NOT NULL,
                    xml BLOB NOT NULL,
                    PRIMARY KEY (book_id, namespace, local_name)
                );
                CREATE TABLE card (
                    book_id INTEGER NOT NULL REFERENCES address_book(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    data BLOB NOT NULL,
                    etag TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    fields TEXT NOT NULL,
                    last_modified INTEGER NOT NULL,
                    PRIMARY KEY (book_id, name),
                    UNIQUE (book_id, uid)
                );
                CREATE TABLE card_change_log (
                    book_id INTEGER NOT NULL REFERENCES address_book(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    PRIMARY KEY (book_id, position)
                );
                CREATE INDEX card_change_log_name ON card_change_log (book_id, name);
                """)
        }
        migrator.registerMigration("carddav-2-search-text") { db in
            // A column of every card's indexed text, which queries searched; carddav-5
            // replaced it with card_term and dropped it.
            try db.execute(sql: "ALTER TABLE card ADD COLUMN search_text TEXT NOT NULL DEFAULT ''")
        }
        migrator.registerMigration("carddav-3-data-last") { db in
            // A row's columns are stored in order, and a card's bytes often spill to overflow
            // pages: with the bytes last, reading the index, the search text or a listing
            // stops before them instead of walking their pages.
            try db.execute(sql: """
                CREATE TABLE card_new (
                    book_id INTEGER NOT NULL REFERENCES address_book(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    etag TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    last_modified INTEGER NOT NULL,
                    fields TEXT NOT NULL,
                    search_text TEXT NOT NULL,
                    data BLOB NOT NULL,
                    PRIMARY KEY (book_id, name),
                    UNIQUE (book_id, uid)
                );
                INSERT INTO card_new (book_id, name, etag, uid, last_modified, fields, search_text, data)
                    SELECT book_id, name, etag, uid, last_modified, fields, search_text, data FROM card;
                DROP TABLE card;
                ALTER TABLE card_new RENAME TO card;
                """)
        }
        migrator.registerMigration("carddav-4-search-index") { db in
            // What addressbook-query reads of every card, in an index of its own: scanning it
            // reads a few bytes a card instead of the table's pages, which hold the cards.
            try db.execute(sql: "CREATE INDEX card_search ON card (book_id, name, uid, fields, search_text)")
        }
        migrator.registerMigration("carddav-5-terms") { db in
            // Each card's CardIndex.terms in rows of their own, ordered by property and text,
            // so that a query finds its candidates by a seek instead of searching the text
            // of every card (search_text, which this replaces). One index only (the table's
            // own): a card's terms are removed by their keys, known from its fields, as each
            // more index would be one more page written per term at every write.
            try db.execute(sql: """
                CREATE TABLE card_term (
                    book_id INTEGER NOT NULL REFERENCES address_book(id) ON DELETE CASCADE,
                    property TEXT NOT NULL,
                    text TEXT NOT NULL,
                    card_name TEXT NOT NULL,
                    PRIMARY KEY (book_id, property, text, card_name)
                ) WITHOUT ROWID;
                DROP INDEX card_search;
                ALTER TABLE card DROP COLUMN search_text;
                CREATE INDEX card_search ON card (book_id, name, uid, fields);
                """)
            for row in try Row.fetchAll(db, sql: "SELECT book_id, name, uid, fields FROM card") {
                try SQLiteAddressBookStore.replaceTerms(of: row["name"], book: row["book_id"], old: [],
                                                        new: CardIndex(uid: row["uid"], encodedFields: row["fields"]).terms, db)
            }
        }
        return migrator
    }
}
