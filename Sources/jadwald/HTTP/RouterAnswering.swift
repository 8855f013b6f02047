import HTTPTypes
import Hummingbird
import HummingbirdCore
import Jadwal
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Answers the requests that are not DAV (the JSON API, admin pages, feeds, setup links,
/// health and metrics) with Hummingbird's router, its middleware and routes, for
/// ``HTTPConnectionHandler``: the request arrives with its whole body, the answer leaves
/// with its whole body. Errors a route throws become answers as Hummingbird makes them;
/// any other error is a 500.
struct RouterAnswering: Sendable {
    let responder: RouterResponder<JadwalRequestContext>
    /// Where a signed-in caller's chosen language is read, for the API's error messages.
    let accounts: AccountStore?
    let logger: Logger

    init(router: Router<JadwalRequestContext>, accounts: AccountStore? = nil, logger: Logger) {
        responder = router.buildResponder()
        self.accounts = accounts
        self.logger = logger
    }

    /// The answer to one request.
    /// - Parameter client: the caller's address, as the connection found it.
    func answer(_ head: HTTPRequestHead, body: ByteBuffer?, channel: any Channel, client: String, secure: Bool) async -> HTTPAnswer {
        let requestHead: HTTPRequest
        do {
            requestHead = try HTTPRequest(head, secure: secure, splitCookie: false)
        } catch {
            return HTTPAnswer(status: 400, headers: [("Content-Type", "text/plain; charset=utf-8")],
                              body: [ByteBuffer(string: "the request head is not valid HTTP\n")])
        }
        let request = Request(head: requestHead, body: RequestBody(buffer: body ?? ByteBuffer()))
        var logger = self.logger
        logger[metadataKey: "hb.request.id"] = .stringConvertible(RequestID())
        var context = JadwalRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
        context.clientAddress = client
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            // ObservabilityMiddleware, around every route, has logged the failure with its cause.
            return HTTPAnswer(status: 500, headers: [("Content-Length", "0")], body: [], isRecorded: true)
        }
        let collector = BodyCollector()
        do {
            try await response.body.write(collector)
        } catch {
            logger.error("response body failed", metadata: ["error": "\(error)"])
            return HTTPAnswer(status: 500, headers: [("Content-Length", "0")], body: [], isRecorded: true)
        }
        var body = collector.buffers
        // The JSON API's errors speak the caller's language (APIErrorLanguage): the signed-in
        // person's choice, else the request's Accept-Language.
        if response.status.code >= 400, requestHead.path?.hasPrefix("/api/") == true, response.headers[.contentType] == "application/json" {
            var preference: String?
            if let accounts, let user = context.identity.user { preference = (try? await accounts.preferences(of: user))??.language }
            let language = PageLanguage(preference: preference, otherwise: PageLanguage(acceptLanguage: request.headers[.acceptLanguage] ?? ""))
            if let translated = APIErrorLanguage.translated(body.flatMap { Array($0.readableBytesView) }, into: language) {
                body = [ByteBuffer(bytes: translated)]
            }
        }
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(response.headers.count)
        for field in response.headers where field.name != .contentLength { fields.append((field.name.rawName, field.value)) }
        if response.headers[.contentLength] != nil { fields.append(("Content-Length", String(body.reduce(0) { $0 + $1.readableBytes }))) }
        return HTTPAnswer(status: response.status.code, headers: fields, body: body, isRecorded: true)
    }
}

/// Keeps what a route's response body writes, to be sent in one piece.
private final class BodyCollector: ResponseBodyWriter {
    var buffers: [ByteBuffer] = []

    func write(_ buffer: ByteBuffer) async throws {
        buffers.append(buffer)
    }

    func write(contentsOf buffers: some Sequence<ByteBuffer>) async throws {
        self.buffers.append(contentsOf: buffers)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
