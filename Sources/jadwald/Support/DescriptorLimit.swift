import Logging
#if canImport(Glibc)
import Glibc
#endif

/// The process's file descriptor limit, raised at start from the soft limit (1,024 under
/// systemd's default) to the hard one, so that connections do not run it out.
enum DescriptorLimit {
    /// Descriptors kept for the database, logs and outgoing connections.
    static let reserve = 64

    /// Raises the soft limit to the hard one and returns the connections to allow: `wanted`,
    /// or fewer when the descriptors cannot hold that many.
    static func connections(wanted: Int, logger: Logger) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return wanted }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let available = Int(clamping: limit.rlim_cur) - reserve
        guard available < wanted else { return wanted }
        logger.warning("fewer connections than configured: the process may open only \(limit.rlim_cur) files",
                       metadata: ["max_connections": "\(max(8, available))", "configured": "\(wanted)"])
        return max(8, available)
    }
}
