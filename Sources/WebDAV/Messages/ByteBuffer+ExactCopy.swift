import Foundation
@_spi(CustomByteBufferAllocator) import NIOCore

extension ByteBuffer {
    /// A buffer holding `bytes` in memory of exactly their length.
    ///
    /// NIO rounds every buffer it allocates up to a power of two, so a 2.5 MB answer
    /// would take 4 MB for as long as a cache keeps it; here the memory is allocated to
    /// size and handed to the buffer, which frees it with the default allocator's `free`.
    public static func exactCopy(of bytes: [UInt8]) -> ByteBuffer {
        guard !bytes.isEmpty else { return ByteBuffer() }
        guard let memory = malloc(bytes.count) else { return ByteBufferAllocator().buffer(bytes: bytes) }
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return ByteBuffer(takingOwnershipOf: UnsafeMutableRawBufferPointer(start: memory, count: bytes.count),
                          allocator: ByteBufferAllocator())
    }
}
