import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// An SMTP server on 127.0.0.1 that answers from a script, for the client's edge cases
/// (odd replies, classification, timeouts) that a real server will not produce on demand.
/// The end-to-end tests use a real one (aiosmtpd).
final class ScriptedSMTPServer: Sendable {
    /// The reply to a command line, as raw text with CRLFs; `nil` sends nothing (to test timeouts).
    typealias Script = @Sendable (_ command: String) -> String?

    let channel: any Channel
    private let received = Mutex<[String]>([])
    private let data = Mutex<[String]>([])

    var port: Int { channel.localAddress!.port! }
    /// The command lines received, in order.
    var commands: [String] { received.withLock { $0 } }
    /// The DATA payloads received, as sent on the wire (still dot-stuffed).
    var messages: [String] { data.withLock { $0 } }

    init(greeting: String = "220 scripted ESMTP\r\n", script: @escaping Script) async throws {
        let box = Box()
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(Connection(greeting: greeting, script: script, server: box))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        box.server.withLock { $0 = self }
    }

    func close() async { try? await channel.close() }

    fileprivate func record(command: String) { received.withLock { $0.append(command) } }
    fileprivate func record(data text: String) { data.withLock { $0.append(text) } }

    fileprivate final class Box: Sendable {
        let server = Mutex<ScriptedSMTPServer?>(nil)
    }

    private final class Connection: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let greeting: String
        let script: Script
        let server: Box
        var buffer = ""
        var inData = false

        init(greeting: String, script: @escaping Script, server: Box) {
            self.greeting = greeting
            self.script = script
            self.server = server
        }

        func channelActive(context: ChannelHandlerContext) {
            send(greeting, context: context)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var bytes = unwrapInboundIn(data)
            buffer += bytes.readString(length: bytes.readableBytes) ?? ""
            let recorder = server.server.withLock { $0 }
            while true {
                if inData {
                    guard let end = buffer.range(of: "\r\n.\r\n") else { return }
                    recorder?.record(data: String(buffer[..<end.upperBound]))
                    buffer = String(buffer[end.upperBound...])
                    inData = false
                    if let reply = script("<end of data>") { send(reply, context: context) }
                    continue
                }
                guard let end = buffer.range(of: "\r\n") else { return }
                let line = String(buffer[..<end.lowerBound])
                buffer = String(buffer[end.upperBound...])
                recorder?.record(command: line)
                let reply = script(line)
                if let reply { send(reply, context: context) }
                if line == "DATA" && reply?.hasPrefix("354") == true { inData = true }
                if line == "QUIT" { context.close(promise: nil) }
            }
        }

        private func send(_ text: String, context: ChannelHandlerContext) {
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: text)), promise: nil)
        }
    }
}

extension ScriptedSMTPServer {
    /// A script for a well-behaved server without extensions besides those given, that
    /// answers `overrides` for commands starting with their keys.
    static func standard(extensions: [String] = ["SIZE 1000000"], overrides: [String: String] = [:]) -> Script {
        { command in
            if let match = overrides.keys.sorted(by: { $0.count > $1.count }).first(where: { command.hasPrefix($0) }) { return overrides[match] }
            switch command {
            case _ where command.hasPrefix("EHLO"):
                let lines = ["scripted"] + extensions
                return lines.enumerated().map { "250\($0.offset == lines.count - 1 ? " " : "-")\($0.element)\r\n" }.joined()
            case _ where command.hasPrefix("HELO"): return "250 scripted\r\n"
            case _ where command.hasPrefix("MAIL FROM:"), _ where command.hasPrefix("RCPT TO:"): return "250 OK\r\n"
            case "DATA": return "354 go ahead\r\n"
            case "<end of data>": return "250 2.0.0 queued\r\n"
            case "QUIT": return "221 bye\r\n"
            default: return "502 unknown\r\n"
            }
        }
    }
}
