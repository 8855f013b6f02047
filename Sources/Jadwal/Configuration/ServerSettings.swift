import SQLStorage

/// Values a serving process records for the commands run beside it: the public URL it
/// builds links with, so that `jadwald user setup-link` prints the same links whatever
/// flags the server was started with.
public struct ServerSettings: Sendable {
    let database: any SQLDatabase

    /// The public URL the server last started with, if any.
    public func publicURL() async throws -> String? {
        try await database.read { session in
            try await session.scalar(String.self, "SELECT value FROM server_setting WHERE name = 'public_url'")
        }
    }

    /// Records the public URL the server builds links with.
    public func setPublicURL(_ url: String) async throws {
        try await database.write { session in
            try await session.execute("""
                INSERT INTO server_setting (name, value) VALUES ('public_url', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """, [url])
        }
    }
}

extension ApplicationDatabase {
    /// What the serving process recorded for commands.
    public var serverSettings: ServerSettings { ServerSettings(database: database) }
}
