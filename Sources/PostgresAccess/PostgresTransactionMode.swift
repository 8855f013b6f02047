import PostgresNIO

/// How a transaction of ``PostgresPool/withTransaction(_:_:)`` begins.
public struct PostgresTransactionMode: Hashable, Sendable {
    let beginStatement: PostgresQuery

    /// READ COMMITTED, PostgreSQL's default: each statement sees what was committed
    /// before it started, and row locks (`SELECT ... FOR UPDATE`) serialize writers.
    public static let readWrite = PostgresTransactionMode(beginStatement: "BEGIN")

    /// A read-only REPEATABLE READ transaction: every statement sees the same snapshot,
    /// so a read made of several statements is consistent.
    public static let snapshotRead = PostgresTransactionMode(beginStatement: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    /// SERIALIZABLE: the server refuses (SQLSTATE 40001) a transaction that could not
    /// have run alone; the caller retries it.
    public static let serializable = PostgresTransactionMode(beginStatement: "BEGIN ISOLATION LEVEL SERIALIZABLE")
}
