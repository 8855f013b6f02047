import Hummingbird

/// Records every request the router serves with ``RequestObserver``.
struct ObservabilityMiddleware<Context: RequestContext>: RouterMiddleware {
    let observer: RequestObserver

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            observer.record(method: request.method.rawValue, path: Substring(request.uri.path), status: response.status.code,
                            since: start, logger: context.logger)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            observer.record(method: request.method.rawValue, path: Substring(request.uri.path), status: status, since: start, logger: context.logger)
            throw error
        }
    }
}
