/// A DURATION value (RFC 5545 §3.3.6).
///
/// Weeks and days are nominal: adding a day moves the wall clock to the same time on the
/// next date, even across a DST change. Hours, minutes and seconds are exact.
public struct DurationValue: Hashable, Sendable, CustomStringConvertible {
    public var isNegative: Bool
    public var weeks: Int
    public var days: Int
    public var hours: Int
    public var minutes: Int
    public var seconds: Int

    public init(isNegative: Bool = false, weeks: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        self.isNegative = isNegative
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// An exact duration of `seconds` seconds (negative allowed).
    public init(exactSeconds: Int) {
        let magnitude = abs(exactSeconds)
        self.init(isNegative: exactSeconds < 0, hours: magnitude / 3600, minutes: magnitude / 60 % 60, seconds: magnitude % 60)
    }

    /// Signed nominal days (weeks count as seven days).
    public var nominalDays: Int { (isNegative ? -1 : 1) * (weeks * 7 + days) }
    /// Signed exact seconds (the time part).
    public var exactSeconds: Int { (isNegative ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds) }
    /// Total seconds, counting a nominal day as 86,400 seconds.
    public var approximateSeconds: Int { nominalDays * 86400 + exactSeconds }

    /// Parses `[+|-]P[nW][nD][T[nH][nM][nS]]`.
    ///
    /// Some sloppy forms whose meaning is clear are accepted, as other servers accept them
    /// (see <doc:Leniency>): W mixed with other parts (`P1W2D`), hours or seconds without
    /// the T (`-P300S`, as calcurse writes it), and a T with nothing after it (`P1DT`).
    /// Minutes without the T (`P5M`) stay an error: ISO 8601 reads that as five months.
    public static func parse(_ text: some StringProtocol) throws(ValueError) -> DurationValue {
        var result = DurationValue()
        var bytes = Substring(text).trimmingSpaces.utf8[...]
        let original = String(text)
        if let first = bytes.first, first == 0x2B || first == 0x2D {
            result.isNegative = first == 0x2D
            bytes = bytes.dropFirst()
        }
        guard bytes.first == 0x50 || bytes.first == 0x70 else { throw ValueError("'\(original)' is not a DURATION (expected P...)") }
        bytes = bytes.dropFirst()
        var inTime = false
        var number: Int? = nil
        var sawPart = false
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                let digit = Int(byte - 0x30)
                let (multiplied, overflow1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = multiplied.addingReportingOverflow(digit)
                guard !overflow1, !overflow2, sum < 100_000_000 else { throw ValueError("'\(original)' is too large a DURATION") }
                number = sum
            case 0x54, 0x74:  // T
                guard !inTime, number == nil else { throw ValueError("'\(original)' is not a valid DURATION") }
                inTime = true
            default:
                guard let value = number else { throw ValueError("'\(original)' is not a valid DURATION") }
                switch (byte | 0x20, inTime) {
                case (0x77, false): result.weeks = value
                case (0x64, false): result.days = value
                case (0x68, _): result.hours = value
                case (0x6D, true): result.minutes = value
                case (0x73, _): result.seconds = value
                default: throw ValueError("'\(original)' is not a valid DURATION")
                }
                number = nil
                sawPart = true
            }
        }
        guard sawPart, number == nil else { throw ValueError("'\(original)' is not a valid DURATION") }
        return result
    }

    public var description: String {
        var text = isNegative ? "-P" : "P"
        if weeks > 0 { text += "\(weeks)W" }
        if days > 0 { text += "\(days)D" }
        if hours > 0 || minutes > 0 || seconds > 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if seconds > 0 { text += "\(seconds)S" }
        }
        if text.hasSuffix("P") { text += "T0S" }
        return text
    }
}

extension Property {
    /// The property's value as a DURATION.
    public func durationValue() throws(ValueError) -> DurationValue {
        try DurationValue.parse(value)
    }
}
