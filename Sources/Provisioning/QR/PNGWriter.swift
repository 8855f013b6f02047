/// A minimal PNG writer (ISO/IEC 15948): one IHDR, one IDAT holding a zlib stream of
/// stored (uncompressed) deflate blocks, and IEND. No compression library needed.
enum PNGWriter {
    /// A 1-bit grayscale image from its filtered scanlines (each a filter byte, then the row).
    static func grayscale1Bit(width: Int, height: Int, scanlines: [UInt8]) -> [UInt8] {
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [1, 0, 0, 0, 0]  // bit depth 1, grayscale, deflate, adaptive filtering, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlibStored(scanlines), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        png += typed
        png.appendBigEndian(Checksum.crc32(typed))
    }

    /// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window; check bits make 0x7801 divisible by 31
        var start = 0
        repeat {
            let length = min(0xFFFF, data.count - start)
            let final = start + length == data.count
            out.append(final ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[start..<(start + length)]
            start += length
        } while start < data.count
        out.appendBigEndian(Checksum.adler32(data))
        return out
    }
}

/// The two checksums PNG needs.
enum Checksum {
    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// CRC-32 as in ISO 3309 and PNG §5.5.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// Adler-32 as in RFC 1950 §8.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for chunk in stride(from: 0, to: bytes.count, by: 5552) {
            for byte in bytes[chunk..<min(chunk + 5552, bytes.count)] {
                a += UInt32(byte)
                b += a
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
