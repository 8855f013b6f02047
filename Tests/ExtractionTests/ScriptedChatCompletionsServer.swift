import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An HTTP server on 127.0.0.1 that speaks just enough of the chat-completions protocol for
/// the extractor's tests: it records every request and answers from a script, one reply per
/// request, or not at all (to test timeouts).
final class ScriptedChatCompletionsServer: Sendable {
    /// A request as it arrived.
    struct Request: Sendable {
        var method: String
        var path: String
        var headers: HTTPHeaders
        var body: Data

        /// The body as a JSON object.
        var json: [String: Any] {
            ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:]
        }

        /// `messages[index].content` of the body.
        func messageContent(_ index: Int) -> String? {
            guard let messages = json["messages"] as? [[String: Any]], messages.indices.contains(index) else { return nil }
            return messages[index]["content"] as? String
        }
    }

    /// A reply to send.
    struct Response: Sendable {
        var status: Int
        var headers: [(String, String)] = []
        var body: String
        /// Sends the body one byte at a time at this interval, as a stuck proxy might.
        var trickle: Duration? = nil

        /// A successful completion whose assistant message says `content`.
        static func completion(_ content: String) -> Response {
            let envelope: [String: Any] = [
                "id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": "test-model",
                "choices": [["index": 0, "finish_reason": "stop", "message": ["role": "assistant", "content": content]]],
            ]
            let data = try! JSONSerialization.data(withJSONObject: envelope)
            return Response(status: 200, headers: [("Content-Type", "application/json")], body: String(decoding: data, as: UTF8.self))
        }

        /// An error in OpenAI's shape.
        static func error(_ status: Int, _ message: String, headers: [(String, String)] = []) -> Response {
            let data = try! JSONSerialization.data(withJSONObject: ["error": ["message": message, "type": "test"]])
            return Response(status: status, headers: headers + [("Content-Type", "application/json")], body: String(decoding: data, as: UTF8.self))
        }
    }

    /// The reply to the `index`th request (from 0); nil leaves it unanswered.
    typealias Script = @Sendable (_ index: Int, _ request: Request) -> Response?

    private let channel: any Channel
    private let recorder: Recorder

    /// The port it listens on.
    let port: Int
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/v1")! }
    /// The requests received, in order.
    var requests: [Request] { recorder.requests.withLock { $0 } }

    init(script: @escaping Script) async throws {
        let recorder = Recorder()
        self.recorder = recorder
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                recorder.connections.withLock { $0.append(child) }
                return child.pipeline.configureHTTPServerPipeline().flatMapThrowing {
                    try child.pipeline.syncOperations.addHandler(Connection(script: script, recorder: recorder))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress!.port!
    }

    /// Replies to the requests in turn with `responses`; requests past the end get the last one.
    convenience init(_ responses: Response...) async throws {
        try await self.init { index, _ in responses[min(index, responses.count - 1)] }
    }

    func close() async {
        for connection in recorder.connections.withLock({ $0 }) { try? await connection.close() }
        try? await channel.close()
    }

    private final class Recorder: Sendable {
        let requests = Mutex<[Request]>([])
        let connections = Mutex<[any Channel]>([])

        func record(_ request: Request) -> Int {
            requests.withLock { $0.append(request); return $0.count - 1 }
        }
    }

    private final class Connection: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let script: Script
        let recorder: Recorder
        var head: HTTPRequestHead?
        var body = Data()

        init(script: @escaping Script, recorder: Recorder) {
            self.script = script
            self.recorder = recorder
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                body = Data()
            case .body(let bytes):
                body.append(contentsOf: bytes.readableBytesView)
            case .end:
                guard let head else { return }
                let request = Request(method: head.method.rawValue, path: head.uri, headers: head.headers, body: body)
                let index = recorder.record(request)
                guard let response = script(index, request) else { return }
                var headers = HTTPHeaders(response.headers)
                headers.replaceOrAdd(name: "Content-Length", value: String(response.body.utf8.count))
                headers.replaceOrAdd(name: "Connection", value: "close")
                let status = HTTPResponseStatus(statusCode: response.status)
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
                let channel = context.channel
                if let interval = response.trickle {
                    context.flush()
                    for (offset, byte) in response.body.utf8.enumerated() {
                        channel.eventLoop.scheduleTask(in: .nanoseconds(Int64((interval * (offset + 1)) / .nanoseconds(1)))) {
                            channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(channel.allocator.buffer(integer: byte))), promise: nil)
                        }
                    }
                    return
                }
                context.write(wrapOutboundOut(.body(.byteBuffer(channel.allocator.buffer(string: response.body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }
}
