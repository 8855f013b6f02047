import CardDAVCore
import PostgresAccess
import PostgresNIO

/// The address books' tables, as migrations of the module `carddav` that are only ever
/// appended to: the same tables as the SQLite store, names collated `"C"` (byte order).
enum AddressBookSchema {
    static let migrator = PostgresMigrator(module: "carddav", migrations: [
        PostgresMigration("1-address-books", statements: [
            """
            CREATE TABLE address_book (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                owner TEXT COLLATE "C" NOT NULL,
                name TEXT COLLATE "C" NOT NULL,
                display_name TEXT,
                description TEXT,
                change_position BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL,
                sync_id TEXT NOT NULL,
                UNIQUE (owner, name)
            )
            """,
            """
            CREATE TABLE address_book_property (
                book_id BIGINT NOT NULL REFERENCES address_book(id) ON DELETE CASCADE,
                namespace TEXT NOT NULL,
                local_name TEXT NOT NULL,
                xml BYTEA NOT NULL,
                PRIMARY KEY (book_id, namespace, local_name)
            )
            """,
            // `fields` is the card's CardIndex in its storage form, for queries.
            """
            CREATE TABLE card (
                book_id BIGINT NOT NULL REFERENCES address_book(id) ON DELETE CASCADE,
                name TEXT COLLATE "C" NOT NULL,
                data BYTEA NOT NULL,
                etag TEXT NOT NULL,
                uid TEXT COLLATE "C" NOT NULL,
                fields TEXT NOT NULL,
                last_modified BIGINT NOT NULL,
                PRIMARY KEY (book_id, name),
                UNIQUE (book_id, uid)
            )
            """,
            """
            CREATE TABLE card_change_log (
                book_id BIGINT NOT NULL REFERENCES address_book(id) ON DELETE CASCADE,
                position BIGINT NOT NULL,
                name TEXT COLLATE "C" NOT NULL,
                PRIMARY KEY (book_id, position)
            )
            """,
            "CREATE INDEX card_change_log_name ON card_change_log (book_id, name)",
        ]),
        // A column of every card's indexed text, which queries searched; 3-terms replaced it
        // with card_term and dropped it.
        PostgresMigration("2-search-text", statements: ["ALTER TABLE card ADD COLUMN search_text TEXT NOT NULL DEFAULT ''"]),
        // Each card's CardIndex.terms in rows of their own, ordered by property and text, so
        // that a query finds its candidates by a seek; one index only, as on SQLite (a card's
        // terms are removed by their keys). Filled here for the cards stored before.
        PostgresMigration("3-terms") { connection in
            try await connection.run("""
                CREATE TABLE card_term (
                    book_id BIGINT NOT NULL REFERENCES address_book(id) ON DELETE CASCADE,
                    property TEXT COLLATE "C" NOT NULL,
                    text TEXT COLLATE "C" NOT NULL,
                    card_name TEXT COLLATE "C" NOT NULL,
                    PRIMARY KEY (book_id, property, text, card_name)
                )
                """)
            try await connection.run("ALTER TABLE card DROP COLUMN search_text")
            for row in try await connection.rows("SELECT book_id, name, uid, fields FROM card") {
                let index = CardIndex(uid: try row.get("uid"), encodedFields: try row.get("fields"))
                try await PostgresAddressBookStore.replaceTerms(of: try row.get("name"), book: try row.get("book_id"), old: [], new: index.terms, connection)
            }
        },
    ])
}
