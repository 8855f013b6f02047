import Foundation

/// Prayer times are asked for by local date: "the times of 23 November 2026 in Makkah".
/// `LocalDate` keeps that day apart from any instant, so that daylight-saving changes and
/// time zones far from their longitude cannot shift the day that is computed.
extension LocalDate {
    /// The year, month and day of `components`, or `nil` if one is missing or the date is not
    /// valid (years 1 ... 9999).
    public init?(_ components: DateComponents) {
        guard let year = components.year, let month = components.month, let day = components.day else {
            return nil
        }
        self.init(validatingYear: year, month: month, day: day)
    }

    /// The date on the wall calendar in `timeZone` at `instant`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        // Instants outside years 1 ... 9999 (or not a number) are clamped into them.
        let days = (local / 86_400).rounded(.down)
        let bounded = days.isNaN ? 0 : min(max(days, LocalDate.minimumDayNumber), LocalDate.maximumDayNumber)
        self.init(dayNumber: Int(bounded))
    }

    /// Day numbers (days since 1970-01-01) of 0001-01-01 and of 9999-12-31.
    private static let minimumDayNumber = -719_162.0
    private static let maximumDayNumber = 2_932_896.0

    /// Julian day number of 1970-01-01.
    static let unixEpochJulianDayNumber = 2_440_588

    /// The Julian day number (the day count that starts at noon UT, integral here) of this date.
    var julianDayNumber: Int {
        dayNumber + LocalDate.unixEpochJulianDayNumber
    }

    /// Seconds from the Unix epoch to 00:00 UTC of this date.
    var unixMidnightUTC: Double {
        Double(dayNumber) * 86_400
    }

    /// 12:00 wall-clock time of this date in `timeZone` (noon is clear of daylight-saving
    /// changes, which happen at night).
    func noon(in timeZone: TimeZone) -> Date {
        let utcNoon = unixMidnightUTC + 43_200
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: utcNoon))
        return Date(timeIntervalSince1970: utcNoon - Double(offset))
    }
}
