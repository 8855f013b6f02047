import Foundation
import Hummingbird
import Logging

/// Times every request, counts it in ``RequestMetrics`` and writes one structured log
/// line for it (method, path, status, duration).
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
            "path": .string(request.uri.path),
            "status": .stringConvertible(status),
            "ms": .string(String(format: "%.2f", seconds * 1000)),
        ])
    }
}
