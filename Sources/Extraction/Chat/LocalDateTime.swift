import Foundation

/// A wall-clock date and time in the chat owner's time zone, as chats speak of time.
///
/// Exports carry local times without a zone; bridge messages carry instants that are turned
/// into local time once the owner's zone is known. Relative expressions ("tomorrow at 7")
/// resolve against these values, never against UTC.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: LocalDate
    /// Seconds since local midnight, 0..<86400.
    public var secondOfDay: Int

    public init(date: LocalDate, secondOfDay: Int) {
        self.date = date
        self.secondOfDay = secondOfDay
    }

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(date: LocalDate(year: year, month: month, day: day), secondOfDay: hour * 3600 + minute * 60 + second)
    }

    /// The local time of `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        self.init(year: parts.year!, month: parts.month!, day: parts.day!,
                  hour: parts.hour!, minute: parts.minute!, second: parts.second!)
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS]` (a trailing zone designator is refused: these are local times).
    public init?(iso8601 text: String) {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard parts.count == 2, let date = LocalDate(iso8601: String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard clock.count == 2 || clock.count == 3, !clock.contains(nil) else { return nil }
        let (hour, minute, second) = (clock[0]!, clock[1]!, clock.count == 3 ? clock[2]! : 0)
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        self.init(date: date, secondOfDay: hour * 3600 + minute * 60 + second)
    }

    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay / 60 % 60 }

    /// The instant this wall-clock time names in `timeZone` (the earlier one in an overlap,
    /// the later side of a gap).
    public func instant(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = DateComponents(year: date.year, month: date.month, day: date.day,
                                   hour: hour, minute: minute, second: secondOfDay % 60)
        return calendar.date(from: parts)!
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.secondOfDay) < (rhs.date, rhs.secondOfDay)
    }

    public var description: String {
        "\(date)T" + String(format: "%02d:%02d:%02d", hour, minute, secondOfDay % 60)
    }
}

/// A day of the proleptic Gregorian calendar.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// Parses `YYYY-MM-DD`, refusing days that do not exist.
    public init?(iso8601 text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              LocalDate.isValid(year: year, month: month, day: day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= LocalDate(year: year, month: month, day: 1).daysInMonth
    }

    public var daysInMonth: Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// 1 = Sunday ... 7 = Saturday, as Foundation counts weekdays.
    public var weekday: Int { ((dayNumber + 4) % 7 + 7) % 7 + 1 }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(iso8601: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
