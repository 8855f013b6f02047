import GRDB
import Synchronization

/// Read-only connections to one SQLite file in WAL mode, each lent to one thread at a time,
/// for the reads on a request's path.
///
/// A read runs on the calling thread and returns its result. GRDB's async `read` hands the
/// work to a reader's queue and resumes the task afterwards: two thread wake-ups per read.
/// Its synchronous `read` lends readers through a semaphore and a barrier queue, and with
/// two event loops reading at once the threads wake each other on almost every read
/// (Benchmarks/README.md, "Profile notes"). Here a connection is taken from a list and given
/// back under a lock held for a few instructions, and it is never shared, so its own queue
/// is never contended. Reads take microseconds to a few milliseconds, so blocking the
/// task's thread for them is the cheaper trade. Writes keep GRDB's writer.
package final class SQLiteReaders: Sendable {
    private let path: String
    /// Used when every connection is lent: it waits for one of its own.
    private let fallback: DatabasePool
    private let maximum: Int
    private let state = Mutex(State())

    private enum Lease { case idle(DatabaseQueue), open, full, closed }

    private struct State {
        var idle: [DatabaseQueue] = []
        var lent = 0
        var isClosed = false
    }

    /// - Parameters:
    ///   - pool: the file's pool; its configuration is not needed for reading.
    ///   - maximum: connections kept at most; a read beyond them goes through `pool`.
    package init(pool: DatabasePool, maximum: Int = 16) {
        self.path = pool.path
        self.fallback = pool
        self.maximum = maximum
    }

    /// Runs `body` in one snapshot (a read transaction).
    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        try withConnection(inSnapshot: true, body)
    }

    /// Runs `body` outside a transaction: each statement sees the latest commit on its own,
    /// so statements of one call may see different commits.
    ///
    /// For the lookups a request makes on its hot path (an account's hash, a calendar row,
    /// a few objects), where a write landing between two statements changes nothing a client
    /// could notice; the BEGIN and COMMIT around them were a tenth of a GET's cost. Anything
    /// that must agree across statements (a change-log position and the rows it covers)
    /// uses ``read(_:)``.
    package func readLatest<T>(_ body: (Database) throws -> T) throws -> T {
        try withConnection(inSnapshot: false, body)
    }

    /// Closes the idle connections; the lent ones close when given back. Later reads fail.
    package func close() {
        let idle = state.withLock { state in
            state.isClosed = true
            defer { state.idle = [] }
            return state.idle
        }
        for connection in idle { try? connection.close() }
    }

    private func withConnection<T>(inSnapshot: Bool, _ body: (Database) throws -> T) throws -> T {
        let lease = state.withLock { state -> Lease in
            if state.isClosed { return .closed }
            if let connection = state.idle.popLast() {
                state.lent += 1
                return .idle(connection)
            }
            guard state.idle.count + state.lent < maximum else { return .full }
            state.lent += 1
            return .open
        }
        let connection: DatabaseQueue
        switch lease {
        case .idle(let idle): connection = idle
        case .full: return inSnapshot ? try fallback.read(body) : try fallback.unsafeRead(body)
        case .closed: throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the database is closed")
        case .open:
            do {
                connection = try open()
            } catch {
                state.withLock { $0.lent -= 1 }
                throw error
            }
        }
        defer { giveBack(connection) }
        return inSnapshot ? try connection.read(body) : try connection.unsafeRead(body)
    }

    private func giveBack(_ connection: DatabaseQueue) {
        let keep = state.withLock { state in
            state.lent -= 1
            if state.isClosed { return false }
            state.idle.append(connection)
            return true
        }
        if !keep { try? connection.close() }
    }

    private func open() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        configuration.label = "reader"
        return try DatabaseQueue(path: path, configuration: configuration)
    }
}
