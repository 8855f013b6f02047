/// A day of the proleptic Gregorian calendar, with no time of day and no time zone.
///
/// A `LocalDate` names a day on the wall calendar ("23 November 2026") rather than an
/// instant, so that time zones and daylight-saving changes cannot shift it. It is written
/// `YYYY-MM-DD` (``description``), which is also its `Codable` form.
///
/// ``init(year:month:day:)`` stores its fields as given, so that a reader can build a date
/// and then ask ``isValid``; ``init(validatingYear:month:day:)`` refuses days that do not exist.
/// Day arithmetic goes through ``dayNumber``, the count of days since 1970-01-01.
public struct LocalDate: Sendable, Hashable, Comparable, Strideable, CustomStringConvertible, LosslessStringConvertible, Codable {
    public var year: Int
    /// 1 ... 12 in a valid date.
    public var month: Int
    /// 1 ... 31 in a valid date (at most ``daysInMonth``).
    public var day: Int

    /// Creates a date without checking it; see ``isValid``.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// A date that exists in years 1 ... 9999, or `nil`.
    public init?(validatingYear year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), LocalDate.isValid(year: year, month: month, day: day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    // MARK: Day numbers

    /// The date that is `dayNumber` days after 1970-01-01 (before it when negative).
    public init(dayNumber: Int) {
        // Civil-from-days, after Howard Hinnant's era-based algorithm (400-year cycles).
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        // Days-from-civil, the inverse of `init(dayNumber:)`.
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days later (or earlier when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(dayNumber: dayNumber + days)
    }

    /// The day of the week.
    public var weekday: Weekday {
        Weekday(dayNumber: dayNumber)
    }

    /// 1 for January 1st.
    public var dayOfYear: Int {
        dayNumber - LocalDate(year: year, month: 1, day: 1).dayNumber + 1
    }

    // MARK: Calendar facts

    /// Whether month and day name a real day of `year` (no 30 February). Any year is accepted.
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= daysInMonth(year: year, month: month)
    }

    /// Whether month and day name a real day (no 30 February). Any year is accepted.
    public var isValid: Bool {
        LocalDate.isValid(year: year, month: month, day: day)
    }

    /// Whether `year` has a February 29th.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Whether this date's year has a February 29th.
    public var isInLeapYear: Bool {
        LocalDate.isLeapYear(year)
    }

    /// 28 ... 31 for `month` 1 ... 12 of `year` (31 for a month out of range).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The number of days of this date's month.
    public var daysInMonth: Int {
        LocalDate.daysInMonth(year: year, month: month)
    }

    // MARK: Equatable, Comparable, Strideable

    public static func == (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) == (rhs.year, rhs.month, rhs.day)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(year)
        hasher.combine(month)
        hasher.combine(day)
    }

    /// Calendar order: year, then month, then day.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days from this date to `other`.
    public func distance(to other: LocalDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// The date `days` days later (or earlier when negative); the same as ``adding(days:)``.
    public func advanced(by days: Int) -> LocalDate {
        adding(days: days)
    }

    // MARK: Text

    /// `YYYY-MM-DD`, zero-padded as `%04d-%02d-%02d` pads.
    public var description: String {
        DecimalText.padded(year, width: 4) + "-" + DecimalText.padded(month, width: 2) + "-" + DecimalText.padded(day, width: 2)
    }

    /// Parses `YYYY-MM-DD` strictly: four, two and two ASCII digits, a day that exists, a year
    /// in 1 ... 9999. The inverse of ``description`` for those years.
    public init?(_ description: String) {
        let parts = description.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(validatingYear: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD` leniently: each field is whatever `Int` reads from four, two and two
    /// characters (so year `0000` and a `+` sign pass), and the day must exist in that year.
    ///
    /// This reads back everything ``description`` writes for years 0 ... 9999.
    public init?(iso8601 text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              LocalDate.isValid(year: year, month: month, day: day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    // MARK: Codable

    /// Decodes a `YYYY-MM-DD` string as ``init(iso8601:)`` reads it.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(iso8601: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD date: \(text)"))
        }
        self = date
    }

    /// Encodes the date as its ``description``, a `YYYY-MM-DD` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
