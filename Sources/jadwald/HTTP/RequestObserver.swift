import CalDAVCore
import Jadwal
import Logging
import WebDAV

/// Counts every finished request in ``RequestMetrics`` and writes one structured log line
/// for it (method, path, status, duration, client address, user when signed in), whichever
/// path served it; a failed request (5xx) is logged as an error, with what failed and the
/// causes under it. Secret path segments (feed tokens, setup links) are shortened: a log
/// file must not hand out working links.
struct RequestObserver: Sendable {
    let metrics: RequestMetrics

    func record(method: String, path: Substring, status: Int, since start: ContinuousClock.Instant, client: String, user: String?,
                failure: (any Error)? = nil, logger: Logger) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        metrics.record(method: method, status: status, seconds: seconds)
        let failed = status >= 500
        guard logger.logLevel <= (failed ? .error : .info) else { return }
        var metadata: Logger.Metadata = [
            "method": .string(method),
            "path": .string(Self.loggedPath(path)),
            "status": .stringConvertible(status),
            "ms": .string(Self.milliseconds(seconds)),
            "client": .string(client),
        ]
        if let user { metadata["user"] = .string(user) }
        if failed {
            if let failure { metadata["error"] = .string(Self.chain(failure)) }
            logger.error("request failed", metadata: metadata)
        } else {
            logger.info("request", metadata: metadata)
        }
    }

    /// An error and the causes under it, outermost first: "503 storage unavailable… <- unavailable: … <- SQLite error 10…".
    static func chain(_ error: any Error) -> String {
        var parts: [String] = []
        var next: (any Error)? = error
        while let current = next, parts.count < 8 {
            parts.append(String(describing: current))
            switch current {
            case let failure as DAVError: next = failure.cause
            case let failure as StoreError: next = failure.cause
            default: next = nil
            }
        }
        return parts.joined(separator: " <- ")
    }

    /// Milliseconds with two decimals ("12.34"), without `String(format:)`'s cost per request.
    static func milliseconds(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100_000).rounded())
        var text: [UInt8] = []
        LogLine.appendDigits(hundredths / 100, width: 1, to: &text)
        text.append(UInt8(ascii: "."))
        LogLine.appendDigits(hundredths % 100, width: 2, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Prefixes whose next segment is a secret.
    static var secretPrefixes: [String] { ["/feeds/prayer/", "/provision/"] }

    static func loggedPath(_ path: Substring) -> String {
        for prefix in secretPrefixes where path.hasPrefix(prefix) {
            let secret = path.dropFirst(prefix.count)
            return prefix + SecretToken.redacted(String(secret.prefix { $0 != "/" && $0 != "." }))
        }
        return String(path)
    }
}
