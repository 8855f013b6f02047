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
}
