/// Decoding of single scalars in UTF-8 bytes, for the scanners that walk an export byte by byte.
enum UTF8Scalars {
    /// The scalar value starting at `index` and its length in bytes.
    ///
    /// Bytes that are not well-formed UTF-8 decode one at a time as U+FFFD, so a scanner
    /// always moves forward and never reads past `end`.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, index + length <= end else { return (0xFFFD, 1) }
        var value = lead & (0xFF >> UInt32(length + 1))
        for offset in 1..<length {
            let byte = UInt32(bytes[index + offset])
            guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            value = value << 6 | byte & 0x3F
        }
        return (value, length)
    }

    /// The index of the first byte at or after `index` that does not begin an invisible mark.
    static func skipInvisibleMarks(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, end: Int) -> (index: Int, skipped: Bool) {
        var index = index
        var skipped = false
        while index < end {
            let (value, length) = decode(bytes, at: index, end: end)
            guard Unicode.Scalar.isInvisibleMark(value) else { break }
            index += length
            skipped = true
        }
        return (index, skipped)
    }

    /// The bytes `range` as a string; ill-formed sequences become U+FFFD.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Whether `bytes[range]` holds `needle`.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        var index = range.lowerBound
        while index <= range.upperBound - needle.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
