import CalDAVCore
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal

/// Serves the DAV tree: authenticates with HTTP Basic, collects the body up to the limit,
/// hands the request to ``DAVHandler`` and writes its response. Every method reaches the
/// handler, so unknown methods get the handler's 405 rather than the router's 404.
struct DAVMiddleware: RouterMiddleware {
    typealias Context = JadwalRequestContext
    let handler: DAVHandler
    let authenticator: BasicAuthenticator
    let maxBodySize: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path == "/.well-known/caldav" || path == "/.well-known/caldav/" {
            // RFC 6764 §5: point clients at the DAV tree.
            return Response(status: .movedPermanently, headers: [.location: "/dav/"])
        }
        // "/" is served too: clients given only the host name start discovery there.
        guard path == "/" || path == "/dav" || path.hasPrefix("/dav/") else { return try await next(request, context) }
        let now = Int(Date().timeIntervalSince1970)
        guard let user = await authenticator.user(for: request.headers[.authorization], client: context.clientAddress) else {
            return Response(status: .unauthorized, headers: [.wwwAuthenticate: "Basic realm=\"Jadwal\", charset=\"UTF-8\""],
                            body: .init(byteBuffer: ByteBuffer(string: "sign in with your Jadwal user name and password\n")))
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maxBodySize)
        } catch {
            return Response(status: .contentTooLarge, body: .init(byteBuffer: ByteBuffer(string: "the body is larger than \(maxBodySize) bytes\n")))
        }
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        // HTTPTypes keeps Host as the :authority pseudo-field; COPY and MOVE compare it
        // with an absolute Destination.
        if let authority = request.head.authority { headers["host"] = authority }
        let davRequest = DAVRequest(method: request.method.rawValue, path: path, headers: headers, body: Array(buffer: body))
        let response = await handler.handle(davRequest, in: DAVContext(principal: user.name, now: now, emailAddresses: user.email.map { [$0] } ?? []))
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        let status = HTTPResponse.Status(code: response.status, reasonPhrase: Self.reason(response.status))
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: response.body)))
    }

    static func reason(_ code: Int) -> String {
        switch code {
        case 207: return "Multi-Status"
        case 424: return "Failed Dependency"
        case 507: return "Insufficient Storage"
        default: return HTTPResponse.Status(code: code).reasonPhrase
        }
    }
}
