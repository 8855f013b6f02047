/// One table `jadwald migrate-store` copies: its columns, the key its rows are compared
/// in, and what PostgreSQL needs to take explicit values for it.
struct StoreTable: Sendable {
    let name: String
    let columns: [String]
    /// Columns ordering the rows on both sides; text ones compare byte by byte.
    let key: [String]
    /// An identity column whose values are copied as they are, then its sequence moved past them.
    var identity: String?
    /// Columns that are BOOLEAN on PostgreSQL and 0 or 1 on SQLite.
    var booleans: Set<String> = []
    /// The source query, when the rows must come in another order than the key's (parents first).
    var sourceQuery: String?

    /// Key columns holding text, compared byte by byte on PostgreSQL as on SQLite.
    var textKeys: Set<String> {
        Set(key.filter { ["name", "namespace", "local_name", "account", "digest", "owner", "card_name"].contains($0)
            || ($0 == "id" && ["app_password", "conflict", "sealed_key"].contains(name))
            || (["property", "text"].contains($0) && name == "card_term") })
    }

    /// `ORDER BY` over the key, with byte order for text on PostgreSQL.
    func order(postgres: Bool) -> String {
        "ORDER BY " + key.map { postgres && textKeys.contains($0) ? "\($0) COLLATE \"C\"" : $0 }.joined(separator: ", ")
    }

    /// Every table jadwal keeps, parents before children.
    static let all: [StoreTable] = [
        StoreTable(name: "calendar", columns: ["id", "owner", "name", "display_name", "description", "color", "sort_order", "time_zone",
                                               "components", "change_position", "created_at", "sync_id"], key: ["id"], identity: "id"),
        StoreTable(name: "dead_property", columns: ["calendar_id", "namespace", "local_name", "xml"], key: ["calendar_id", "namespace", "local_name"]),
        StoreTable(name: "calendar_object", columns: ["calendar_id", "name", "data", "etag", "uid", "component_type", "first_start", "last_end",
                                                      "single_instance", "last_modified"], key: ["calendar_id", "name"], booleans: ["single_instance"]),
        StoreTable(name: "change_log", columns: ["calendar_id", "position", "name"], key: ["calendar_id", "position"]),
        StoreTable(name: "web_resource", columns: ["id", "owner", "parent_id", "name", "is_collection", "data", "content_type", "etag", "revision",
                                                   "created_at", "last_modified"], key: ["id"], identity: "id", booleans: ["is_collection"],
                   sourceQuery: """
                       WITH RECURSIVE tree(id, depth) AS (
                           SELECT id, 0 FROM web_resource WHERE parent_id IS NULL
                           UNION ALL SELECT w.id, tree.depth + 1 FROM web_resource w JOIN tree ON w.parent_id = tree.id)
                       SELECT w.id, w.owner, w.parent_id, w.name, w.is_collection, w.data, w.content_type, w.etag, w.revision, w.created_at,
                           w.last_modified FROM web_resource w JOIN tree ON tree.id = w.id ORDER BY tree.depth, w.id
                       """),
        StoreTable(name: "web_dead_property", columns: ["resource_id", "namespace", "local_name", "xml"], key: ["resource_id", "namespace", "local_name"]),
        StoreTable(name: "address_book", columns: ["id", "owner", "name", "display_name", "description", "change_position", "created_at", "sync_id"],
                   key: ["id"], identity: "id"),
        StoreTable(name: "address_book_property", columns: ["book_id", "namespace", "local_name", "xml"], key: ["book_id", "namespace", "local_name"]),
        StoreTable(name: "card", columns: ["book_id", "name", "data", "etag", "uid", "fields", "last_modified"], key: ["book_id", "name"]),
        StoreTable(name: "card_term", columns: ["book_id", "property", "text", "card_name"], key: ["book_id", "property", "text", "card_name"]),
        StoreTable(name: "card_change_log", columns: ["book_id", "position", "name"], key: ["book_id", "position"]),
        StoreTable(name: "account", columns: ["name", "password_hash", "is_admin", "created_at", "email", "first_signed_in_at", "password_generation"],
                   key: ["name"]),
        StoreTable(name: "app_password", columns: ["account", "id", "label", "password_hash", "created_at", "last_used_at"], key: ["account", "id"]),
        StoreTable(name: "prayer_settings", columns: ["account", "place_name", "latitude", "longitude", "elevation", "time_zone", "method", "asr_school",
                                                      "high_latitude_rule", "block_minutes", "jumuah_minutes", "reminder_minutes", "enabled",
                                                      "version", "updated_at", "feed_token"], key: ["account"]),
        StoreTable(name: "mail_outbox", columns: ["id", "message_id", "sender", "recipients", "subject", "text_body", "html_body", "date", "created_at",
                                                  "attempts", "next_attempt_at", "last_error", "sent_at", "failed_at", "reply_to", "calendar_method",
                                                  "calendar_body"], key: ["id"], identity: "id"),
        StoreTable(name: "one_time_token", columns: ["digest", "purpose", "account", "detail", "created_at", "expires_at", "used_at"], key: ["digest"]),
        StoreTable(name: "refresh_token", columns: ["digest", "account", "family", "created_at", "expires_at", "replaced_at", "revoked_at"],
                   key: ["digest"]),
        StoreTable(name: "web_session", columns: ["digest", "account", "password_generation", "csrf_token", "created_at", "expires_at"], key: ["digest"]),
        StoreTable(name: "chat_conversation", columns: ["id", "account", "chat_id", "source", "counterpart", "status", "extractor", "event_uid",
                                                        "event_end", "event_sequence", "created_at", "updated_at"], key: ["id"], identity: "id"),
        StoreTable(name: "chat_message", columns: ["rowid", "conversation_id", "message_id", "sent_at", "from_owner", "sealed"], key: ["rowid"],
                   identity: "rowid"),
        StoreTable(name: "chat_settings", columns: ["account", "bridge_token_digest", "webhook_url", "webhook_secret", "notify_by_email",
                                                    "waking_start", "waking_end"], key: ["account"]),
        StoreTable(name: "conflict", columns: ["id", "account", "event_uid", "other_kind", "other_calendar", "other_uid", "other_summary",
                                               "other_start", "other_end", "created_at", "resolved_at", "resolution"], key: ["id"]),
        StoreTable(name: "sealed_key", columns: ["id", "purpose", "created_ms", "sealed"], key: ["id"]),
        StoreTable(name: "job", columns: ["id", "kind", "key", "account", "payload", "generation", "attempts", "due_at", "last_error", "dead_at",
                                          "created_at"], key: ["id"], identity: "id"),
    ]
}
