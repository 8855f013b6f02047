import NIOCore
import NIOSSL

/// Turns the bytes a server sends into ``SMTPReply`` values and hands them, one by one,
/// to whoever asks with ``nextReply(_:)``. Lives on the channel's event loop.
///
/// Replies are capped (a line at 2,000 bytes, a reply at 100 lines, 8 replies waiting)
/// so a broken or hostile server cannot grow memory without bound.
final class SMTPReplyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    static let maxLineLength = 2_000
    static let maxLines = 100
    static let maxQueuedReplies = 8

    private var pending = ByteBuffer()
    private var lines: [String] = []
    private var replies = CircularBuffer<SMTPReply>()
    private var waiter: EventLoopPromise<SMTPReply>?
    /// The first failure of the connection, which ends it.
    private(set) var failure: MailDeliveryError?
    private var context: ChannelHandlerContext?

    /// Whether bytes or replies arrived that nobody asked for yet. Before STARTTLS this
    /// must be false: text a server sent in clear must not count as sent over TLS.
    var hasUnreadInput: Bool { pending.readableBytes > 0 || !replies.isEmpty || !lines.isEmpty }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        pending.writeBuffer(&buffer)
        do {
            try parseLines()
        } catch {
            fail(error)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(.transient("the server closed the connection"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let isTLS = error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError
        fail(.transient(isTLS ? "TLS failed (is the certificate trusted and issued for this host?): \(error)" : "connection error: \(error)"))
    }

    /// Completes `promise` with the next reply, now if one is waiting.
    func nextReply(_ promise: EventLoopPromise<SMTPReply>) {
        if let reply = replies.popFirst() {
            promise.succeed(reply)
        } else if let failure {
            promise.fail(failure)
        } else if waiter != nil {
            promise.fail(MailDeliveryError.transient("internal error: two reads at once"))
        } else {
            waiter = promise
        }
    }

    /// Ends the connection because a reply took too long.
    func timeOut(after seconds: Int64) {
        fail(.transient("no reply from the server within \(seconds) seconds"))
    }

    /// Records the first failure, fails the waiting read with it and closes the channel.
    func fail(_ error: MailDeliveryError) {
        if failure == nil { failure = error }
        pending.clear()
        if let waiter {
            self.waiter = nil
            waiter.fail(failure ?? error)
        }
        context?.close(promise: nil)
    }

    private func parseLines() throws(MailDeliveryError) {
        while let newline = pending.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - pending.readerIndex
            var line = pending.readString(length: length) ?? ""
            pending.moveReaderIndex(forwardBy: 1)
            if line.hasSuffix("\r") { line.removeLast() }
            try take(line)
        }
        if pending.readableBytes > Self.maxLineLength {
            throw .transient("the server sent a reply line over \(Self.maxLineLength) bytes")
        }
        pending.discardReadBytes()
    }

    private func take(_ line: String) throws(MailDeliveryError) {
        guard line.utf8.count <= Self.maxLineLength else { throw .transient("the server sent a reply line over \(Self.maxLineLength) bytes") }
        let bytes = Array(line.utf8)
        guard bytes.count >= 3, bytes[0...2].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let code = Int(String(decoding: bytes[0...2], as: UTF8.self)), (200...599).contains(code),
              bytes.count == 3 || bytes[3] == UInt8(ascii: " ") || bytes[3] == UInt8(ascii: "-") else {
            throw .transient("the server sent a line that is not an SMTP reply: \(Self.printable(line))")
        }
        if let first = lines.first, !first.hasPrefix(String(code)) {
            throw .transient("the server changed reply codes within one reply")
        }
        lines.append(line)
        guard lines.count <= Self.maxLines else { throw .transient("the server sent a reply of over \(Self.maxLines) lines") }
        // `250-...` continues the reply; `250 ...` (or a bare code) ends it.
        if bytes.count > 3 && bytes[3] == UInt8(ascii: "-") { return }
        let reply = SMTPReply(code: code, lines: lines.map { Self.printable(String($0.dropFirst(4))) })
        lines = []
        if let waiter {
            self.waiter = nil
            waiter.succeed(reply)
        } else {
            replies.append(reply)
            guard replies.count <= Self.maxQueuedReplies else { throw .transient("the server sent replies nobody asked for") }
        }
    }

    /// Server text without control characters, for messages and logs.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(500) {
            result.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? "?" : scalar)
        }
        return result
    }
}
