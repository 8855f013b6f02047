/// The codeword sequence of a byte-mode symbol: data bits, terminator and padding
/// (§7.4), then error correction per block, interleaved (§7.6).
enum QRCodewords {
    /// The data codewords for `bytes` in byte mode, padded to the capacity of the symbol.
    static func data(_ bytes: [UInt8], version: Int, level: QRCode.ErrorCorrection) -> [UInt8] {
        let capacityBits = QRVersionTable.dataCodewords(version, level) * 8
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: QRVersionTable.byteCountBits(version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        precondition(bits.count <= capacityBits, "the caller chose a version that fits")
        bits.append(0, count: min(4, capacityBits - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacityBits / 8 {
            codewords.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return codewords
    }

    /// Splits `data` into blocks, adds each block's error correction, and interleaves:
    /// the i-th data codeword of every block in turn, then the same for the error correction.
    static func interleaved(_ data: [UInt8], version: Int, level: QRCode.ErrorCorrection) -> [UInt8] {
        let blocks = QRVersionTable.blockCount(version, level)
        let eccLength = QRVersionTable.eccCodewordsPerBlock(version, level)
        let total = QRVersionTable.totalCodewords(version)
        let shortBlocks = blocks - total % blocks
        let shortDataLength = total / blocks - eccLength
        let code = ReedSolomon(degree: eccLength)

        var dataBlocks: [ArraySlice<UInt8>] = []
        var eccBlocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blocks {
            let length = shortDataLength + (index < shortBlocks ? 0 : 1)
            let block = data[start..<(start + length)]
            dataBlocks.append(block)
            eccBlocks.append(code.remainder(block))
            start += length
        }
        var result: [UInt8] = []
        result.reserveCapacity(total)
        for column in 0...shortDataLength {
            for block in dataBlocks where column < block.count {
                result.append(block[block.startIndex + column])
            }
        }
        for column in 0..<eccLength {
            for block in eccBlocks { result.append(block[column]) }
        }
        return result
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    /// The bits as bytes; the count must be a multiple of 8.
    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<(start + 8)].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}
