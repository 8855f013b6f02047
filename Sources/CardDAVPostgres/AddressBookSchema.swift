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
        // CardIndex.searchText, which queries narrow their candidates with; filled here for
        // the cards stored before.
        PostgresMigration("2-search-text") { connection in
            try await connection.run("ALTER TABLE card ADD COLUMN search_text TEXT NOT NULL DEFAULT ''")
            for row in try await connection.rows("SELECT book_id, name, uid, fields FROM card") {
                let index = CardIndex(uid: try row.get("uid"), encodedFields: try row.get("fields"))
                let (book, name): (Int64, String) = (try row.get("book_id"), try row.get("name"))
                try await connection.run("UPDATE card SET search_text = \(index.searchText) WHERE book_id = \(book) AND name = \(name)")
            }
        },
    ])
}
