/// A UTC-OFFSET value (RFC 5545 §3.3.14): `+HHMM` or `+HHMMSS`, signed.
public struct UTCOffset: Hashable, Sendable, CustomStringConvertible {
    /// Seconds east of UTC.
    public var seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    public static func parse(_ text: some StringProtocol) throws(ValueError) -> UTCOffset {
        let bytes = ArraySlice(Substring(text).trimmingSpaces.utf8)
        let start = bytes.startIndex
        guard bytes.count == 5 || bytes.count == 7, bytes[start] == 0x2B || bytes[start] == 0x2D,
              let hours = Digits.read(bytes, start + 1, 2), let minutes = Digits.read(bytes, start + 3, 2),
              hours < 24, minutes < 60 else {
            throw ValueError("'\(text)' is not a UTC-OFFSET (expected +HHMM or -HHMMSS)")
        }
        var seconds = 0
        if bytes.count == 7 {
            guard let s = Digits.read(bytes, start + 5, 2), s < 60 else { throw ValueError("'\(text)' is not a UTC-OFFSET") }
            seconds = s
        }
        let magnitude = hours * 3600 + minutes * 60 + seconds
        return UTCOffset(seconds: bytes[start] == 0x2D ? -magnitude : magnitude)
    }

    public var description: String {
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + Digits.pad(magnitude / 3600, 2) + Digits.pad(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += Digits.pad(magnitude % 60, 2) }
        return text
    }
}
