import NIOCore
import NIOPosix
import NIOSSL

/// One TCP connection to an SMTP server: writes command lines and reads replies, each
/// read bounded by the timeout. Can switch to TLS in place for STARTTLS.
final class SMTPConnection: Sendable {
    private let channel: any Channel
    private let handler: NIOLoopBound<SMTPReplyHandler>
    private let timeout: Int64

    private init(channel: any Channel, handler: NIOLoopBound<SMTPReplyHandler>, timeout: Int64) {
        self.channel = channel
        self.handler = handler
        self.timeout = timeout
    }

    /// Connects within `timeout` seconds, with TLS from the start when `tls` is given.
    static func connect(host: String, port: Int, timeout: Int, tls: NIOSSLContext?, serverHostname: String?) async throws -> SMTPConnection {
        // The handler is made first, on the connection's loop, so it is at hand even if the
        // server fails and closes the connection before connect returns.
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let handler = try await eventLoop.submit { NIOLoopBound(SMTPReplyHandler(), eventLoop: eventLoop) }.get()
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(.seconds(Int64(timeout)))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverHostname))
                    }
                    try channel.pipeline.syncOperations.addHandler(handler.value)
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: host, port: port).get()
        } catch let error as NIOConnectionError {
            // The reasons, without NIO's wrapping: "connection refused", a DNS failure.
            var reasons: [String] = []
            for reason in error.connectionErrors.map({ "\($0.error)" }) + [error.dnsAError, error.dnsAAAAError].compactMap({ $0.map { "DNS: \($0)" } })
            where !reasons.contains(reason) {
                reasons.append(reason)
            }
            throw MailDeliveryError.transient("cannot connect to \(host):\(port): \(reasons.isEmpty ? "no address found" : reasons.joined(separator: "; "))")
        } catch {
            throw MailDeliveryError.transient("cannot connect to \(host):\(port): \(error)")
        }
        return SMTPConnection(channel: channel, handler: handler, timeout: Int64(timeout))
    }

    /// The next reply, or a transient error after the timeout (which also closes the connection).
    func readReply() async throws -> SMTPReply {
        let promise = channel.eventLoop.makePromise(of: SMTPReply.self)
        let handler = handler
        let timeout = timeout
        channel.eventLoop.execute {
            handler.value.nextReply(promise)
            let timer = promise.futureResult.eventLoop.scheduleTask(in: .seconds(timeout)) { handler.value.timeOut(after: timeout) }
            promise.futureResult.whenComplete { _ in timer.cancel() }
        }
        return try await promise.futureResult.get()
    }

    /// Sends `line` and CRLF, then reads the reply.
    func command(_ line: String) async throws -> SMTPReply {
        try await write(Array(line.utf8) + [13, 10])
        return try await readReply()
    }

    /// Sends bytes as they are.
    func write(_ bytes: [UInt8]) async throws {
        do {
            try await channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)).get()
        } catch {
            // A write fails because the connection ended; what ended it (a failed TLS
            // handshake, say) says more than the write's own error.
            let handler = handler
            let cause = try? await channel.eventLoop.submit { handler.value.failure }.get()
            throw cause ?? MailDeliveryError.transient("cannot write to the server: \(error)")
        }
    }

    /// Puts TLS under the connection after the server's 220 to STARTTLS. Fails if the
    /// server sent anything more in clear, which would otherwise be read as if protected.
    func startTLS(_ context: NIOSSLContext, serverHostname: String?) async throws {
        let handler = handler
        let channel = channel
        try await channel.eventLoop.submit {
            guard !handler.value.hasUnreadInput else {
                handler.value.fail(.transient("the server sent data in clear after accepting STARTTLS"))
                throw MailDeliveryError.transient("the server sent data in clear after accepting STARTTLS")
            }
            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverHostname), position: .first)
        }.get()
    }

    func close() async {
        try? await channel.close()
    }
}
