import CalDAVCore
import Logging
import NIOCore
import NIOHTTP1

/// Answers requests for the DAV tree straight from the channel pipeline, and passes every
/// other request on to the router.
///
/// Calendar clients send many small requests, and for those the fixed cost per request
/// dominates: answering here saves the async stream each request otherwise crosses
/// twice, which cost more than the database read behind a GET, and the conversion of
/// every head to and from HTTPTypes.
///
/// Sits right after NIO's HTTP/1 decoder, before the conversion to HTTPTypes and the
/// router's channel. Responses leave in the order their requests came, also when a client
/// pipelines DAV and other requests on one connection: a request waits, with the socket
/// unread meanwhile, until the responses before it are written. A graceful shutdown waits
/// for the DAV request being read or answered, then closes the connection.
///
/// A request with a body is admitted from its head (credentials, and whether the path is
/// the user's) before any of its body is read: meanwhile the socket is left unread. A
/// refused request with a small body has it read and dropped, so the connection stays
/// open for the retry with credentials that clients make; with a large one, the answer is
/// sent and the connection closed. Bodies being collected on all connections together
/// stay within a ``BodyBudget``.
final class DAVChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What the part being read belongs to.
    private enum Reading {
        /// Between requests: the next part is a head.
        case head
        /// A DAV request with a body, waiting to be admitted; its parts wait.
        case admitting(HTTPRequestHead)
        /// A DAV request whose body is being collected; `user` when it was admitted from
        /// its head (requests without a body are admitted when answered).
        case own(HTTPRequestHead, user: BasicAuthenticator.User?, body: ByteBuffer?)
        /// A DAV request answered from its head (401, say): its small body is read and
        /// dropped, then the answer is written.
        case discarding(HTTPRequestHead, DAVResponse, dropped: Int)
        /// A request for the router, whose parts are passed on.
        case forwarded
        /// A request refused for its body's size: the rest of the body is read and dropped
        /// (`dropped` bytes so far), then the connection closes.
        case refused(dropped: Int)
    }

    private let responder: DAVResponder
    private let observer: RequestObserver
    private let dates: HTTPDateCache
    private let bodies: ResponseBodyBuffers
    private let logger: Logger
    private let budget: BodyBudget
    private let proxies: TrustedProxies
    private var peerAddress = "unknown"
    /// Bytes of the body being collected, reserved in ``budget``.
    private var reserved = 0
    private var taskExecutor: EventLoopTaskExecutor?

    private var reading = Reading.head
    /// A DAV request has been read and its response is not yet written.
    private var answering = false
    /// Requests passed to the router whose responses have not ended yet.
    private var forwardedInFlight = 0
    /// Parts that wait for the responses before theirs.
    private var waiting = CircularBuffer<HTTPServerRequestPart>()
    /// A read was asked for while parts wait; it is passed on once they are taken.
    private var readHeld = false
    /// The client closed its side while a DAV request was still open; told to the router
    /// after that response, so it does not close the connection under it.
    private var inputClosedHeld = false
    /// The server is shutting down while a DAV request is being read or answered: the
    /// connection closes after that response.
    private var quiesceHeld = false
    private var isClosed = false

    init(responder: DAVResponder, observer: RequestObserver, dates: HTTPDateCache, bodies: ResponseBodyBuffers, budget: BodyBudget,
         proxies: TrustedProxies, logger: Logger) {
        self.responder = responder
        self.budget = budget
        self.proxies = proxies
        self.observer = observer
        self.dates = dates
        self.bodies = bodies
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        peerAddress = context.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// The client's address: the peer's, or what a trusted proxy in front says.
    private func client(of head: HTTPRequestHead) -> String {
        proxies.client(peer: peerAddress, headers: head.headers)
    }

    /// The executor that runs this connection's tasks on its own event loop.
    private func executor(_ context: ChannelHandlerContext) -> EventLoopTaskExecutor {
        if let taskExecutor { return taskExecutor }
        let made = EventLoopTaskExecutor(context.eventLoop)
        taskExecutor = made
        return made
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        isClosed = true
        releaseBody()
    }

    func channelInactive(context: ChannelHandlerContext) {
        isClosed = true
        releaseBody()
        context.fireChannelInactive()
    }

    private func releaseBody() {
        if reserved > 0 { budget.release(reserved) }
        reserved = 0
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if waiting.isEmpty && canTake(part) {
            take(part, context: context)
        } else {
            waiting.append(part)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event, isBusy {
            inputClosedHeld = true
        } else if event is ChannelShouldQuiesceEvent, isAnsweringOwn {
            quiesceHeld = true
        } else {
            // Without a DAV request under way, the router's connection handler closes the
            // connection now or after the responses it owes.
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// A head waits while a DAV response is pending, and a DAV head also while the router
    /// still owes responses; the parts after a head follow it.
    private func canTake(_ part: HTTPServerRequestPart) -> Bool {
        if case .admitting = reading { return false }
        guard case .head(let head) = part else { return true }
        if answering { return false }
        return forwardedInFlight == 0 || !Self.isOwn(head)
    }

    private var isBusy: Bool {
        isAnsweringOwn || !waiting.isEmpty
    }

    /// A DAV request is being read or answered.
    private var isAnsweringOwn: Bool {
        if answering { return true }
        switch reading {
        case .own, .admitting, .discarding: return true
        case .head, .forwarded, .refused: return false
        }
    }

    private static func isOwn(_ head: HTTPRequestHead) -> Bool {
        DAVResponder.serves(Self.pathWithoutQuery(head))
    }

    private static func pathWithoutQuery(_ head: HTTPRequestHead) -> Substring {
        // Through the UTF-8 view: searching the characters cost more than the rest of the check.
        head.uri.utf8.firstIndex(of: UInt8(ascii: "?")).map { head.uri[..<$0] } ?? Substring(head.uri)
    }

    private func take(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch (reading, part) {
        case (.head, .head(let head)):
            guard Self.isOwn(head) else {
                forwardedInFlight += 1
                reading = .forwarded
                context.fireChannelRead(wrapInboundOut(part))
                return
            }
            let length = head.headers.first(name: "content-length").flatMap(Int.init)
            if let length, length > responder.maxBodySize {
                // A client that waits for 100 Continue sends no body after a final answer.
                refuse(head, context: context, dropped: 0)
                if Self.expectsContinue(head) { context.close(promise: nil) }
                return
            }
            guard (length ?? 0) > 0 || head.headers.contains(name: "transfer-encoding") else {
                reading = .own(head, user: nil, body: nil)
                return
            }
            let path = String(Self.pathWithoutQuery(head))
            if let admission = responder.keptAdmission(path: path, authorization: head.headers.first(name: "authorization")) {
                admit(head, admission, context: context)
                return
            }
            reading = .admitting(head)
            let responder = self.responder
            let (method, authorization, client) = (head.method.rawValue, head.headers.first(name: "authorization"), client(of: head))
            let promise = context.eventLoop.makePromise(of: DAVResponder.Admission.self)
            Task(executorPreference: executor(context)) {
                promise.succeed(await responder.admit(method: method, path: path, authorization: authorization, client: client))
            }
            promise.futureResult.assumeIsolated().whenSuccess { admission in
                guard !self.isClosed, case .admitting = self.reading else { return }
                self.admit(head, admission, context: context)
                self.takeWaiting(context: context)
            }
        case (.own(let head, let user, var body), .body(let chunk)):
            let size = (body?.readableBytes ?? 0) + chunk.readableBytes
            guard size <= responder.maxBodySize else {
                releaseBody()
                refuse(head, context: context, dropped: size)
                return
            }
            guard budget.reserve(chunk.readableBytes) else {
                releaseBody()
                refuse(head, with: BodyBudget.busy, context: context)
                context.close(promise: nil)
                return
            }
            reserved += chunk.readableBytes
            if body == nil {
                body = chunk
            } else {
                body!.writeImmutableBuffer(chunk)
            }
            reading = .own(head, user: user, body: body)
        case (.own(let head, let user, let body), .end):
            reading = .head
            answer(head, as: user, body: body, context: context)
        case (.discarding(let head, let response, let dropped), .body(let chunk)):
            reading = .discarding(head, response, dropped: dropped + chunk.readableBytes)
            if dropped + chunk.readableBytes > Self.maxDiscarded {
                refuse(head, with: response, context: context)
                context.close(promise: nil)
            }
        case (.discarding(let head, let response, _), .end):
            reading = .head
            observer.record(method: head.method.rawValue, path: Self.pathWithoutQuery(head), status: response.status, since: .now,
                            client: client(of: head), user: nil, logger: logger)
            write(response, to: head, keepAlive: head.isKeepAlive, context: context)
            if !head.isKeepAlive { context.close(promise: nil) }
        case (.forwarded, .end):
            reading = .head
            context.fireChannelRead(wrapInboundOut(part))
        case (.refused(let dropped), .body(let chunk)):
            let total = dropped + chunk.readableBytes
            reading = .refused(dropped: total)
            // Reading on lets the client finish sending and then read the 413, rather than
            // see its upload reset; but not for ever.
            if total > Self.maxDropped { context.close(promise: nil) }
        case (.refused, _):
            context.close(promise: nil)
        default:
            // Any other order comes from the router's requests (or a decoder fault, which
            // the router answers); pass it on.
            context.fireChannelRead(wrapInboundOut(part))
        }
    }

    /// Goes on with a request admitted from its head, or answers it.
    private func admit(_ head: HTTPRequestHead, _ admission: DAVResponder.Admission, context: ChannelHandlerContext) {
        switch admission {
        case .user(let user):
            if Self.expectsContinue(head) {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            }
            reading = .own(head, user: user, body: nil)
        case .answered(let response):
            let length = head.headers.first(name: "content-length").flatMap(Int.init)
            if Self.expectsContinue(head) || length == nil || length! > Self.maxDiscarded {
                // The body is not read: answer, and close the connection under it.
                refuse(head, with: response, context: context)
                context.close(promise: nil)
            } else {
                reading = .discarding(head, response, dropped: 0)
            }
        }
    }

    private static func expectsContinue(_ head: HTTPRequestHead) -> Bool {
        head.headers.first(name: "expect")?.lowercased() == "100-continue"
    }

    /// The largest body of a refused request that is read and dropped to keep the
    /// connection; a larger one is not read.
    static let maxDiscarded = 64 << 10

    /// Takes the waiting parts whose turn has come.
    private func takeWaiting(context: ChannelHandlerContext) {
        var took = false
        while let part = waiting.first, canTake(part) {
            waiting.removeFirst()
            take(part, context: context)
            took = true
        }
        // The router's channel hands reads on at the end of a read burst.
        if took { context.fireChannelReadComplete() }
        guard waiting.isEmpty else { return }
        if readHeld {
            readHeld = false
            context.read()
        }
        if inputClosedHeld && !isBusy {
            inputClosedHeld = false
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        }
    }

    // MARK: Answering

    private func answer(_ head: HTTPRequestHead, as user: BasicAuthenticator.User?, body: ByteBuffer?, context: ChannelHandlerContext) {
        answering = true
        let start = ContinuousClock.now
        let request = Self.davRequest(head, body: body)
        if reserved >= BodyBudget.largeBody { budget.noteLargeBodyFreed() }
        releaseBody()
        let responder = self.responder
        let client = client(of: head)
        let promise = context.eventLoop.makePromise(of: (DAVResponse, user: String?).self)
        Task(executorPreference: executor(context)) {
            if let user {
                promise.succeed((await responder.respond(to: request, as: user), user.name))
            } else {
                promise.succeed(await responder.respond(to: request, client: client))
            }
        }
        promise.futureResult.assumeIsolated().whenSuccess { response, user in
            self.observer.record(method: request.method, path: Self.pathWithoutQuery(head), status: response.status, since: start,
                                 client: client, user: user, failure: response.failure, logger: self.logger)
            self.answering = false
            guard !self.isClosed else { return }
            if self.quiesceHeld {
                self.quiesceHeld = false
                self.write(response, to: head, keepAlive: false, context: context)
                if self.forwardedInFlight == 0 {
                    context.close(promise: nil)
                } else {
                    context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
                }
                return
            }
            self.write(response, to: head, keepAlive: head.isKeepAlive, context: context)
            if head.isKeepAlive {
                self.takeWaiting(context: context)
            } else {
                context.close(promise: nil)
            }
        }
    }

    /// Answers 413 at once; the connection closes once the body has been read and dropped.
    private func refuse(_ head: HTTPRequestHead, context: ChannelHandlerContext, dropped: Int) {
        refuse(head, with: responder.bodyTooLarge, context: context)
        reading = .refused(dropped: dropped)
    }

    /// Answers at once with `response` and `Connection: close`; the body is not collected.
    private func refuse(_ head: HTTPRequestHead, with response: DAVResponse, context: ChannelHandlerContext) {
        reading = .refused(dropped: 0)
        observer.record(method: head.method.rawValue, path: Self.pathWithoutQuery(head), status: response.status, since: .now,
                        client: client(of: head), user: nil, logger: logger)
        write(response, to: head, keepAlive: false, context: context)
    }

    /// Body bytes read and dropped after a 413 before the connection is closed anyway.
    static let maxDropped = 256 << 20

    private func write(_ response: DAVResponse, to request: HTTPRequestHead, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.reserveCapacity(response.headers.count + 4)
        var hasLength = false
        for (name, value) in response.headers {
            // NIO writes fields as given: a value carrying a line break (a Location built
            // from a request, say) would split the response, so such a field is dropped.
            guard !Self.breaksLine(name), !Self.breaksLine(value) else { continue }
            headers.add(name: name, value: value)
            hasLength = hasLength || name.utf8.count == 14 && name.lowercased() == "content-length"
        }
        if !hasLength && response.status != 204 && response.status != 304 {
            headers.add(name: "Content-Length", value: String(response.body.count))
        }
        headers.add(name: "Date", value: dates.now)
        headers.add(name: "Server", value: "jadwald")
        if !keepAlive {
            headers.add(name: "Connection", value: "close")
        } else if request.version.major == 1 && request.version.minor == 0 {
            headers.add(name: "Connection", value: "keep-alive")
        }
        let status = HTTPResponseStatus(statusCode: response.status, reasonPhrase: Self.reason(response.status))
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
        // A HEAD answer has the GET answer's head and no body (RFC 9110 §9.3.2).
        if !response.body.isEmpty && request.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(bodies.buffer(for: response.body, allocator: context.channel.allocator)))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    private static func breaksLine(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") || $0 == 0 }
    }

    static func reason(_ code: Int) -> String {
        switch code {
        case 207: return "Multi-Status"
        case 424: return "Failed Dependency"
        case 507: return "Insufficient Storage"
        default: return HTTPResponseStatus(statusCode: code).reasonPhrase
        }
    }

    private static func davRequest(_ head: HTTPRequestHead, body: ByteBuffer?) -> DAVRequest {
        var headers: [String: String] = [:]
        headers.reserveCapacity(head.headers.count)
        for (name, value) in head.headers {
            let name = name.lowercased()
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return DAVRequest(method: head.method.rawValue, path: String(pathWithoutQuery(head)), headers: headers,
                          body: body.map { Array(buffer: $0) } ?? [])
    }

    // MARK: Outbound

    func read(context: ChannelHandlerContext) {
        if case .admitting = reading {
            // Nothing of the body is read before the request is admitted.
            readHeld = true
        } else if waiting.isEmpty {
            context.read()
        } else {
            readHeld = true
        }
    }

    /// The router's responses pass here; when the last one owed ends, waiting DAV
    /// requests may go.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard case .end = unwrapOutboundIn(data), forwardedInFlight > 0 else { return }
        forwardedInFlight -= 1
        if forwardedInFlight == 0 && !waiting.isEmpty {
            // Not from inside the router's write: take them on the next loop tick.
            context.eventLoop.assumeIsolated().execute { self.takeWaiting(context: context) }
        }
    }
}
