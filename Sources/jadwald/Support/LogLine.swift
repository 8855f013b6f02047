#if canImport(Glibc)
import Glibc
#endif

/// One log line built as bytes: `key=value` pairs (logfmt) or one JSON object, ending in a
/// newline. Written straight into one buffer because a line is written for every request,
/// and building it from intermediate strings cost more than answering a cached GET.
struct LogLine {
    private(set) var bytes: [UInt8] = []
    private let format: StructuredLogHandler.Format
    private var fields = 0

    init(format: StructuredLogHandler.Format, capacity: Int = 256) {
        self.format = format
        bytes.reserveCapacity(capacity)
        if format == .json { bytes.append(UInt8(ascii: "{")) }
    }

    /// Appends `key` with `value`, quoting and escaping the value where the format needs it.
    mutating func append(_ key: String, _ value: String) {
        switch format {
        case .logfmt:
            if fields > 0 { bytes.append(UInt8(ascii: " ")) }
            bytes.append(contentsOf: key.utf8)
            bytes.append(UInt8(ascii: "="))
            if Self.isPlain(value) { bytes.append(contentsOf: value.utf8) } else { appendQuoted(value) }
        case .json:
            if fields > 0 { bytes.append(UInt8(ascii: ",")) }
            appendQuoted(key)
            bytes.append(UInt8(ascii: ":"))
            appendQuoted(value)
        }
        fields += 1
    }

    /// Appends the time as UTC with millisecond precision: `2026-11-23T07:50:00.123Z`.
    mutating func appendTime(_ key: String, millisecondsSince1970 milliseconds: Int) {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        beginPlainValue(key)
        Self.appendDigits(Int(parts.tm_year) + 1900, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.appendDigits(Int(parts.tm_mon) + 1, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.appendDigits(Int(parts.tm_mday), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        Self.appendDigits(Int(parts.tm_hour), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Self.appendDigits(Int(parts.tm_min), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Self.appendDigits(Int(parts.tm_sec), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        Self.appendDigits(milliseconds % 1000, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        endPlainValue()
    }

    /// Starts a field whose value the caller appends as bytes that need no escaping.
    private mutating func beginPlainValue(_ key: String) {
        switch format {
        case .logfmt:
            if fields > 0 { bytes.append(UInt8(ascii: " ")) }
            bytes.append(contentsOf: key.utf8)
            bytes.append(UInt8(ascii: "="))
        case .json:
            if fields > 0 { bytes.append(UInt8(ascii: ",")) }
            appendQuoted(key)
            bytes.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: "\"")])
        }
    }

    private mutating func endPlainValue() {
        if format == .json { bytes.append(UInt8(ascii: "\"")) }
        fields += 1
    }

    /// The finished line, newline included.
    mutating func finish() -> [UInt8] {
        if format == .json { bytes.append(UInt8(ascii: "}")) }
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// A logfmt value needs no quotes when it is not empty and holds no space, control
    /// character, quote, equals sign or backslash.
    static func isPlain(_ value: String) -> Bool {
        guard !value.isEmpty else { return false }
        for byte in value.utf8 where byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\\") {
            return false
        }
        return true
    }

    /// `value` as a JSON string (also logfmt's quoted form).
    private mutating func appendQuoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): appendEscaped(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): appendEscaped(UInt8(ascii: "\\"))
            case UInt8(ascii: "\n"): appendEscaped(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): appendEscaped(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): appendEscaped(UInt8(ascii: "t"))
            case 0..<0x20, 0x7F:
                appendEscaped(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// `value` (not negative) in decimal with leading zeros to `width` digits.
    static func appendDigits(_ value: Int, width: Int, to out: inout [UInt8]) {
        var divisor = 1
        var count = 1
        while divisor <= value / 10 { divisor *= 10; count += 1 }
        if count < width { out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count)) }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
