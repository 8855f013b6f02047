import CZlib

/// Raw deflate (ZIP method 8) and CRC-32, by the system zlib.
enum Inflater {
    /// The `expectedSize` bytes `compressed` inflates to.
    ///
    /// The output buffer is one byte larger than promised: a stream that would write more than its
    /// entry declares (a bomb lying about its size) stops there and is refused, never grown into.
    static func inflate(_ compressed: UnsafeRawBufferPointer, expectedSize: Int, name: String) throws(WhatsAppExportError) -> [UInt8] {
        guard compressed.count <= Int(UInt32.max), expectedSize < Int(UInt32.max) else { throw .tooLarge(limit: .bytes(WhatsAppExport.maximumBytes)) }
        var stream = z_stream()
        guard czlib_inflate_init_raw(&stream) == Z_OK else { throw .unreadableArchive(reason: "zlib could not start") }
        defer { inflateEnd(&stream) }

        var output = [UInt8](repeating: 0, count: expectedSize + 1)
        let status = output.withUnsafeMutableBufferPointer { out in
            // zlib never writes through next_in; the C signature just lacks the const.
            stream.next_in = UnsafeMutablePointer(mutating: compressed.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(compressed.count)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            return CZlib.inflate(&stream, Z_FINISH)
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == expectedSize else {
            throw .unreadableArchive(reason: "\(name) does not inflate to the \(expectedSize) bytes it declares")
        }
        output.removeLast()
        return output
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }
}
