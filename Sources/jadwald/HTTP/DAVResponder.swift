import CalDAVCore
import Foundation
import Jadwal
import WebDAV

/// Answers requests for the DAV tree: authenticates with HTTP Basic and hands the request
/// to the DAV engine (``DAVServer``). Every method reaches it, so unknown methods get its 405.
/// Knows no HTTP framework: ``HTTPConnectionHandler`` feeds it from the channel pipeline.
///
/// A request with a body is admitted from its head (``admit(method:path:authorization:client:)``)
/// before any of the body is read, so that a stranger cannot make the server hold bodies.
struct DAVResponder: Sendable {
    let handler: any DAVResponding
    let authenticator: BasicAuthenticator
    /// The largest request body accepted; a larger one is refused with 413 before it is read.
    let maxBodySize: Int
    /// Another layout of the DAV tree answered beside `/dav/` (Baïkal's), if any.
    var alias: DAVMountAlias? = nil
    /// Who acts in whose calendars: a delegate's request to the delegator's tree goes on.
    var delegation: Delegation? = nil

    static let wellKnownPaths: Set<Substring> = ["/.well-known/caldav", "/.well-known/caldav/", "/.well-known/carddav", "/.well-known/carddav/"]

    /// Whether a request path (without its query) belongs here: the DAV tree, "/" (clients
    /// given only the host name start discovery there) and the RFC 6764 well-known addresses.
    static func serves(_ path: Substring) -> Bool {
        // The common case first, on bytes: it runs for every request, the router's too.
        path.utf8.starts(with: "/dav/".utf8) || path == "/" || path == "/dav" || wellKnownPaths.contains(path)
    }

    /// Whether a request goes on to the handler, and as whom.
    enum Admission: Sendable {
        case user(BasicAuthenticator.User)
        /// Answered without the handler (401, 429, a redirect, a path of someone else's).
        case answered(DAVResponse)
    }

    /// The admission of a request whose credentials were checked since the last commit,
    /// decided without waiting; `nil` when ``admit(method:path:authorization:client:)`` must
    /// decide (always for the well-known address and the welcome page at `/`).
    /// - Parameter remembered: the connection's last sign-in, used and updated.
    func keptAdmission(path: String, authorization: String?, remembered: inout BasicAuthenticator.ConnectionSignIn?,
                       checkingPath: Bool = true) -> Admission? {
        guard path != "/", !Self.wellKnownPaths.contains(Substring(path)),
              let user = authenticator.keptUser(for: authorization, remembered: &remembered) else { return nil }
        guard checkingPath else { return .user(user) }
        // Someone else's tree: whether the user is their delegate needs the store.
        if let owner = PathSegments.user(inRawPath: path), !DAVContext(principal: user.name, now: 0).owns(owner) { return nil }
        return .user(user)
    }

    /// Whether a request may go on, from its head alone.
    /// - Parameter client: the caller's address, for the limits on failed sign-ins.
    /// - Parameter checkingPath: whether to refuse a path of someone else's here; the
    ///   handler refuses it too, so a request without a body need not parse it twice.
    func admit(method: String, path: String, authorization: String?, accept: String? = nil, client: String,
               checkingPath: Bool = true) async -> Admission {
        if Self.wellKnownPaths.contains(Substring(path)) {
            // RFC 6764 §5: point clients at the DAV tree.
            return .answered(DAVResponse(status: 301, headers: [("Location", "/dav/"), ("Content-Length", "0")]))
        }
        if path == "/", method == "GET" || method == "HEAD", accept?.contains("text/html") == true {
            // A person's browser, not a calendar client: say what this is.
            return .answered(welcomePage)
        }
        switch await authenticator.authenticate(authorization, client: client) {
        case .signedIn(let user): return checkingPath ? await reach(path, as: user) : .user(user)
        case .refused: return .answered(Self.unauthorized)
        case .throttled(let retryAfter):
            return .answered(DAVResponse(status: 429, headers: [("Retry-After", String(retryAfter)), ("Content-Type", "text/plain; charset=utf-8")],
                                         body: Array("too many failed sign-ins; try again in \(retryAfter) seconds\n".utf8)))
        }
    }

    /// 404 for a path inside another user's tree, as the handler answers it, unless that
    /// user delegated to this one (the handler then decides what the delegate may do).
    private func reach(_ path: String, as user: BasicAuthenticator.User) async -> Admission {
        guard let owner = PathSegments.user(inRawPath: path), !DAVContext(principal: user.name, now: 0).owns(owner) else { return .user(user) }
        if let delegation, let shares = try? await delegation.shares.shares(involving: user.name, in: Delegation.tree),
           shares.received.contains(where: { $0.owner.utf8.elementsEqual(owner.utf8) }) {
            return .user(user)
        }
        return .answered(DAVResponse.notFound)
    }

    /// The response to an admitted request.
    func respond(to request: DAVRequest, as user: BasicAuthenticator.User) async -> DAVResponse {
        var context = DAVContext(principal: user.name, now: Int(Date().timeIntervalSince1970), emailAddresses: user.email.map { [$0] } ?? [])
        context.displayName = user.displayName
        return await handler.handle(request, in: context)
    }

    /// The response to a request without a body, admitted here.
    func respond(to request: DAVRequest, client: String) async -> (DAVResponse, user: String?) {
        switch await admit(method: request.method, path: request.path, authorization: request.headers["authorization"],
                           accept: request.headers["accept"], client: client, checkingPath: false) {
        case .answered(let response): return (response, nil)
        case .user(let user): return (await respond(to: request, as: user), user.name)
        }
    }

    /// The page a browser gets at `/`: what this server is and where to go.
    var welcomePage: DAVResponse {
        let page = HTMLPage(title: "Jadwal", body: """
            <h1>Jadwal calendar server</h1>
            <p>This server keeps calendars for the Calendar apps of phones and computers (CalDAV).</p>
            <p>To add your calendars to an app, ask your administrator for a setup link, or add a CalDAV account
            with this server's address, your user name and your password.</p>
            <p><a href="/admin/">Administration</a></p>
            """)
        return DAVResponse(status: 200, headers: HTMLPage.headerFields, body: Array(page.document.utf8))
    }

    static let unauthorized = DAVResponse(status: 401, headers: [("WWW-Authenticate", "Basic realm=\"Jadwal\", charset=\"UTF-8\""),
                                                                 ("Content-Type", "text/plain; charset=utf-8")],
                                          body: Array("sign in with your Jadwal user name and password\n".utf8))

    /// The 413 for a body over ``maxBodySize``.
    var bodyTooLarge: DAVResponse {
        DAVResponse(status: 413, headers: [("Content-Type", "text/plain; charset=utf-8")],
                    body: Array("the body is larger than \(maxBodySize) bytes\n".utf8))
    }
}
