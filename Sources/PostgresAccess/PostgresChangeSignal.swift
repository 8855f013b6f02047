import PostgresNIO
import WebDAV

/// The ``ChangeSignal`` of a PostgreSQL database: a sequence that every write transaction
/// of a ``PostgresPool`` moves after its commit, read with one short query.
///
/// Moved after the commit, never inside the transaction: a reader that took the stamp
/// before the commit may have read the rows as they were, and must not find them current
/// once the commit is visible. Several jadwald processes on one database move and read
/// the same sequence, so each sees the others' writes. If a process dies between a commit
/// and the move, the next write anywhere moves it.
public struct PostgresChangeSignal: ChangeSignal {
    /// The sequence, made by the store's schema.
    package static let sequence = "jadwal_change_stamp"

    let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    /// `nil`: the stamp is in the database, read by ``stamp()``.
    public func immediateStamp() -> ChangeStamp? { nil }

    /// The sequence's last value (and whether it was ever taken: a new sequence shows its
    /// start value both before and after the first move); `nil` when the database cannot
    /// be asked now.
    public func stamp() async -> ChangeStamp? {
        let value = try? await pool.withConnection { connection -> ChangeStamp? in
            let rows = try await connection.query("SELECT last_value, is_called FROM \(unescaped: Self.sequence)", logger: connection.logger)
            for try await (value, called) in rows.decode((Int64, Bool).self) { return ChangeStamp(UInt64(bitPattern: value), called ? 1 : 0) }
            return nil
        }
        return value ?? nil
    }
}
