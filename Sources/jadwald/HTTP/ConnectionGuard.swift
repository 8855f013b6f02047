import NIOCore
import NIOHTTP1
import Synchronization

/// Limits on connections, so that idle or slow clients cannot hold the server's
/// descriptors: a request's head must arrive within ``headerTimeout`` of its first byte,
/// its body must keep coming (no gap over ``bodyTimeout``), an idle keep-alive connection
/// closes after ``idleTimeout``, and past ``maxConnections`` the connection idle the
/// longest is closed to make room (or, when none is idle, the new one).
struct ConnectionLimits: Sendable {
    var headerTimeout: TimeAmount
    var bodyTimeout: TimeAmount
    var idleTimeout: TimeAmount
    var maxConnections: Int
}

/// Every open connection, with when it went idle, for shedding.
final class ConnectionRegistry: Sendable {
    /// One connection's entry; `idleSince` is 0 while it is reading or answering a request.
    final class Slot: Sendable {
        let channel: any Channel
        let idleSince = Atomic<Int64>(0)

        init(channel: any Channel) {
            self.channel = channel
        }
    }

    let limits: ConnectionLimits
    private let slots = Mutex<[ObjectIdentifier: Slot]>([:])

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// Registers a new connection; when that passes the limit, closes the connection idle
    /// the longest, or returns `nil` when none is idle (the caller closes the new one).
    func open(_ channel: any Channel) -> Slot? {
        let slot = Slot(channel: channel)
        let shed: Slot?? = slots.withLock { table in
            guard table.count >= limits.maxConnections else {
                table[ObjectIdentifier(slot)] = slot
                return .some(nil)
            }
            let oldest = table.values.filter { $0.idleSince.load(ordering: .relaxed) > 0 }
                .min { $0.idleSince.load(ordering: .relaxed) < $1.idleSince.load(ordering: .relaxed) }
            guard let oldest else { return .none }
            table[ObjectIdentifier(oldest)] = nil
            table[ObjectIdentifier(slot)] = slot
            return .some(oldest)
        }
        guard let shed else { return nil }
        shed?.channel.close(promise: nil)
        return slot
    }

    func close(_ slot: Slot) {
        _ = slots.withLock { $0.removeValue(forKey: ObjectIdentifier(slot)) }
    }

    /// Open connections now.
    var count: Int { slots.withLock { $0.count } }
}

/// One connection's phase, fed by ``ConnectionBytesHandler`` (raw bytes, before the
/// HTTP decoder) and ``HTTPConnectionHandler`` (request and response parts after it), and
/// checked by a timer that is re-armed only when it fires.
final class ConnectionTimer {
    private let registry: ConnectionRegistry
    private var slot: ConnectionRegistry.Slot?
    private var limits: ConnectionLimits { registry.limits }
    /// When the first byte of a head came, while the head is not complete.
    private var headStarted: NIODeadline?
    /// When body bytes last came, while a request's body is being read.
    private var bodyProgress: NIODeadline?
    /// Requests whose heads came and whose responses have not ended.
    private var open = 0
    /// Since when nothing has been under way.
    private var idleSince = NIODeadline.now()
    private var check: Scheduled<Void>?

    init(registry: ConnectionRegistry) {
        self.registry = registry
    }

    func activate(_ context: ChannelHandlerContext) {
        guard let slot = registry.open(context.channel) else {
            context.close(promise: nil)
            return
        }
        self.slot = slot
        markIdle()
        schedule(context, at: idleSince + limits.idleTimeout)
    }

    func deactivate() {
        check?.cancel()
        check = nil
        if let slot { registry.close(slot) }
        slot = nil
    }

    func bytesArrived() {
        if bodyProgress != nil {
            bodyProgress = .now()
        } else if headStarted == nil && open == 0 {
            headStarted = .now()
            slot?.idleSince.store(0, ordering: .relaxed)
        }
    }

    func headArrived() {
        headStarted = nil
        open += 1
        bodyProgress = .now()
        slot?.idleSince.store(0, ordering: .relaxed)
    }

    func requestEnded() {
        bodyProgress = nil
    }

    func responseEnded() {
        open = max(0, open - 1)
        if open == 0 && bodyProgress == nil { markIdle() }
    }

    private func markIdle() {
        idleSince = .now()
        headStarted = nil
        slot?.idleSince.store(max(1, idleSince.uptimeNanoseconds.toInt64), ordering: .relaxed)
    }

    /// When the connection must have moved on, or `nil` while the server is answering.
    private var deadline: NIODeadline? {
        if let headStarted { return headStarted + limits.headerTimeout }
        if let bodyProgress { return bodyProgress + limits.bodyTimeout }
        if open == 0 { return idleSince + limits.idleTimeout }
        return nil
    }

    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        let loop = context.eventLoop.assumeIsolated()
        check = loop.scheduleTask(deadline: deadline) { [self] in
            self.check = nil
            guard slot != nil else { return }
            let now = NIODeadline.now()
            if let due = self.deadline {
                if due <= now {
                    context.close(promise: nil)
                } else {
                    self.schedule(context, at: due)
                }
            } else {
                // Answering: look again once an idle connection's time could have passed.
                self.schedule(context, at: now + self.limits.idleTimeout)
            }
        }
    }
}

extension UInt64 {
    fileprivate var toInt64: Int64 { Int64(clamping: self) }
}

/// Tells a ``ConnectionTimer`` when bytes arrive. First in the pipeline.
final class ConnectionBytesHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timer: ConnectionTimer

    init(timer: ConnectionTimer) {
        self.timer = timer
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { timer.activate(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        timer.activate(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer.deactivate()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer.deactivate()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        timer.bytesArrived()
        context.fireChannelRead(data)
    }
}
