/// A date and a time of day with no time zone attached: a wall-clock reading.
///
/// The fields are stored as given; ``isValid`` says whether they name a real reading. It is
/// written `YYYY-MM-DDTHH:MM:SS` (``description``).
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var date: LocalDate
    /// 0 ... 23 in a valid reading.
    public var hour: Int
    /// 0 ... 59 in a valid reading.
    public var minute: Int
    /// 0 ... 59 in a valid reading, or 60 for a leap second.
    public var second: Int

    public init(date: LocalDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(date: LocalDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second)
    }

    /// Whether the date exists and the time of day is in range (a leap second 60 is allowed).
    public var isValid: Bool {
        date.isValid && (0...23).contains(hour) && (0...59).contains(minute) && (0...60).contains(second)
    }

    /// Wall-clock order: the date, then hour, minute and second.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute, lhs.second) < (rhs.date, rhs.hour, rhs.minute, rhs.second)
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        date.description + "T" + DecimalText.padded(hour, width: 2) + ":" + DecimalText.padded(minute, width: 2) + ":"
            + DecimalText.padded(second, width: 2)
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS]`, the date as ``LocalDate/init(iso8601:)`` reads it, hours
    /// 0 ... 23, minutes and seconds 0 ... 59. A trailing zone designator is refused: these are
    /// wall-clock readings.
    public init?(iso8601 text: String) {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard parts.count == 2, let date = LocalDate(iso8601: String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard clock.count == 2 || clock.count == 3, !clock.contains(nil) else { return nil }
        let (hour, minute, second) = (clock[0]!, clock[1]!, clock.count == 3 ? clock[2]! : 0)
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        self.init(date: date, hour: hour, minute: minute, second: second)
    }
}
