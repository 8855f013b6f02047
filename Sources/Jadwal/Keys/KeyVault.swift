import Foundation
import SQLStorage

/// Keys that every jadwald process on one database shares (the keys that sign access
/// tokens, the chat key), kept in the database and sealed with the server's secret key.
///
/// The secret key itself is configuration (`secret_key`, or a key file made at first
/// start), the same for every instance on a database, the way its database URL is. A key
/// sealed with another secret key does not open: ``VaultError`` then says that the
/// instances disagree, instead of each making keys of its own.
public struct KeyVault: Sendable {
    /// One key as the vault keeps it, opened.
    public struct StoredKey: Sendable, Equatable {
        public let id: String
        /// Milliseconds since 1970 when the key was made: orders a purpose's keys.
        public let createdMilliseconds: Int
        public let bytes: Data

        public init(id: String, createdMilliseconds: Int, bytes: Data) {
            self.id = id
            self.createdMilliseconds = createdMilliseconds
            self.bytes = bytes
        }
    }

    /// A key that does not open with this process's secret key.
    public struct VaultError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    let database: any SQLDatabase
    let secret: SealingKey

    /// The key `id`, made by `make` when no process has stored it yet. Two processes asking
    /// at once both get the one stored first.
    public func key(_ id: String, purpose: String, now: Int = Int(Date().timeIntervalSince1970),
                    orMake make: () throws -> Data) async throws -> StoredKey {
        let candidate = StoredKey(id: id, createdMilliseconds: now * 1000, bytes: try make())
        let sealed = try seal(candidate)
        let row = try await database.write { session in
            try await session.execute("INSERT INTO sealed_key (id, purpose, created_ms, sealed) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
                                      [id, purpose, candidate.createdMilliseconds, sealed])
            return try await session.queryRow("SELECT id, created_ms, sealed FROM sealed_key WHERE id = ?", [id])
        }
        guard let row else { throw VaultError(description: "the key \(id) was stored and is gone") }
        return try open(row)
    }

    /// Every key kept for `purpose`, newest first.
    public func keys(purpose: String) async throws -> [StoredKey] {
        let rows = try await database.read { session in
            try await session.query("SELECT id, created_ms, sealed FROM sealed_key WHERE purpose = ? ORDER BY created_ms DESC, id DESC", [purpose])
        }
        return try rows.map(open)
    }

    /// Whether a key `id` is kept, without opening anything.
    public func contains(_ id: String) async throws -> Bool {
        try await database.read { session in try await session.exists("SELECT 1 FROM sealed_key WHERE id = ?", [id]) }
    }

    /// Stores `bytes` as the newest key of `purpose`: made later than every key there, even
    /// when two are added within one millisecond.
    @discardableResult
    public func addNewest(_ bytes: Data, purpose: String, now: Int = Int(Date().timeIntervalSince1970)) async throws -> StoredKey {
        let suffix = SecretToken.generate().prefix(8)
        return try await database.write { session in
            let newest = try await session.scalar(Int.self, "SELECT max(created_ms) FROM sealed_key WHERE purpose = ?", [purpose]) ?? 0
            let created = max(now * 1000, newest + 1)
            let key = StoredKey(id: "\(created)-\(suffix)", createdMilliseconds: created, bytes: bytes)
            try await session.execute("INSERT INTO sealed_key (id, purpose, created_ms, sealed) VALUES (?, ?, ?, ?)",
                                      [key.id, purpose, created, try seal(key)])
            return key
        }
    }

    /// Stores `key` as it is, unless a key with its id is there already (importing the key
    /// files of an older data folder).
    public func add(_ key: StoredKey, purpose: String) async throws {
        let sealed = try seal(key)
        try await database.write { session in
            _ = try await session.execute("INSERT INTO sealed_key (id, purpose, created_ms, sealed) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
                                          [key.id, purpose, key.createdMilliseconds, sealed])
        }
    }

    /// Deletes the keys `ids`.
    public func remove(_ ids: [String]) async throws {
        guard !ids.isEmpty else { return }
        try await database.write { session in
            for id in ids { _ = try await session.execute("DELETE FROM sealed_key WHERE id = ?", [id]) }
        }
    }

    // MARK: Sealing

    /// Bound to the key's id, so a sealed key copied to another row does not open there.
    private func seal(_ key: StoredKey) throws -> Data {
        try secret.seal(key.bytes, context: "sealed_key:\(key.id)")
    }

    private func open(_ row: SQLRow) throws -> StoredKey {
        let id: String = row["id"]
        do {
            return StoredKey(id: id, createdMilliseconds: row["created_ms"], bytes: try secret.open(row["sealed"], context: "sealed_key:\(id)"))
        } catch {
            throw VaultError(description: """
                the key \(id) in the store does not open with this server's secret key: every jadwald on one store \
                needs the same secret_key (JADWAL_SECRET_KEY) or secret_key_file
                """)
        }
    }
}

extension ApplicationDatabase {
    /// The keys kept in this database, sealed with `secret`.
    public func keyVault(secret: SealingKey) -> KeyVault {
        KeyVault(database: database, secret: secret)
    }
}
