extension LocalDateTime {
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

    /// The reading as an RFC 5545 DATE-TIME value without `Z` (§3.3.5): `YYYYMMDDTHHMMSS`.
    public var basicFormat: String {
        date.basicFormat + "T" + Digits.pad(hour, 2) + Digits.pad(minute, 2) + Digits.pad(second, 2)
    }
}
