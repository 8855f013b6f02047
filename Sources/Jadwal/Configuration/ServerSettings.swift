import SQLStorage

/// Values a serving process records for the commands run beside it (the public URL it
/// builds links with, so that `jadwald user setup-link` prints the same links whatever flags
/// the server was started with) and for its own later starts.
public struct ServerSettings: Sendable {
    let database: any SQLDatabase

    /// The public URL the server last started with, if any.
    public func publicURL() async throws -> String? {
        try await value(of: "public_url")
    }

    /// Records the public URL the server builds links with.
    public func setPublicURL(_ url: String) async throws {
        try await set("public_url", to: url)
    }

    /// Whether the users made before address books existed were given their first one
    /// (done once, so that a book a user deleted later is not made again).
    public func addressBooksProvided() async throws -> Bool {
        try await value(of: "address_books_provided") != nil
    }

    /// Records that the users made before address books existed were given their first one.
    public func setAddressBooksProvided() async throws {
        try await set("address_books_provided", to: "yes")
    }

    /// Whether `jadwald migrate-baikal` has brought a Baïkal installation into this database.
    public func baikalMigrated() async throws -> Bool {
        try await value(of: "baikal_migrated") != nil
    }

    /// Records that a Baïkal installation was brought in, so its URL layout is answered.
    public func setBaikalMigrated() async throws {
        try await set("baikal_migrated", to: "yes")
    }

    private func value(of name: String) async throws -> String? {
        try await database.read { session in
            try await session.scalar(String.self, "SELECT value FROM server_setting WHERE name = ?", [name])
        }
    }

    private func set(_ name: String, to value: String) async throws {
        try await database.write { session in
            try await session.execute("""
                INSERT INTO server_setting (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """, [name, value])
        }
    }
}

extension ApplicationDatabase {
    /// What the serving process recorded for commands.
    public var serverSettings: ServerSettings { ServerSettings(database: database) }
}
