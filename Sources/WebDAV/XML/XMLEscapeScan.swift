/// Finds the next byte that XML character data or an attribute value must escape (`&`,
/// `<`, `>`, CR, and `"` in attributes), eight bytes at a time: responses carry whole
/// calendar objects and cards as text, and a byte-at-a-time scan of them was a tenth of a
/// multiget's time (Benchmarks/README.md, "Profile notes").
enum XMLEscapeScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte at or after `start` that must be escaped, or
    /// `utf8.count` when there is none.
    static func next(in utf8: UnsafeBufferPointer<UInt8>, from start: Int, attribute: Bool) -> Int {
        var index = start
        let raw = UnsafeRawBufferPointer(utf8)
        while index + 8 <= utf8.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if contains(word, 0x26) || contains(word, 0x3C) || contains(word, 0x3E) || contains(word, 0x0D)
                || (attribute && contains(word, 0x22)) {
                break
            }
            index += 8
        }
        while index < utf8.count {
            if mustEscape(utf8[index], attribute: attribute) { return index }
            index += 1
        }
        return index
    }

    static func mustEscape(_ byte: UInt8, attribute: Bool) -> Bool {
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x0D: true
        case 0x22: attribute
        default: false
        }
    }

    /// Whether any of the word's eight bytes is `byte` (the classic test for a zero byte,
    /// applied to the word with `byte` cleared out; exact for the first match, and only
    /// "is there one" is asked).
    @inline(__always)
    private static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        let cleared = word ^ (ones &* UInt64(byte))
        return (cleared &- ones) & ~cleared & highs != 0
    }
}
