import ICalendar

/// Proleptic Gregorian dates as day numbers since 1970-01-01, through ICalendar's
/// integer date arithmetic (no Foundation calendar, so no dependence on the host).
enum CivilDays {
    /// iCalendar weekday codes indexed like ``weekday(_:)``: 0 = `SU` … 6 = `SA`.
    static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    static func days(year: Int, month: Int, day: Int) -> Int {
        LocalDate(year: year, month: month, day: day).dayNumber
    }

    static func date(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let date = LocalDate(dayNumber: days)
        return (date.year, date.month, date.day)
    }

    /// 0 = Sunday … 6 = Saturday.
    static func weekday(_ days: Int) -> Int {
        (Weekday(dayNumber: days).rawValue + 1) % 7
    }

    static func monthLength(year: Int, month: Int) -> Int {
        LocalDate.daysInMonth(year: year, month: month)
    }
}
