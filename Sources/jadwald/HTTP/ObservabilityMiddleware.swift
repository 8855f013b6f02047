import Hummingbird
import NIOHTTP1

/// Sets the client's address (a trusted proxy's word for it) and records every request the
/// router serves with ``RequestObserver``.
struct ObservabilityMiddleware: RouterMiddleware {
    let observer: RequestObserver
    let proxies: TrustedProxies

    func handle(_ request: Request, context: JadwalRequestContext, next: (Request, JadwalRequestContext) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var context = context
        if !proxies.ranges.isEmpty {
            var headers = HTTPHeaders()
            for field in request.headers where ["forwarded", "x-forwarded-for"].contains(field.name.canonicalName) {
                headers.add(name: field.name.canonicalName, value: field.value)
            }
            context.clientAddress = proxies.client(peer: context.clientAddress, headers: headers)
        }
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
