import GRDB

/// The accounts' schema, as numbered migrations that are only ever appended to. They
/// live in the calendar store's file, under names of their own.
enum AccountMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("jadwal-1-accounts") { db in
            try db.execute(sql: """
                CREATE TABLE account (
                    name TEXT PRIMARY KEY,
                    password_hash TEXT NOT NULL,
                    is_admin INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL
                )
                """)
        }
        migrator.registerMigration("jadwal-2-email-app-passwords") { db in
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN email TEXT;
                CREATE TABLE app_password (
                    account TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    label TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    last_used_at INTEGER,
                    PRIMARY KEY (account, id),
                    UNIQUE (account, label)
                );
                """)
        }
        migrator.registerMigration("jadwal-3-prayer-settings") { db in
            try db.execute(sql: """
                CREATE TABLE prayer_settings (
                    account TEXT PRIMARY KEY REFERENCES account(name) ON DELETE CASCADE,
                    place_name TEXT,
                    latitude REAL,
                    longitude REAL,
                    elevation REAL NOT NULL DEFAULT 0,
                    time_zone TEXT,
                    method TEXT,
                    asr_school TEXT NOT NULL,
                    high_latitude_rule TEXT NOT NULL,
                    block_minutes INTEGER NOT NULL,
                    jumuah_minutes INTEGER NOT NULL,
                    reminder_minutes INTEGER,
                    enabled INTEGER NOT NULL,
                    version INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    feed_token TEXT NOT NULL UNIQUE
                );
                """)
        }
        migrator.registerMigration("jadwal-4-mail-outbox") { db in
            // Messages waiting to go out, and a short record of those that went. A row is
            // due when next_attempt_at has passed and it is neither sent nor failed; a
            // delivery attempt pushes next_attempt_at ahead first, as a lease.
            try db.execute(sql: """
                CREATE TABLE mail_outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    message_id TEXT NOT NULL,
                    sender TEXT NOT NULL,
                    recipients TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    text_body TEXT NOT NULL,
                    html_body TEXT,
                    date REAL NOT NULL,
                    created_at INTEGER NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at INTEGER NOT NULL,
                    last_error TEXT,
                    sent_at INTEGER,
                    failed_at INTEGER
                );
                CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
                """)
        }
        migrator.registerMigration("jadwal-5-sign-in-tokens") { db in
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN first_signed_in_at INTEGER;
                CREATE INDEX account_email ON account(email COLLATE NOCASE);
                CREATE TABLE one_time_token (
                    digest TEXT PRIMARY KEY,
                    purpose TEXT NOT NULL,
                    account TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    detail TEXT,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used_at INTEGER
                );
                CREATE INDEX one_time_token_expiry ON one_time_token(expires_at);
                CREATE TABLE refresh_token (
                    digest TEXT PRIMARY KEY,
                    account TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    family TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    replaced_at INTEGER,
                    revoked_at INTEGER
                );
                CREATE INDEX refresh_token_family ON refresh_token(family);
                CREATE INDEX refresh_token_account ON refresh_token(account);
                CREATE INDEX refresh_token_expiry ON refresh_token(expires_at);
                """)
        }
        migrator.registerMigration("jadwal-6-web-sessions") { db in
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN password_generation INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE web_session (
                    digest TEXT PRIMARY KEY,
                    account TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    password_generation INTEGER NOT NULL,
                    csrf_token TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL
                );
                CREATE INDEX web_session_expiry ON web_session(expires_at);
                """)
        }
        migrator.registerMigration("jadwal-7-chats") { db in
            // Conversations and their messages. A message's sender and text are sealed with
            // AES-GCM (SealingKey); once a conversation is settled the seal is dropped and
            // only the message id stays, so the same message sent again is still known.
            // Jobs: the durable work queue (chat judging, webhook deliveries). A job with a
            // key is coalesced: enqueuing it again bumps its generation.
            try db.execute(sql: """
                CREATE TABLE chat_conversation (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    account TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    chat_id TEXT NOT NULL,
                    source TEXT NOT NULL,
                    counterpart BLOB NOT NULL,
                    status TEXT NOT NULL DEFAULT 'NO_EVENT',
                    extractor TEXT,
                    event_uid TEXT,
                    event_end INTEGER,
                    event_sequence INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    UNIQUE (account, chat_id)
                );
                CREATE TABLE chat_message (
                    conversation_id INTEGER NOT NULL REFERENCES chat_conversation(id) ON DELETE CASCADE,
                    message_id TEXT NOT NULL,
                    sent_at INTEGER NOT NULL,
                    from_owner INTEGER NOT NULL,
                    sealed BLOB,
                    PRIMARY KEY (conversation_id, message_id)
                );
                CREATE INDEX chat_message_live ON chat_message(conversation_id, sent_at) WHERE sealed IS NOT NULL;
                CREATE TABLE chat_settings (
                    account TEXT PRIMARY KEY REFERENCES account(name) ON DELETE CASCADE,
                    bridge_token_digest TEXT UNIQUE,
                    webhook_url TEXT,
                    webhook_secret BLOB,
                    notify_by_email INTEGER NOT NULL DEFAULT 1,
                    waking_start INTEGER NOT NULL DEFAULT 480,
                    waking_end INTEGER NOT NULL DEFAULT 1320
                );
                CREATE TABLE conflict (
                    id TEXT PRIMARY KEY,
                    account TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    event_uid TEXT NOT NULL,
                    other_kind TEXT NOT NULL,
                    other_calendar TEXT NOT NULL,
                    other_uid TEXT NOT NULL,
                    other_summary TEXT NOT NULL,
                    other_start INTEGER NOT NULL,
                    other_end INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    resolved_at INTEGER,
                    resolution TEXT
                );
                CREATE INDEX conflict_account ON conflict(account, resolved_at);
                CREATE INDEX conflict_event ON conflict(account, event_uid);
                CREATE TABLE job (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL,
                    key TEXT UNIQUE,
                    account TEXT REFERENCES account(name) ON DELETE CASCADE,
                    payload BLOB,
                    generation INTEGER NOT NULL DEFAULT 1,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    due_at INTEGER NOT NULL,
                    last_error TEXT,
                    dead_at INTEGER,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX job_due ON job(due_at) WHERE dead_at IS NULL;
                """)
        }
        migrator.registerMigration("jadwal-8-rate-limits") { db in
            // Attempt counts per budget and key (a digest), so that every process on this
            // database shares them.
            try db.execute(sql: """
                CREATE TABLE rate_limit (
                    scope TEXT NOT NULL,
                    key TEXT NOT NULL,
                    window_start INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (scope, key)
                );
                CREATE INDEX rate_limit_window ON rate_limit (scope, window_start);
                """)
        }
        migrator.registerMigration("jadwal-9-sealed-keys") { db in
            // Keys every process on this database shares (access-token signing keys, the
            // chat key), sealed with the server's secret key.
            try db.execute(sql: """
                CREATE TABLE sealed_key (
                    id TEXT PRIMARY KEY,
                    purpose TEXT NOT NULL,
                    created_ms INTEGER NOT NULL,
                    sealed BLOB NOT NULL
                );
                CREATE INDEX sealed_key_purpose ON sealed_key (purpose, created_ms);
                """)
        }
        migrator.registerMigration("jadwal-10-identities") { db in
            // Names and addresses compared by key; an id per account that is never reused,
            // which access tokens name; the OpenID Connect subjects linked to accounts.
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN name_key TEXT;
                ALTER TABLE account ADD COLUMN email_key TEXT;
                ALTER TABLE account ADD COLUMN id TEXT;
                CREATE UNIQUE INDEX account_name_key ON account(name_key);
                CREATE UNIQUE INDEX account_email_key ON account(email_key);
                CREATE UNIQUE INDEX account_id ON account(id);
                CREATE TABLE account_identity (
                    issuer TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    account TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (issuer, subject),
                    UNIQUE (account, issuer)
                );
                """)
            let rows = try Row.fetchAll(db, sql: "SELECT name, email FROM account ORDER BY created_at, name").map {
                IdentityBackfill.Row(name: $0["name"], email: $0["email"])
            }
            for update in IdentityBackfill.plan(rows) {
                try db.execute(sql: "UPDATE account SET name_key = ?, email_key = ?, id = ? WHERE name = ?",
                               arguments: [update.nameKey, update.emailKey, update.id, update.name])
            }
        }
        migrator.registerMigration("jadwal-11-server-settings") { db in
            // What a serving process decided that commands should know (the public URL it uses).
            try db.execute(sql: "CREATE TABLE server_setting (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        }
        migrator.registerMigration("jadwal-12-chat-written-plan") { db in
            // What Jadwal last wrote into a conversation's event (sealed), to tell the user's edits from its own.
            try db.execute(sql: "ALTER TABLE chat_conversation ADD COLUMN event_written BLOB")
        }
        migrator.registerMigration("jadwal-13-mail-calendar") { db in
            // Invitations by email: where answers go, and the calendar part (sealed like the bodies).
            try db.execute(sql: "ALTER TABLE mail_outbox ADD COLUMN reply_to TEXT")
            try db.execute(sql: "ALTER TABLE mail_outbox ADD COLUMN calendar_method TEXT")
            try db.execute(sql: "ALTER TABLE mail_outbox ADD COLUMN calendar_body TEXT")
        }
        migrator.registerMigration("jadwal-14-sharing") { db in
            // Calendars and address books shared between accounts (WebDAV.CollectionShare),
            // calendars published at secret links (CalendarPublications), who changed which
            // object (ObjectHistory), and the names people are shown by.
            try db.execute(sql: """
                CREATE TABLE collection_share (
                    tree TEXT NOT NULL,
                    owner TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    collection TEXT NOT NULL,
                    sharee TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    access TEXT NOT NULL,
                    status TEXT NOT NULL,
                    mount TEXT,
                    invitation TEXT NOT NULL,
                    summary TEXT,
                    display_name TEXT,
                    description TEXT,
                    color TEXT,
                    sort_order INTEGER,
                    changed_at INTEGER NOT NULL,
                    invite_seen INTEGER NOT NULL DEFAULT 0,
                    answer_seen INTEGER NOT NULL DEFAULT 1,
                    PRIMARY KEY (tree, owner, collection, sharee)
                );
                CREATE UNIQUE INDEX collection_share_mount ON collection_share (tree, sharee, mount);
                CREATE TABLE calendar_publication (
                    owner TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    calendar TEXT NOT NULL,
                    sync_id TEXT NOT NULL,
                    token_digest TEXT NOT NULL UNIQUE,
                    busy_only INTEGER NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (owner, calendar)
                );
                CREATE TABLE object_change (
                    id INTEGER PRIMARY KEY,
                    owner TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    calendar TEXT NOT NULL,
                    object TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    author TEXT NOT NULL,
                    on_behalf_of TEXT,
                    changed_at INTEGER NOT NULL
                );
                CREATE INDEX object_change_calendar ON object_change (owner, calendar, changed_at);
                ALTER TABLE account ADD COLUMN display_name TEXT;
                """)
        }
        migrator.registerMigration("jadwal-15-preferences-push") { db in
            // What people choose for themselves (AccountPreferences), and the app installs
            // pushes go to (PushDevices).
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN language TEXT;
                ALTER TABLE account ADD COLUMN time_zone TEXT;
                CREATE TABLE push_device (
                    id TEXT PRIMARY KEY,
                    account TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE,
                    token TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    environment TEXT NOT NULL,
                    topic TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    UNIQUE (token, environment)
                );
                CREATE INDEX push_device_account ON push_device (account);
                """)
        }
        return migrator
    }
}
