import CalDAVCore
import Foundation
import Jadwal

/// Answers requests for the DAV tree: authenticates with HTTP Basic and hands the request
/// to ``DAVHandler``. Every method reaches the handler, so unknown methods get its 405.
/// Knows no HTTP framework: ``DAVChannelHandler`` feeds it from the channel pipeline.
struct DAVResponder: Sendable {
    let handler: DAVHandler
    let authenticator: BasicAuthenticator
    /// The largest request body accepted; a larger one is refused with 413 before it is read.
    let maxBodySize: Int

    static let wellKnownPaths: Set<Substring> = ["/.well-known/caldav", "/.well-known/caldav/"]

    /// Whether a request path (without its query) belongs here: the DAV tree, "/" (clients
    /// given only the host name start discovery there) and the RFC 6764 well-known address.
    static func serves(_ path: Substring) -> Bool {
        // The common case first, on bytes: it runs for every request, the router's too.
        path.utf8.starts(with: "/dav/".utf8) || path == "/" || path == "/dav" || wellKnownPaths.contains(path)
    }

    /// The response to one request.
    /// - Parameter client: the caller's address, for the limits on failed sign-ins.
    func respond(to request: DAVRequest, client: String) async -> DAVResponse {
        if Self.wellKnownPaths.contains(Substring(request.path)) {
            // RFC 6764 §5: point clients at the DAV tree.
            return DAVResponse(status: 301, headers: [("Location", "/dav/"), ("Content-Length", "0")])
        }
        let now = Int(Date().timeIntervalSince1970)
        guard let user = await authenticator.user(for: request.headers["authorization"], client: client) else {
            return DAVResponse(status: 401, headers: [("WWW-Authenticate", "Basic realm=\"Jadwal\", charset=\"UTF-8\""),
                                                      ("Content-Type", "text/plain; charset=utf-8")],
                               body: Array("sign in with your Jadwal user name and password\n".utf8))
        }
        return await handler.handle(request, in: DAVContext(principal: user.name, now: now, emailAddresses: user.email.map { [$0] } ?? []))
    }

    /// The 413 for a body over ``maxBodySize``.
    var bodyTooLarge: DAVResponse {
        DAVResponse(status: 413, headers: [("Content-Type", "text/plain; charset=utf-8")],
                    body: Array("the body is larger than \(maxBodySize) bytes\n".utf8))
    }
}
