import Dispatch
import GRDB

/// One SQLite file in WAL mode, opened once per process: one GRDB pool with one writer
/// for every table in it (calendars, accounts, the application's), the reader connections
/// of a request's path (``SQLiteReaders``) and the commit watch (``SQLiteCommitWatch``).
///
/// Every write of the process goes through ``write(_:)`` or holds ``writer`` around its own
/// transaction (``WriterGate``), so no write runs inside another's open transaction; other
/// processes (a command run beside the server) are kept out by SQLite's file lock, waited
/// on for up to ten seconds.
public final class SQLiteFile: Sendable {
    public let path: String
    /// The GRDB pool, for migrations and for the writer connection.
    public let pool: DatabasePool
    package let readers: SQLiteReaders
    /// The file's last commit, readable without touching the database; `nil` where the WAL
    /// index cannot be watched.
    public let commits: SQLiteCommitWatch?
    /// Orders this process's writes on the writer connection.
    package let writer = WriterGate()

    /// Opens (creating if needed) the file at `path`, with foreign keys enforced.
    /// - Parameter synchronousFull: sync the log at every commit, so an acknowledged write
    ///   survives a power loss, not only a crash (WAL's NORMAL may drop the last commits).
    public init(path: String, synchronousFull: Bool = true) throws {
        SQLiteProcessSettings.apply()
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        // A write of ``SQLiteDatabase`` spans several calls on the writer (its statements
        // are async); ``writer`` keeps every other write out meanwhile.
        configuration.allowsUnsafeTransactions = true
        configuration.prepareDatabase { db in
            if synchronousFull { try db.execute(sql: "PRAGMA synchronous = FULL") }
        }
        self.path = path
        pool = try DatabasePool(path: path, configuration: configuration)
        readers = SQLiteReaders(pool: pool)
        commits = SQLiteCommitWatch(pool: pool)
    }

    /// Runs `body` in one write transaction, after any other write of this process; an
    /// error rolls it back.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        await writer.pass()
        defer { writer.passed() }
        return try await pool.write(body)
    }

    /// Runs `body` in one snapshot on the calling thread (see ``SQLiteReaders``).
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try readers.read(body)
    }

    /// Runs `body` outside a transaction on the calling thread (see ``SQLiteReaders/readLatest(_:)``).
    public func readLatest<T>(_ body: (Database) throws -> T) throws -> T {
        try readers.readLatest(body)
    }

    /// Runs `body` on a thread of the system's pool, with a connection of ``SQLiteReaders``
    /// (in one snapshot when `inSnapshot`), and resumes the task afterwards: for reads whose
    /// cost grows with the data (every object of a calendar, a time range, a change log, a
    /// user's totals), which must not hold an event loop that serves other connections.
    /// Point lookups, microseconds each, run on the calling thread instead (``read(_:)``,
    /// ``readLatest(_:)``), where the two thread hops would cost more than the read. The
    /// same connections serve both, so their page caches stay warm.
    public func readOffLoop<T: Sendable>(inSnapshot: Bool, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { inSnapshot ? try self.readers.read(body) : try self.readers.readLatest(body) })
            }
        }
    }

    /// Closes the file: the watch, the readers and the pool. Later calls fail.
    public func close() throws {
        commits?.close()
        readers.close()
        try pool.close()
    }
}
