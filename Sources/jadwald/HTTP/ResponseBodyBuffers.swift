import NIOCore
import Synchronization

/// NIO buffers for large response bodies that are sent again and again: the answers the
/// handler's response cache returns for a client polling a big calendar.
///
/// A ``CalDAVCore/DAVResponse`` carries its body as an array, and NIO writes only its own
/// buffers, so every answer was copied once more before the socket copied it again: for a
/// 4 MB one-month query on a large calendar, that copy was a quarter of the server's time.
/// A body seen a second time is kept here with its buffer, found again by the address of
/// its storage. Holding the array keeps that storage alive and shared, so the address
/// names these bytes and no others for as long as the entry lives.
final class ResponseBodyBuffers: Sendable {
    private struct Entry {
        let body: [UInt8]
        let buffer: ByteBuffer
        var lastUse: UInt64
    }

    private struct State {
        var entries: [UInt: Entry] = [:]
        /// Bodies seen once, by address only (not held, so an address may be reused: that
        /// only lets an answer in on its first sighting).
        var seen: Set<UInt> = []
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    private let maxBytes: Int

    /// Bodies smaller than this are copied each time: the copy costs less than the lookup.
    static let minimumSize = 32 << 10
    static let maxSeen = 64

    /// - Parameter maxBytes: memory the kept buffers may take (the arrays are shared with
    ///   the response cache).
    init(maxBytes: Int = 32 << 20) {
        self.maxBytes = maxBytes
    }

    /// A buffer holding `body`'s bytes.
    func buffer(for body: [UInt8], allocator: ByteBufferAllocator) -> ByteBuffer {
        guard body.count >= Self.minimumSize, body.count <= maxBytes / 4 else { return allocator.buffer(bytes: body) }
        let address = body.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let known: ByteBuffer? = state.withLock { state in
            guard let entry = state.entries[address], entry.body.count == body.count else { return nil }
            state.clock += 1
            state.entries[address]!.lastUse = state.clock
            return entry.buffer
        }
        if let known { return known }
        let buffer = allocator.buffer(bytes: body)
        state.withLock { state in
            guard state.seen.remove(address) != nil else {
                if state.seen.count >= Self.maxSeen { state.seen.removeAll(keepingCapacity: true) }
                state.seen.insert(address)
                return
            }
            state.clock += 1
            state.entries[address] = Entry(body: body, buffer: buffer, lastUse: state.clock)
            state.bytes += body.count
            while state.bytes > maxBytes, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.body.count
            }
        }
        return buffer
    }
}
