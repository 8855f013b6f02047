import GRDB

extension DatabasePool {
    /// Runs a read on the calling thread and returns its result.
    ///
    /// GRDB's async `read` hands the work to a reader's dispatch queue and resumes the task
    /// afterwards: two thread wake-ups per read, which cost more than the indexed lookups a
    /// request makes (they dominated a GET's profile). Reads take microseconds to a few
    /// milliseconds, so blocking the task's thread for them is the cheaper trade. Writes
    /// keep the async queue: a commit waits for fsync.
    package func readInPlace<T>(_ body: (Database) throws -> T) throws -> T {
        try read(body)
    }

    /// Like ``readInPlace(_:)`` but outside a transaction: each statement sees the latest
    /// commit on its own, so statements of one call may see different commits.
    ///
    /// For the lookups a request makes on its hot path (a calendar row, a few objects), where
    /// a write landing between two statements changes nothing a client could notice; the
    /// BEGIN and COMMIT around them were a tenth of a GET's cost. Anything that must agree
    /// across statements (a change-log position and the rows it covers) uses
    /// ``readInPlace(_:)``.
    package func readLatest<T>(_ body: (Database) throws -> T) throws -> T {
        try unsafeRead(body)
    }
}
