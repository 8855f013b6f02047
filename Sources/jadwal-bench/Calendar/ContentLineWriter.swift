/// Collects one content line at a time and appends it folded (RFC 5545 §3.1) and
/// CRLF-terminated to the bytes of the benchmark calendar.
struct ContentLineWriter {
    private(set) var bytes: [UInt8] = []
    private var line: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
        line.reserveCapacity(8192)
    }

    var count: Int { bytes.count }

    mutating func put(_ text: String) {
        line.append(contentsOf: text.utf8)
    }

    mutating func put(byte: UInt8) {
        line.append(byte)
    }

    /// Appends `text` as a TEXT value: backslash, semicolon, comma and newline escaped.
    mutating func putText(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case 0x5C, 0x3B, 0x2C:
                line.append(0x5C)
                line.append(byte)
            case 0x0A:
                line.append(0x5C)
                line.append(0x6E)
            default:
                line.append(byte)
            }
        }
    }

    /// Appends a non-negative integer (below 10^17), zero-padded to `width` digits.
    mutating func put(int value: Int, width: Int = 1) {
        let v = max(value, 0)
        var digits = 1
        var power = 10
        while power <= v {
            digits += 1
            power *= 10
        }
        if width > digits {
            for _ in digits..<width { line.append(0x30) }
        }
        var divisor = power / 10
        while divisor > 0 {
            line.append(UInt8(truncatingIfNeeded: 0x30 + (v / divisor) % 10))
            divisor /= 10
        }
    }

    /// `YYYYMMDD`
    mutating func put(date day: Int) {
        let (y, m, d) = CivilDays.date(fromDays: day)
        put(int: y, width: 4)
        put(int: m, width: 2)
        put(int: d, width: 2)
    }

    /// `YYYYMMDDTHHMMSS`, plus `Z` when `utc`.
    mutating func put(dateTime day: Int, minute: Int, second: Int = 0, utc: Bool) {
        put(date: day)
        put(byte: 0x54)  // T
        put(int: minute / 60, width: 2)
        put(int: minute % 60, width: 2)
        put(int: second, width: 2)
        if utc { put(byte: 0x5A) }  // Z
    }

    /// Ends the current content line: writes it folded (RFC 5545 §3.1) and CRLF-terminated.
    mutating func endLine() {
        let n = line.count
        var start = 0
        var limit = 75  // continuation lines spend one octet on the leading space
        while n - start > limit {
            var cut = start + limit
            // Never split a UTF-8 sequence: back up to the start of the character.
            while line[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes.append(contentsOf: line[start..<cut])
            bytes.append(0x0D)
            bytes.append(0x0A)
            bytes.append(0x20)
            start = cut
            limit = 74
        }
        bytes.append(contentsOf: line[start..<n])
        bytes.append(0x0D)
        bytes.append(0x0A)
        line.removeAll(keepingCapacity: true)
    }

    mutating func line(_ text: String) {
        put(text)
        endLine()
    }
}
