import Foundation
import GRDB
import GRDBSQLite
import SQLiteAccess
import Synchronization

/// ``SQLDatabase`` over one SQLite file in WAL mode, through GRDB.
///
/// GRDB runs a transaction inside one synchronous closure, but a ``SQLSession`` body is
/// async (PostgreSQL's statements are). So a write opens the transaction with one call
/// on GRDB's writer connection, runs each statement with another, and commits with a
/// last one, which `allowsUnsafeTransactions` permits; the file's ``WriterGate`` keeps any
/// other write of this process from running inside that open transaction, and
/// SQLite's file lock (waited on for up to ten seconds) keeps other processes out.
/// Every write to the tables behind it must therefore go through ``write(_:)``.
public final class SQLiteDatabase: SQLDatabase {
    /// The file, shared with the process's other tables.
    public let file: SQLiteFile
    /// The GRDB pool, for migrations (before any other use) and for reads on a hot path.
    public var pool: DatabasePool { file.pool }
    private var readers: SQLiteReaders { file.readers }
    private let columns = ColumnCache()

    public var dialect: SQLDialect { .sqlite }

    /// Tables in `file`.
    public init(file: SQLiteFile) {
        self.file = file
    }

    /// Opens (creating if needed) the database at `path` on its own, with foreign keys enforced.
    /// - Parameter synchronousFull: sync the log at every commit, so an acknowledged write
    ///   survives a power loss, not only a crash.
    public convenience init(path: String, synchronousFull: Bool = true) throws {
        self.init(file: try SQLiteFile(path: path, synchronousFull: synchronousFull))
    }

    public func read<Result: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> Result) async throws -> Result {
        try await body(Session(pool: pool, readers: readers, columns: columns, onWriter: false))
    }

    public func write<Result: Sendable>(_ body: @escaping @Sendable (any SQLSession) async throws -> Result) async throws -> Result {
        await file.writer.hold()
        defer { file.writer.release() }
        // BEGIN IMMEDIATE may wait up to the busy timeout for another process's write (a
        // command run beside the server), and the commit for fsync: both wait on GRDB's
        // queue, not on the task's thread. The statements between run where the task is.
        try await pool.writeWithoutTransaction { db in try db.beginTransaction(.immediate) }
        let result: Result
        do {
            result = try await body(Session(pool: pool, readers: readers, columns: columns, onWriter: true))
            try await pool.writeWithoutTransaction { db in try db.commit() }
        } catch {
            try? Self.onWriter(pool) { db in if db.isInsideTransaction { try db.rollback() } }
            throw error
        }
        return result
    }

    /// Statements on the writer connection, inside the transaction ``write(_:)`` opened, or
    /// on reader connections (``SQLiteReaders``), each seeing the latest commit.
    private struct Session: SQLSession {
        let pool: DatabasePool
        let readers: SQLiteReaders
        let columns: ColumnCache
        let onWriter: Bool
        var dialect: SQLDialect { .sqlite }

        func query(_ sql: String, _ arguments: SQLArguments) async throws -> [SQLRow] {
            try run { db in try SQLiteDatabase.rows(sql, arguments, columns, db) }
        }

        func execute(_ sql: String, _ arguments: SQLArguments) async throws -> Int {
            try run { db in
                try db.cachedStatement(sql: sql).execute(arguments: SQLiteDatabase.bindings(arguments))
                return db.changesCount
            }
        }

        private func run<T>(_ body: (Database) throws -> T) throws -> T {
            onWriter ? try SQLiteDatabase.onWriter(pool, body) : try readers.readLatest(body)
        }
    }

    /// Runs `body` on the writer connection on this thread, outside any transaction of
    /// its own. (From async code GRDB picks its async variant, which hops threads.)
    static func onWriter<T>(_ pool: DatabasePool, _ body: (Database) throws -> T) throws -> T {
        try pool.writeWithoutTransaction(body)
    }

    /// The rows of a query, read through SQLite's C API (``RawStatement``): GRDB's rows
    /// cost more than the query behind an account lookup, which every request makes.
    static func rows(_ sql: String, _ arguments: SQLArguments, _ columns: ColumnCache, _ db: Database) throws -> [SQLRow] {
        let statement = try RawStatement(db, sql, arguments.values.map(rawArgument))
        let count = statement.columnCount
        let names: SQLColumns
        if let known = columns.cached(for: sql) {
            names = known
        } else {
            var list: [String] = []
            for column in 0..<count { list.append(statement.columnName(column)) }
            names = columns.add(SQLColumns(list), for: sql)
        }
        var rows: [SQLRow] = []
        while try statement.step() {
            var values: [SQLValue] = []
            values.reserveCapacity(count)
            for column in 0..<count {
                switch statement.type(column) {
                case SQLITE_INTEGER: values.append(.integer(statement.int64(column)))
                case SQLITE_FLOAT: values.append(.real(statement.double(column)))
                case SQLITE_TEXT: values.append(.text(statement.text(column) ?? ""))
                case SQLITE_BLOB: values.append(.blob(statement.bytes(column)))
                default: values.append(.null)
                }
            }
            rows.append(SQLRow(columns: names, values: values))
        }
        return rows
    }

    private static func rawArgument(_ value: SQLValue) -> RawStatement.Argument {
        switch value {
        case .null: return .null
        case .integer(let integer): return .integer(integer)
        case .real(let real): return .real(real)
        case .text(let text): return .text(text)
        case .blob(let bytes): return .blob(bytes)
        }
    }

    /// Column names by statement text, so a query's name index is built once.
    final class ColumnCache: Sendable {
        private let cached = Mutex<[String: SQLColumns]>([:])
        /// Statement texts kept at most; past that the cache starts over (texts come from
        /// code, but a few are built per call, like IN lists).
        static let limit = 512

        func cached(for sql: String) -> SQLColumns? {
            cached.withLock { $0[sql] }
        }

        func add(_ columns: SQLColumns, for sql: String) -> SQLColumns {
            cached.withLock { cached in
                if cached.count >= Self.limit { cached.removeAll() }
                cached[sql] = columns
            }
            return columns
        }
    }

    static func bindings(_ arguments: SQLArguments) -> StatementArguments {
        // Existential elements pick GRDB's non-generic initializer: the generic one builds
        // a key path at run time on every call.
        StatementArguments(arguments.values.map { value -> (any DatabaseValueConvertible)? in
            switch value {
            case .null: return DatabaseValue.null
            case .integer(let integer): return integer.databaseValue
            case .real(let real): return real.databaseValue
            case .text(let text): return text.databaseValue
            case .blob(let bytes): return Data(bytes).databaseValue
            }
        })
    }
}
