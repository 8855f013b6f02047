import CalDAVCore
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import WebDAV

/// The server's one HTTP/1 binding: every request of a connection, DAV or not, is read,
/// answered and written here, in order, right after NIO's HTTP/1 decoder.
///
/// DAV requests go to ``DAVResponder``; every other request to Hummingbird's router
/// (``RouterAnswering``), with its middleware and routes. HTTP's rules are kept here once
/// for both: one request at a time per connection, later pipelined ones waiting with the
/// socket unread; `Expect: 100-continue`; body limits, with a refused body read and dropped
/// (small) or the connection closed (large); keep-alive and HTTP/1.0; Date and Server
/// headers; graceful shutdown after the request under way. Answering here rather than
/// through Hummingbird's async channel takes about 40% less CPU per small request
/// (Benchmarks/README.md, "Profile notes").
///
/// A DAV request with a body is admitted from its head (credentials, and whether the path
/// is the user's) before any of its body is read: meanwhile the socket is left unread. A
/// refused request with a small body has it read and dropped, so the connection stays open
/// for the retry with credentials that clients make; with a large one, the answer is sent
/// and the connection closed. Bodies being collected on all connections together stay
/// within a ``BodyBudget``.
final class HTTPConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Who answers a request.
    private enum Route {
        /// DAV; `user` when it was admitted from its head (requests without a body are
        /// admitted when answered).
        case dav(user: BasicAuthenticator.User?)
        case router
    }

    /// What the part being read belongs to.
    private enum Reading {
        /// Between requests: the next part is a head.
        case head
        /// A DAV request with a body, waiting to be admitted; its parts wait.
        case admitting(HTTPRequestHead)
        /// A request whose body is being collected.
        case collecting(HTTPRequestHead, Route, body: ByteBuffer?)
        /// A request answered from its head (401, say): its small body is read and
        /// dropped, then the answer is written.
        case discarding(HTTPRequestHead, HTTPAnswer, dropped: Int)
        /// A request refused for its body's size: the rest of the body is read and dropped
        /// (`dropped` bytes so far), then the connection closes.
        case refused(dropped: Int)
    }

    /// The parts of the server this handler answers with, shared by all connections.
    struct Services: Sendable {
        let dav: DAVResponder
        let router: RouterAnswering
        let observer: RequestObserver
        let dates: HTTPDateCache
        let budget: BodyBudget
        let proxies: TrustedProxies
        /// The largest body of a request that is not DAV, by path: small, but for uploads.
        let maxRouterBody: @Sendable (Substring) -> Int
        let secure: Bool
        let logger: Logger
    }

    private let services: Services
    /// The connection's limits, told where requests and responses begin and end.
    private let timer: ConnectionTimer
    /// The last sign-in on this connection, reused while nothing has committed.
    private var signIn: BasicAuthenticator.ConnectionSignIn?
    private var peerAddress = "unknown"
    /// Bytes of the body being collected, reserved in the budget.
    private var reserved = 0
    private var taskExecutor: EventLoopTaskExecutor?

    private var reading = Reading.head
    /// A request has been read and its answer is not yet written.
    private var answering = false
    /// Parts that wait for the answers before theirs.
    private var waiting = CircularBuffer<HTTPServerRequestPart>()
    /// A read was asked for while parts wait; it is passed on once they are taken.
    private var readHeld = false
    /// The client closed its side while a request was under way: close after its answer.
    private var inputClosed = false
    /// The server is shutting down while a request is under way: close after its answer.
    private var quiescing = false
    private var isClosed = false

    init(services: Services, timer: ConnectionTimer) {
        self.services = services
        self.timer = timer
    }

    func handlerAdded(context: ChannelHandlerContext) {
        peerAddress = context.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// The client's address: the peer's, or what a trusted proxy in front says.
    private func client(of head: HTTPRequestHead) -> String {
        services.proxies.client(peer: peerAddress, headers: head.headers)
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
        if reserved > 0 { services.budget.release(reserved) }
        reserved = 0
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch part {
        case .head: timer.headArrived()
        case .body: timer.bytesArrived()
        case .end: timer.requestEnded()
        }
        if waiting.isEmpty && canTake(part) {
            take(part, context: context)
        } else {
            waiting.append(part)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case ChannelEvent.inputClosed:
            if isBusy { inputClosed = true } else { context.close(promise: nil) }
        case is ChannelShouldQuiesceEvent:
            if isBusy { quiescing = true } else { context.close(promise: nil) }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError, !answering else {
            context.close(promise: nil)
            return
        }
        // A head NIO cannot parse: say so, and close (the rest of the stream means nothing).
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/")
        write(HTTPAnswer(status: 400, headers: [("Content-Type", "text/plain; charset=utf-8")],
                         body: [ByteBuffer(string: "the request is not valid HTTP/1.1\n")]), to: head, keepAlive: false, context: context)
        reading = .refused(dropped: 0)
        context.close(promise: nil)
    }

    /// A head waits while an answer is pending; the parts after a head follow it.
    private func canTake(_ part: HTTPServerRequestPart) -> Bool {
        if case .admitting = reading { return false }
        guard case .head = part else { return true }
        return !answering
    }

    private var isBusy: Bool {
        if answering || !waiting.isEmpty { return true }
        switch reading {
        case .collecting, .admitting, .discarding: return true
        case .head, .refused: return false
        }
    }

    private static func pathWithoutQuery(_ head: HTTPRequestHead) -> Substring {
        // Through the UTF-8 view: searching the characters costs more than the rest of the check.
        head.uri.utf8.firstIndex(of: UInt8(ascii: "?")).map { head.uri[..<$0] } ?? Substring(head.uri)
    }

    /// The target with each run of slashes in its path made one (`/a//b/` is `/a/b/`), as
    /// nginx in front of a server (`merge_slashes`) and CalendarServer read it: clients that
    /// join an href ending in `/` and a name starting with one reach what they mean. Done
    /// here, before anything reads the path, so that every check sees the same path.
    static func mergingSlashes(_ uri: String) -> String {
        let slash = UInt8(ascii: "/")
        guard uri.utf8.first == slash else { return uri }  // an absolute URI's scheme keeps its "//"
        let path = uri.utf8.firstIndex(of: UInt8(ascii: "?")).map { uri.utf8[..<$0] } ?? uri.utf8[...]
        guard zip(path, path.dropFirst()).contains(where: { $0 == slash && $1 == slash }) else { return uri }
        var merged: [UInt8] = []
        merged.reserveCapacity(uri.utf8.count)
        for byte in path where !(byte == slash && merged.last == slash) {
            merged.append(byte)
        }
        merged += uri.utf8[path.endIndex...]
        return String(decoding: merged, as: UTF8.self)
    }

    /// Names the request's alias of the DAV tree (``DAVMountAlias``) between reading its head
    /// and writing its answer; set only here (one a client sends is dropped).
    static let mountHeader = "x-jadwal-dav-mount"

    /// The head of a request under an alias of the DAV tree, as its path under `/dav/` (and
    /// its Destination too), marked with the alias so that the answer names it.
    static func mounted(_ head: HTTPRequestHead, alias: DAVMountAlias?) -> HTTPRequestHead {
        var head = head
        head.uri = mergingSlashes(head.uri)
        if head.headers.contains(name: mountHeader) { head.headers.remove(name: mountHeader) }
        guard let alias, head.uri.utf8.first == UInt8(ascii: "/"), let prefix = alias.prefix(of: pathWithoutQuery(head)) else { return head }
        head.uri = DAVMountAlias.canonical(head.uri, from: prefix)
        if let destination = head.headers.first(name: "destination") {
            head.headers.replaceOrAdd(name: "destination", value: DAVMountAlias.canonical(destination, from: prefix))
        }
        head.headers.add(name: mountHeader, value: prefix)
        return head
    }

    private func take(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch (reading, part) {
        case (.head, .head(let original)):
            let head = Self.mounted(original, alias: services.dav.alias)
            let path = Self.pathWithoutQuery(head)
            let isDAV = DAVResponder.serves(path)
            let limit = isDAV ? services.dav.maxBodySize : services.maxRouterBody(path)
            let length = head.headers.first(name: "content-length").flatMap(Int.init)
            if let length, length > limit {
                // A client that waits for 100 Continue sends no body after a final answer.
                refuse(head, with: bodyTooLarge(limit), context: context, dropped: 0)
                if Self.expectsContinue(head) { context.close(promise: nil) }
                return
            }
            let hasBody = (length ?? 0) > 0 || head.headers.contains(name: "transfer-encoding")
            guard isDAV else {
                if hasBody && Self.expectsContinue(head) { sendContinue(head, context: context) }
                reading = .collecting(head, .router, body: nil)
                return
            }
            guard hasBody else {
                reading = .collecting(head, .dav(user: nil), body: nil)
                return
            }
            admitDAV(head, context: context)
        case (.collecting(let head, let route, var body), .body(let chunk)):
            let limit: Int
            if case .dav = route { limit = services.dav.maxBodySize } else { limit = services.maxRouterBody(Self.pathWithoutQuery(head)) }
            let size = (body?.readableBytes ?? 0) + chunk.readableBytes
            guard size <= limit else {
                releaseBody()
                refuse(head, with: bodyTooLarge(limit), context: context, dropped: size)
                return
            }
            guard services.budget.reserve(chunk.readableBytes) else {
                releaseBody()
                refuse(head, with: HTTPAnswer(BodyBudget.busy, user: nil),
                       context: context, dropped: 0)
                context.close(promise: nil)
                return
            }
            reserved += chunk.readableBytes
            if body == nil {
                body = chunk
            } else {
                body!.writeImmutableBuffer(chunk)
            }
            reading = .collecting(head, route, body: body)
        case (.collecting(let head, let route, let body), .end):
            reading = .head
            answer(head, route: route, body: body, context: context)
        case (.discarding(let head, let answer, let dropped), .body(let chunk)):
            reading = .discarding(head, answer, dropped: dropped + chunk.readableBytes)
            if dropped + chunk.readableBytes > Self.maxDiscarded {
                refuse(head, with: answer, context: context, dropped: 0)
                context.close(promise: nil)
            }
        case (.discarding(let head, let answer, _), .end):
            reading = .head
            record(head, answer, since: .now)
            write(answer, to: head, keepAlive: head.isKeepAlive, context: context)
            if !head.isKeepAlive { context.close(promise: nil) }
        case (.refused(let dropped), .body(let chunk)):
            let total = dropped + chunk.readableBytes
            reading = .refused(dropped: total)
            // Reading on lets the client finish sending and then read the 413, rather than
            // see its upload reset; but not for ever.
            if total > Self.maxDropped { context.close(promise: nil) }
        case (.refused, _):
            context.close(promise: nil)
        default:
            // Parts out of order can only come from a decoder fault.
            context.close(promise: nil)
        }
    }

    /// Admits a DAV request with a body from its head, at once when its credentials were
    /// checked since the last commit, else after the authenticator has decided.
    private func admitDAV(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let dav = services.dav
        let path = String(Self.pathWithoutQuery(head))
        if let admission = dav.keptAdmission(path: path, authorization: head.headers.first(name: "authorization"), remembered: &signIn) {
            admit(head, admission, context: context)
            return
        }
        reading = .admitting(head)
        let (method, authorization, client) = (head.method.rawValue, head.headers.first(name: "authorization"), client(of: head))
        let promise = context.eventLoop.makePromise(of: DAVResponder.Admission.self)
        Task(executorPreference: executor(context)) {
            promise.succeed(await dav.admit(method: method, path: path, authorization: authorization, client: client))
        }
        promise.futureResult.assumeIsolated().whenSuccess { admission in
            guard !self.isClosed, case .admitting = self.reading else { return }
            self.admit(head, admission, context: context)
            self.takeWaiting(context: context)
        }
    }

    /// Goes on with a request admitted from its head, or answers it.
    private func admit(_ head: HTTPRequestHead, _ admission: DAVResponder.Admission, context: ChannelHandlerContext) {
        switch admission {
        case .user(let user):
            if Self.expectsContinue(head) { sendContinue(head, context: context) }
            reading = .collecting(head, .dav(user: user), body: nil)
        case .answered(let response):
            let answer = HTTPAnswer(response, user: nil)
            let length = head.headers.first(name: "content-length").flatMap(Int.init)
            if Self.expectsContinue(head) || length == nil || length! > Self.maxDiscarded {
                // The body is not read: answer, and close the connection under it.
                refuse(head, with: answer, context: context, dropped: 0)
                context.close(promise: nil)
            } else {
                reading = .discarding(head, answer, dropped: 0)
            }
        }
    }

    private static func expectsContinue(_ head: HTTPRequestHead) -> Bool {
        head.headers.first(name: "expect")?.lowercased() == "100-continue"
    }

    private func sendContinue(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
    }

    /// The largest body of a refused request that is read and dropped to keep the
    /// connection; a larger one is not read.
    static let maxDiscarded = 64 << 10

    /// Takes the waiting parts whose turn has come.
    private func takeWaiting(context: ChannelHandlerContext) {
        while let part = waiting.first, canTake(part) {
            waiting.removeFirst()
            take(part, context: context)
        }
        guard waiting.isEmpty else { return }
        if readHeld {
            readHeld = false
            context.read()
        }
    }

    // MARK: Answering

    private func answer(_ head: HTTPRequestHead, route: Route, body: ByteBuffer?, context: ChannelHandlerContext) {
        answering = true
        let start = ContinuousClock.now
        if reserved >= BodyBudget.largeBody { services.budget.noteLargeBodyFreed() }
        releaseBody()
        let services = self.services
        let client = client(of: head)
        let promise = context.eventLoop.makePromise(of: HTTPAnswer.self)
        switch route {
        case .dav(let admitted):
            let request = Self.davRequest(head, body: body)
            var user = admitted
            // A request without a body is admitted here; the handler checks its path.
            if user == nil, case .user(let kept)? = services.dav.keptAdmission(path: request.path, authorization: request.headers["authorization"],
                                                                               remembered: &signIn, checkingPath: false) {
                user = kept
            }
            let mount = head.headers.first(name: Self.mountHeader)
            Task(executorPreference: executor(context)) { [user] in
                var (response, name): (DAVResponse, String?)
                if let user {
                    (response, name) = (await services.dav.respond(to: request, as: user), user.name)
                } else {
                    (response, name) = await services.dav.respond(to: request, client: client)
                }
                if let mount { response = DAVMountAlias.answer(response, under: mount) }
                promise.succeed(HTTPAnswer(response, user: name))
            }
        case .router:
            let channel = context.channel
            Task(executorPreference: executor(context)) {
                promise.succeed(await services.router.answer(head, body: body, channel: channel, client: client, secure: services.secure))
            }
        }
        promise.futureResult.assumeIsolated().whenSuccess { answer in
            if !answer.isRecorded { self.record(head, answer, since: start) }
            self.answering = false
            guard !self.isClosed else { return }
            let closing = self.quiescing || self.inputClosed || !head.isKeepAlive
            self.write(answer, to: head, keepAlive: !closing, context: context)
            if closing {
                context.close(promise: nil)
            } else {
                self.takeWaiting(context: context)
            }
        }
    }

    private func record(_ head: HTTPRequestHead, _ answer: HTTPAnswer, since start: ContinuousClock.Instant) {
        var logger = services.logger
        // A failure is told with an id, as the router's requests are, to find it again.
        if answer.status >= 500 { logger[metadataKey: "hb.request.id"] = .stringConvertible(RequestID()) }
        services.observer.record(method: head.method.rawValue, path: Self.pathWithoutQuery(head), status: answer.status, since: start,
                                 client: client(of: head), user: answer.user, failure: answer.failure, logger: logger)
    }

    /// Answers at once and closes once the body has been read and dropped (or at once).
    private func refuse(_ head: HTTPRequestHead, with answer: HTTPAnswer, context: ChannelHandlerContext, dropped: Int) {
        reading = .refused(dropped: dropped)
        record(head, answer, since: .now)
        write(answer, to: head, keepAlive: false, context: context)
    }

    /// The 413 for a body over `limit`.
    private func bodyTooLarge(_ limit: Int) -> HTTPAnswer {
        HTTPAnswer(status: 413, headers: [("Content-Type", "text/plain; charset=utf-8")],
                   body: [ByteBuffer(string: "the body is larger than \(limit) bytes\n")])
    }

    /// Body bytes read and dropped after a 413 before the connection is closed anyway.
    static let maxDropped = 256 << 20

    private func write(_ answer: HTTPAnswer, to request: HTTPRequestHead, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.reserveCapacity(answer.headers.count + 4)
        var hasLength = false
        for (name, value) in answer.headers {
            // NIO writes fields as given: a value carrying a line break (a Location built
            // from a request, say) would split the response, so such a field is dropped.
            guard !Self.breaksLine(name), !Self.breaksLine(value) else { continue }
            let isLength = name.utf8.count == 14 && name.lowercased() == "content-length"
            if isLength && hasLength { continue }
            headers.add(name: name, value: value)
            hasLength = hasLength || isLength
        }
        if !hasLength && answer.status != 204 && answer.status != 304 && answer.status >= 200 {
            headers.add(name: "Content-Length", value: String(answer.bodyLength))
        }
        headers.add(name: "Date", value: services.dates.now)
        headers.add(name: "Server", value: "jadwald")
        if !keepAlive {
            headers.add(name: "Connection", value: "close")
        } else if request.version.major == 1 && request.version.minor == 0 {
            headers.add(name: "Connection", value: "keep-alive")
        }
        let status = HTTPResponseStatus(statusCode: answer.status, reasonPhrase: Self.reason(answer.status))
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
        // A HEAD answer has the GET answer's head and no body (RFC 9110 §9.3.2).
        if request.method != .HEAD {
            for buffer in answer.body where buffer.readableBytes > 0 {
                context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            }
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        timer.responseEnded()
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
}
