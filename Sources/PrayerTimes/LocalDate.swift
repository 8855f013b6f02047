import Foundation

/// A day of the (proleptic) Gregorian calendar, with no time and no time zone.
///
/// Prayer times are asked for by local date: "the times of 23 November 2026 in Makkah".
/// `LocalDate` keeps that day apart from any instant, so that daylight-saving changes and
/// time zones far from their longitude cannot shift the day that is computed.
public struct LocalDate: Sendable, Hashable, Comparable, Strideable, CustomStringConvertible, LosslessStringConvertible, Codable {
    public let year: Int
    /// 1 ... 12
    public let month: Int
    /// 1 ... 31
    public let day: Int

    /// A valid date, or `nil` (years 1 ... 9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ description: String) {
        let parts = description.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The year, month and day of `components`, or `nil` if one is missing or invalid.
    public init?(_ components: DateComponents) {
        guard let year = components.year, let month = components.month, let day = components.day else {
            return nil
        }
        self.init(year: year, month: month, day: day)
    }

    /// The date on the wall calendar in `timeZone` at `instant`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        // Instants outside years 1 ... 9999 (or not a number) are clamped into them.
        let days = (local / 86_400).rounded(.down)
        let bounded = days.isNaN ? 0 : min(max(days, LocalDate.minimumDays), LocalDate.maximumDays)
        self.init(julianDayNumber: Int(bounded) + LocalDate.unixEpochJulianDayNumber)
    }

    /// `YYYY-MM-DD`
    public var description: String {
        let y = String(year), m = String(month), d = String(day)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-"
            + (m.count < 2 ? "0" : "") + m + "-" + (d.count < 2 ? "0" : "") + d
    }

    /// The date `days` later (or earlier, when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(julianDayNumber: julianDayNumber + days)
    }

    /// 1 for January 1st.
    public var dayOfYear: Int {
        julianDayNumber - LocalDate(uncheckedYear: year, month: 1, day: 1).julianDayNumber + 1
    }

    /// Whether the year has a February 29th.
    public var isInLeapYear: Bool { LocalDate.isLeap(year) }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public func distance(to other: LocalDate) -> Int { other.julianDayNumber - julianDayNumber }
    public func advanced(by n: Int) -> LocalDate { adding(days: n) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    // MARK: Julian day numbers

    /// Julian day number of 1970-01-01.
    static let unixEpochJulianDayNumber = 2_440_588
    /// Days from 1970-01-01 to 0001-01-01 and to 9999-12-31.
    private static let minimumDays = Double(1_721_426 - unixEpochJulianDayNumber)
    private static let maximumDays = Double(5_373_484 - unixEpochJulianDayNumber)

    /// The Julian day number (the day count that starts at noon UT, integral here) of this date.
    /// The integer algorithm published in Communications of the ACM 11 (1968), p. 657.
    var julianDayNumber: Int {
        let a = (month - 14) / 12  // -1 for January and February, 0 otherwise
        return (1461 * (year + 4800 + a)) / 4
            + (367 * (month - 2 - 12 * a)) / 12
            - (3 * ((year + 4900 + a) / 100)) / 4
            + day - 32075
    }

    /// The date with Julian day number `jdn` (inverse of ``julianDayNumber``, same source).
    init(julianDayNumber jdn: Int) {
        var l = jdn + 68569
        let n = (4 * l) / 146_097
        l -= (146_097 * n + 3) / 4
        let i = (4000 * (l + 1)) / 1_461_001
        l = l - (1461 * i) / 4 + 31
        let j = (80 * l) / 2447
        let day = l - (2447 * j) / 80
        l = j / 11
        self.init(uncheckedYear: 100 * (n - 49) + i + l, month: j + 2 - 12 * l, day: day)
    }

    /// Seconds from the Unix epoch to 00:00 UTC of this date.
    var unixMidnightUTC: Double {
        Double(julianDayNumber - LocalDate.unixEpochJulianDayNumber) * 86_400
    }

    /// 12:00 wall-clock time of this date in `timeZone` (noon is clear of daylight-saving
    /// changes, which happen at night).
    func noon(in timeZone: TimeZone) -> Date {
        let utcNoon = unixMidnightUTC + 43_200
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: utcNoon))
        return Date(timeIntervalSince1970: utcNoon - Double(offset))
    }

    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
