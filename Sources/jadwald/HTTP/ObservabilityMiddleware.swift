import Hummingbird

/// Records every request the router serves with ``RequestObserver`` (the connection has
/// already set the client's address, a trusted proxy's word for it).
struct ObservabilityMiddleware: RouterMiddleware {
    let observer: RequestObserver

    func handle(_ request: Request, context: JadwalRequestContext, next: (Request, JadwalRequestContext) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let (client, identity) = (context.clientAddress, context.identity)
        do {
            let response = try await next(request, context)
            observer.record(method: request.method.rawValue, path: Substring(request.uri.path), status: response.status.code,
                            since: start, client: client, user: identity.user, logger: context.logger)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            observer.record(method: request.method.rawValue, path: Substring(request.uri.path), status: status, since: start,
                            client: client, user: identity.user, failure: error, logger: context.logger)
            throw error
        }
    }
}
