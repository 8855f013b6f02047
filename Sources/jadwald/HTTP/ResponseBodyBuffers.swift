import CalDAVCaching
import NIOCore
import Synchronization

/// NIO buffers for large response bodies that are sent again and again: the answers the
/// response cache returns for a client polling a big calendar.
///
/// A ``CalDAVCore/DAVResponse`` carries its body as an array, and NIO writes only its own
/// buffers, so every answer would be copied once more before the socket copies it again
/// (Benchmarks/README.md, "Profile notes"). A body seen a second time is kept here with its
/// buffer, found again by the address of its storage. Holding the array keeps that storage
/// alive and shared, so the address names these bytes and no others while the entry lives.
final class ResponseBodyBuffers: Sendable {
    private struct Entry: Sendable {
        let body: [UInt8]
        let buffer: ByteBuffer
    }

    private let entries: ByteBudgetLRU<UInt, Entry>
    /// Bodies seen once, by address only (not held, so an address may be reused: that
    /// only lets an answer in on its first sighting).
    private let seen = Mutex<Set<UInt>>([])

    /// Bodies smaller than this are copied each time: the copy costs less than the lookup.
    static let minimumSize = 32 << 10
    static let maxSeen = 64

    /// - Parameter maxBytes: memory the kept buffers may take (the arrays are shared with
    ///   the response cache).
    init(maxBytes: Int = 32 << 20) {
        entries = ByteBudgetLRU(maxBytes: maxBytes, maxEntryBytes: maxBytes / 4)
    }

    /// A buffer holding `body`'s bytes.
    func buffer(for body: [UInt8], allocator: ByteBufferAllocator) -> ByteBuffer {
        guard body.count >= Self.minimumSize, body.count <= entries.maxEntryBytes else { return allocator.buffer(bytes: body) }
        let address = body.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        if let known = entries.value(for: address, if: { $0.body.count == body.count }) { return known.buffer }
        let buffer = allocator.buffer(bytes: body)
        let secondSighting = seen.withLock { seen in
            if seen.remove(address) != nil { return true }
            if seen.count >= Self.maxSeen { seen.removeAll(keepingCapacity: true) }
            seen.insert(address)
            return false
        }
        if secondSighting { entries.set(Entry(body: body, buffer: buffer), for: address, size: body.count) }
        return buffer
    }
}
