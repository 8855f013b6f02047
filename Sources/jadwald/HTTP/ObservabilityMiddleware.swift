import Foundation
import Hummingbird
import Jadwal
import Logging

/// Times every request, counts it in ``RequestMetrics`` and writes one structured log
/// line for it (method, path, status, duration). Secret path segments (feed tokens,
/// setup links) are shortened: a log file must not hand out working links.
struct ObservabilityMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: RequestMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let status: Int
        do {
            let response = try await next(request, context)
            status = response.status.code
            finish(request, context: context, status: status, since: start)
            return response
        } catch {
            status = (error as? any HTTPResponseError)?.status.code ?? 500
            finish(request, context: context, status: status, since: start)
            throw error
        }
    }

    private func finish(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        metrics.record(method: request.method.rawValue, status: status, seconds: seconds)
        context.logger.info("request", metadata: [
            "method": .string(request.method.rawValue),
            "path": .string(Self.loggedPath(request.uri.path)),
            "status": .stringConvertible(status),
            "ms": .string(Self.milliseconds(seconds)),
        ])
    }

    /// Milliseconds with two decimals ("12.34"), without `String(format:)`'s cost per request.
    static func milliseconds(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100_000).rounded())
        return "\(hundredths / 100)." + StructuredLogHandler.padded(hundredths % 100, 2)
    }

    /// Prefixes whose next segment is a secret.
    static var secretPrefixes: [String] { ["/feeds/prayer/", "/provision/"] }

    static func loggedPath(_ path: String) -> String {
        for prefix in secretPrefixes where path.hasPrefix(prefix) {
            let secret = path.dropFirst(prefix.count)
            return prefix + SecretToken.redacted(String(secret.prefix { $0 != "/" && $0 != "." }))
        }
        return path
    }
}
