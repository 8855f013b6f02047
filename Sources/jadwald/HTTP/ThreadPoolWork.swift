import CalDAVCore
import NIOPosix
import WebDAV

/// Blocking work on NIO's thread pool, off the event loops that serve connections.
struct ThreadPoolWork: BlockingWork {
    func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await NIOThreadPool.singleton.runIfActive(work)
    }
}
