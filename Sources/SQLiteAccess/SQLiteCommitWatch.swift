import CSQLiteSupport
import GRDB
import Synchronization
import WebDAV

/// Where the database's last commit stands, read from SQLite's WAL index in shared memory:
/// a few loads, no system call and no lock. Lets a cache of what was read from the
/// database be trusted exactly until the next commit, by this process or any other.
///
/// A commit becomes visible to readers at the moment its writer rewrites the WAL index
/// header (`-shm`), and every commit moves the header's commit counter. So a value read
/// here before a database read is one the read saw or an older one: whatever is cached
/// under it is at least that new, and the next commit changes the value. Watching the
/// folder for writes (inotify) cannot promise that: a commit's file writes come before
/// the header update that makes it visible, so a read in between would cache the old row
/// under the new signal.
///
/// The header is read through the mapping the store's writer connection already has, so
/// no file is opened here (closing a second descriptor on the `-shm` file would drop the
/// process's SQLite locks on it). The mapping lives as long as that connection: the watch
/// holds its pool, and ``close()`` is called before the pool is closed.
public final class SQLiteCommitWatch: ChangeSignal {
    /// One commit of the database.
    public struct Commit: Hashable, Sendable {
        /// The commit counter and the WAL's frame count.
        let position: UInt64
        /// The WAL's salts, new whenever the WAL starts over.
        let salts: UInt64
    }

    // The first page of the WAL index, mapped by SQLite; read only in `current()`, while open.
    nonisolated(unsafe) private let index: UnsafeRawPointer
    /// Keeps the connection that maps the index open.
    private let pool: DatabasePool
    /// Calls of `current()` under way, which ``close()`` waits out.
    private let inProgress = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)

    /// Watches the database of `pool`'s writer; `nil` when it is not in WAL mode or its
    /// index is not mapped (callers then read the database every time).
    package init?(pool: DatabasePool) {
        // The writer stays open as long as the pool.
        guard let index = pool.writeWithoutTransaction({ db in db.sqliteConnection.flatMap { jadwal_sqlite_wal_index($0) } }) else { return nil }
        self.index = UnsafeRawPointer(index)
        self.pool = pool
        // The header must be one this code reads; another process publishing a commit at
        // this moment makes the copies differ for an instant, so a few tries are allowed.
        guard (0..<100).contains(where: { _ in current() != nil }) else { return nil }
    }

    /// The last commit, or `nil` when it cannot be told right now (a writer is in the
    /// middle of publishing one, or the watch is closed): callers then read the database.
    public func current() -> Commit? {
        inProgress.add(1, ordering: .sequentiallyConsistent)
        defer { inProgress.subtract(1, ordering: .sequentiallyConsistent) }
        guard !closed.load(ordering: .sequentiallyConsistent) else { return nil }
        var position: UInt64 = 0
        var salts: UInt64 = 0
        guard jadwal_sqlite_wal_commit(index, &position, &salts) == 1 else { return nil }
        return Commit(position: position, salts: salts)
    }

    /// Stops reading the index and waits for reads in progress, so the connection holding
    /// the mapping may close.
    package func close() {
        closed.store(true, ordering: .sequentiallyConsistent)
        while inProgress.load(ordering: .sequentiallyConsistent) != 0 {}
    }

    /// The last commit as a stamp for caches (``ChangeSignal``).
    /// The same as ``immediateStamp()``: shared memory never needs a wait.
    public func stamp() async -> ChangeStamp? { immediateStamp() }

    public func immediateStamp() -> ChangeStamp? {
        current().map { ChangeStamp($0.position, $0.salts) }
    }
}
