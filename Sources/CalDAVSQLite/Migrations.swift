import GRDB

/// The schema, as numbered migrations that are only ever appended to.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-calendars-objects-change-log") { db in
            try db.execute(sql: """
                CREATE TABLE calendar (
                    id INTEGER PRIMARY KEY,
                    owner TEXT NOT NULL,
                    name TEXT NOT NULL,
                    display_name TEXT,
                    description TEXT,
                    color TEXT,
                    sort_order INTEGER,
                    time_zone TEXT,
                    components TEXT NOT NULL,
                    change_position INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL,
                    UNIQUE (owner, name)
                );
                CREATE TABLE dead_property (
                    calendar_id INTEGER NOT NULL REFERENCES calendar(id) ON DELETE CASCADE,
                    namespace TEXT NOT NULL,
                    local_name TEXT NOT NULL,
                    xml BLOB NOT NULL,
                    PRIMARY KEY (calendar_id, namespace, local_name)
                );
                CREATE TABLE calendar_object (
                    calendar_id INTEGER NOT NULL REFERENCES calendar(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    data BLOB NOT NULL,
                    etag TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    component_type TEXT NOT NULL,
                    first_start INTEGER,
                    last_end INTEGER,
                    last_modified INTEGER NOT NULL,
                    PRIMARY KEY (calendar_id, name),
                    UNIQUE (calendar_id, uid)
                );
                CREATE INDEX calendar_object_span ON calendar_object (calendar_id, component_type, first_start, last_end);
                CREATE TABLE change_log (
                    calendar_id INTEGER NOT NULL REFERENCES calendar(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    PRIMARY KEY (calendar_id, position)
                );
                """)
        }
        migrator.registerMigration("2-webdav-resources") { db in
            // Plain WebDAV collections and files, as a tree per owner: a row's parent is
            // its collection (NULL at the top, in the calendar home). Deleting a row
            // deletes its members and dead properties through the cascades.
            try db.execute(sql: """
                CREATE TABLE web_resource (
                    id INTEGER PRIMARY KEY,
                    owner TEXT NOT NULL,
                    parent_id INTEGER REFERENCES web_resource(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    is_collection INTEGER NOT NULL,
                    data BLOB,
                    content_type TEXT,
                    etag TEXT,
                    revision INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL,
                    last_modified INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX web_resource_member ON web_resource (parent_id, name) WHERE parent_id IS NOT NULL;
                CREATE UNIQUE INDEX web_resource_top ON web_resource (owner, name) WHERE parent_id IS NULL;
                CREATE TABLE web_dead_property (
                    resource_id INTEGER NOT NULL REFERENCES web_resource(id) ON DELETE CASCADE,
                    namespace TEXT NOT NULL,
                    local_name TEXT NOT NULL,
                    xml BLOB NOT NULL,
                    PRIMARY KEY (resource_id, namespace, local_name)
                );
                """)
        }
        migrator.registerMigration("3-calendar-sync-id") { db in
            // Sync tokens named a calendar by its creation second, so one recreated within
            // the same second accepted the old calendar's tokens; a random id per incarnation does not.
            try db.execute(sql: """
                ALTER TABLE calendar ADD COLUMN sync_id TEXT NOT NULL DEFAULT '';
                UPDATE calendar SET sync_id = lower(hex(randomblob(8)));
                """)
        }
        migrator.registerMigration("4-change-log-latest-per-name") { db in
            // The log keeps only each name's latest change (see logChange); index it by name.
            try db.execute(sql: """
                DELETE FROM change_log WHERE position < (
                    SELECT MAX(newer.position) FROM change_log newer
                    WHERE newer.calendar_id = change_log.calendar_id AND newer.name = change_log.name);
                CREATE INDEX change_log_name ON change_log (calendar_id, name);
                """)
        }
        migrator.registerMigration("5-single-instance") { db in
            // Whether first_start..last_end is exactly the object's one instance (see
            // CalendarObjectIndex.isSingleInstance); rows written before say no, and are parsed.
            try db.execute(sql: "ALTER TABLE calendar_object ADD COLUMN single_instance INTEGER NOT NULL DEFAULT 0")
        }
        return migrator
    }
}
