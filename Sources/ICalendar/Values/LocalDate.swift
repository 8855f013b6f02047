/// A calendar date in the proleptic Gregorian calendar, with no time zone (RFC 5545 §3.3.4).
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Creates a date without checking it; see ``isValid``.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date that is `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        // Civil-from-days, after the well-known era-based algorithm (400-year cycles).
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day of the week.
    public var weekday: Weekday { Weekday(dayNumber: dayNumber) }

    /// Whether month and day name a real day (no 30 February).
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= LocalDate.daysInMonth(year: year, month: month) && (0...9999).contains(year)
    }

    /// The date `days` days later (or earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Basic format `YYYYMMDD`.
    public var description: String { Digits.pad(year, 4) + Digits.pad(month, 2) + Digits.pad(day, 2) }
}

/// Days of the week in RFC 5545 order of names (`SU`, `MO`, ...).
public enum Weekday: Int, CaseIterable, Sendable, Hashable {
    case monday = 0, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The weekday of a day number (1970-01-01 was a Thursday).
    public init(dayNumber: Int) {
        let index = ((dayNumber + 3) % 7 + 7) % 7
        self = Weekday(rawValue: index)!
    }

    /// Parses `MO`, `TU`, ... (case-insensitive).
    public init?(code: some StringProtocol) {
        switch code.uppercased() {
        case "MO": self = .monday
        case "TU": self = .tuesday
        case "WE": self = .wednesday
        case "TH": self = .thursday
        case "FR": self = .friday
        case "SA": self = .saturday
        case "SU": self = .sunday
        default: return nil
        }
    }

    /// The two-letter RFC 5545 code.
    public var code: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue] }
}

enum Digits {
    /// Zero-padded decimal; negative numbers keep their sign.
    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(abs(value))
        let padded = text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        return value < 0 ? "-" + padded : padded
    }

    /// Reads exactly `count` ASCII digits at `start` of `bytes`.
    static func read(_ bytes: ArraySlice<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.endIndex else { return nil }
        var value = 0
        for i in start..<(start + count) {
            let byte = bytes[i]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
