import GRDB
import WebDAV

/// The file's reads and writes for a DAV store: any failure becomes a ``StoreError``, a
/// store's own passed through and the database's as ``StoreError/Code/unavailable`` with
/// it as the cause (no SQL or file path reaches a client; the log gets the cause).
extension SQLiteFile {
    /// ``read(_:)``: one snapshot on the calling thread.
    public func storeRead<T: Sendable>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try read(body) } catch { throw Self.storeError(error) }
    }

    /// ``readLatest(_:)``: statements that need not share a snapshot, on the calling thread.
    public func storeLookup<T: Sendable>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try readLatest(body) } catch { throw Self.storeError(error) }
    }

    /// ``readOffLoop(inSnapshot:_:)``: a read whose cost grows with the data, off the event loops.
    public func storeScan<T: Sendable>(inSnapshot: Bool = false, _ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do { return try await readOffLoop(inSnapshot: inSnapshot, body) } catch { throw Self.storeError(error) }
    }

    /// ``write(_:)``: one transaction; any error rolls it back.
    public func storeWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do { return try await write(body) } catch { throw Self.storeError(error) }
    }

    /// `error` as a store error.
    public static func storeError(_ error: any Error) -> StoreError {
        if let storeError = error as? StoreError { return storeError }
        return StoreError(.unavailable, "the database could not complete the operation", cause: error)
    }
}
