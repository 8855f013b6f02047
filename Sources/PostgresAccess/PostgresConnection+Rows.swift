import PostgresNIO

extension PostgresConnection {
    /// Runs one statement and returns all its rows, by column name.
    package func rows(_ query: PostgresQuery) async throws -> [PostgresRandomAccessRow] {
        try await self.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
    }

    /// Runs one statement and returns its first row, if any.
    package func row(_ query: PostgresQuery) async throws -> PostgresRandomAccessRow? {
        try await rows(query).first
    }

    /// Runs one statement, waiting for it to complete; its rows, if any, are dropped.
    package func run(_ query: PostgresQuery) async throws {
        _ = try await self.query(query, logger: logger).collect()
    }
}

extension PostgresRandomAccessRow {
    /// The value of `column` as `type`.
    package func get<Value: PostgresDecodable>(_ column: String, as type: Value.Type = Value.self) throws -> Value {
        try self[column].decode(Value.self)
    }

    /// The bytes of a BYTEA column.
    package func bytes(_ column: String) throws -> [UInt8] {
        [UInt8](try get(column, as: ByteBuffer.self).readableBytesView)
    }

    /// The bytes of a BYTEA column that may be NULL.
    package func optionalBytes(_ column: String) throws -> [UInt8]? {
        try get(column, as: ByteBuffer?.self).map { [UInt8]($0.readableBytesView) }
    }
}

extension Array where Element == UInt8 {
    /// The bytes as a BYTEA parameter (an `[UInt8]` would bind as an array of `char`).
    package var bytea: ByteBuffer { ByteBuffer(bytes: self) }
}
