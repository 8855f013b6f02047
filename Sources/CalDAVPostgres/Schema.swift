import PostgresAccess

/// The store's tables, as migrations of the module `caldav` that are only ever appended to.
///
/// The same tables as the SQLite store. Names are collated `"C"` (byte order, as in
/// SQLite), so listings come back in the same order whatever the database's locale.
enum Schema {
    static let module = "caldav"

    static let migrator = PostgresMigrator(module: module, migrations: [
        PostgresMigration("1-calendars-objects-resources", statements: [
            """
            CREATE TABLE calendar (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                owner TEXT COLLATE "C" NOT NULL,
                name TEXT COLLATE "C" NOT NULL,
                display_name TEXT,
                description TEXT,
                color TEXT,
                sort_order BIGINT,
                time_zone TEXT,
                components TEXT NOT NULL,
                change_position BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL,
                sync_id TEXT NOT NULL,
                UNIQUE (owner, name)
            )
            """,
            """
            CREATE TABLE dead_property (
                calendar_id BIGINT NOT NULL REFERENCES calendar(id) ON DELETE CASCADE,
                namespace TEXT NOT NULL,
                local_name TEXT NOT NULL,
                xml BYTEA NOT NULL,
                PRIMARY KEY (calendar_id, namespace, local_name)
            )
            """,
            """
            CREATE TABLE calendar_object (
                calendar_id BIGINT NOT NULL REFERENCES calendar(id) ON DELETE CASCADE,
                name TEXT COLLATE "C" NOT NULL,
                data BYTEA NOT NULL,
                etag TEXT NOT NULL,
                uid TEXT COLLATE "C" NOT NULL,
                component_type TEXT NOT NULL,
                first_start BIGINT,
                last_end BIGINT,
                last_modified BIGINT NOT NULL,
                PRIMARY KEY (calendar_id, name),
                UNIQUE (calendar_id, uid)
            )
            """,
            "CREATE INDEX calendar_object_span ON calendar_object (calendar_id, component_type, first_start, last_end)",
            // Only each name's latest change is kept (see logChange).
            """
            CREATE TABLE change_log (
                calendar_id BIGINT NOT NULL REFERENCES calendar(id) ON DELETE CASCADE,
                position BIGINT NOT NULL,
                name TEXT COLLATE "C" NOT NULL,
                PRIMARY KEY (calendar_id, position)
            )
            """,
            "CREATE INDEX change_log_name ON change_log (calendar_id, name)",
            // Plain WebDAV collections and files, as a tree per owner: a row's parent is
            // its collection (NULL at the top, in the calendar home). Deleting a row
            // deletes its members and dead properties through the cascades.
            """
            CREATE TABLE web_resource (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                owner TEXT COLLATE "C" NOT NULL,
                parent_id BIGINT REFERENCES web_resource(id) ON DELETE CASCADE,
                name TEXT COLLATE "C" NOT NULL,
                is_collection BOOLEAN NOT NULL,
                data BYTEA,
                content_type TEXT,
                etag TEXT,
                revision BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL,
                last_modified BIGINT NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX web_resource_member ON web_resource (parent_id, name) WHERE parent_id IS NOT NULL",
            "CREATE UNIQUE INDEX web_resource_top ON web_resource (owner, name) WHERE parent_id IS NULL",
            "CREATE INDEX web_resource_owner ON web_resource (owner)",
            """
            CREATE TABLE web_dead_property (
                resource_id BIGINT NOT NULL REFERENCES web_resource(id) ON DELETE CASCADE,
                namespace TEXT NOT NULL,
                local_name TEXT NOT NULL,
                xml BYTEA NOT NULL,
                PRIMARY KEY (resource_id, namespace, local_name)
            )
            """,
        ]),
        // The stamp caches of this database are kept by (PostgresChangeSignal): moved after every commit.
        PostgresMigration("2-change-stamp", statements: ["CREATE SEQUENCE \(PostgresChangeSignal.sequence) AS BIGINT"]),
        // Whether first_start..last_end is exactly the object's one instance (see
        // CalendarObjectIndex.isSingleInstance); rows written before say no, and are parsed.
        PostgresMigration("3-single-instance", statements: ["ALTER TABLE calendar_object ADD COLUMN single_instance BOOLEAN NOT NULL DEFAULT false"]),
    ])
}
