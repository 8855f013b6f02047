#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Notices writes to the files of one folder, by this process or any other, through Linux's
/// inotify: for the folder of the SQLite database, so a cached credential check can be
/// trusted until the database may have changed.
///
/// Every commit to a SQLite database in WAL mode writes its `-wal` file, and the kernel
/// queues the event during that write, before the writer's commit returns. So once a
/// password change has been acknowledged (by `jadwald user passwd`, say), the next
/// ``generation()`` is a new one. Reading the queue is one non-blocking read; re-reading a
/// password's stamp from the database cost a third of an authenticated request.
final class FolderWriteSignal: Sendable {
    private let descriptor: Int32
    private let generations = Mutex<UInt64>(0)

    /// `nil` where inotify is not available (or the folder cannot be watched): callers then
    /// check the database every time.
    init?(folder: String) {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let events = IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF
        guard inotify_add_watch(descriptor, folder, UInt32(events)) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        #else
        return nil
        #endif
    }

    deinit {
        close(descriptor)
    }

    /// A number that moves whenever the folder's files were written since the last call.
    /// Reading the events and moving the number happen under one lock, so two callers
    /// never both miss a write that finished before either asked.
    func generation() -> UInt64 {
        generations.withLock { generation in
            var written = false
            withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 8) { buffer in
                while true {
                    let count = read(descriptor, buffer.baseAddress, buffer.count)
                    if count > 0 {
                        written = true
                        continue
                    }
                    // Nothing more queued; any other answer counts as a write, to be safe.
                    if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
                    written = true
                    break
                }
            }
            if written { generation &+= 1 }
            return generation
        }
    }
}
