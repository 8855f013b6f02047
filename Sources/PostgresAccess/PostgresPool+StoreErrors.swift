import PostgresNIO
import WebDAV

/// The pool's reads and writes for a DAV store: any failure becomes a ``StoreError``, a
/// store's own passed through and the database's as ``StoreError/Code/unavailable`` with
/// it as the cause (no SQL, host or password reaches a client; the log gets the cause).
extension PostgresPool {
    /// A read of one statement, which needs no transaction: one round trip instead of three.
    public func storeLookup<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        do { return try await withConnection(body) } catch { throw Self.storeError(error) }
    }

    /// A read in one snapshot.
    public func storeRead<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        do { return try await withTransaction(.snapshotRead, body) } catch { throw Self.storeError(error) }
    }

    /// A write transaction; any error rolls it back.
    /// - Parameter uniqueViolation: what a UNIQUE constraint the checks did not foresee
    ///   means to the caller; ``StoreError/Code/unavailable`` when `nil`.
    public func storeWrite<T: Sendable>(
        uniqueViolation: StoreError? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(StoreError) -> T {
        do { return try await withTransaction(.readWrite, body) } catch { throw Self.storeError(error, uniqueViolation: uniqueViolation) }
    }

    /// `error` as a store error.
    public static func storeError(_ error: any Error, uniqueViolation: StoreError? = nil) -> StoreError {
        if let storeError = error as? StoreError { return storeError }
        if let uniqueViolation, let server = error as? PSQLError, server.serverInfo?[.sqlState] == "23505" {
            return uniqueViolation
        }
        return StoreError(.unavailable, "the database could not complete the operation", cause: error)
    }
}
