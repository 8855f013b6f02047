/// A date and a time of day with no time zone attached (the wall-clock reading).
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: LocalDate
    public var hour: Int
    public var minute: Int
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

    /// The wall-clock reading `seconds` seconds after 1970-01-01T00:00:00 (no zone).
    public init(civilSeconds seconds: Int) {
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let rest = seconds - days * 86400
        self.init(date: LocalDate(dayNumber: days), hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
    }

    /// Seconds since 1970-01-01T00:00:00 of this reading, as if it were UTC.
    /// A leap second (60) counts as 59.
    public var civilSeconds: Int {
        date.dayNumber * 86400 + hour * 3600 + minute * 60 + min(second, 59)
    }

    /// Whether the fields are in range (a leap second 60 is allowed).
    public var isValid: Bool {
        date.isValid && (0...23).contains(hour) && (0...59).contains(minute) && (0...60).contains(second)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        lhs.civilSeconds < rhs.civilSeconds
    }

    /// Basic format `YYYYMMDDTHHMMSS`.
    public var description: String {
        date.description + "T" + Digits.pad(hour, 2) + Digits.pad(minute, 2) + Digits.pad(second, 2)
    }
}
