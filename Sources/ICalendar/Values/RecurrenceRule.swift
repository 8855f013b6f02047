/// A RECUR value (RFC 5545 §3.3.10), with the RFC 7529 RSCALE and SKIP parts.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    /// The FREQ rule part, coarsest first.
    public enum Frequency: Int, Comparable, Sendable, CaseIterable {
        case yearly, monthly, weekly, daily, hourly, minutely, secondly

        public init?(name: some StringProtocol) {
            switch name.uppercased() {
            case "YEARLY": self = .yearly
            case "MONTHLY": self = .monthly
            case "WEEKLY": self = .weekly
            case "DAILY": self = .daily
            case "HOURLY": self = .hourly
            case "MINUTELY": self = .minutely
            case "SECONDLY": self = .secondly
            default: return nil
            }
        }

        public var name: String { ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"][rawValue] }

        public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A BYDAY entry: a weekday with an optional ordinal (`-1FR`, `2TU`, `MO`).
    public struct WeekdayNumber: Hashable, Sendable, CustomStringConvertible {
        public var ordinal: Int?
        public var weekday: Weekday

        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        public var description: String { (ordinal.map(String.init) ?? "") + weekday.code }
    }

    /// RFC 7529 SKIP: what to do with an instance on a day that does not exist.
    public enum Skip: String, Hashable, Sendable {
        case omit = "OMIT", backward = "BACKWARD", forward = "FORWARD"
    }

    public var frequency: Frequency
    public var interval: Int = 1
    public var count: Int?
    public var until: DateTimeValue?
    public var bySecond: [Int] = []
    public var byMinute: [Int] = []
    public var byHour: [Int] = []
    public var byDay: [WeekdayNumber] = []
    public var byMonthDay: [Int] = []
    public var byYearDay: [Int] = []
    public var byWeekNo: [Int] = []
    /// Months 1...12; with RSCALE a leap month is written `5L` and kept in ``byLeapMonth``.
    public var byMonth: [Int] = []
    public var byLeapMonth: [Int] = []
    public var bySetPos: [Int] = []
    public var weekStart: Weekday = .monday
    /// RFC 7529 calendar scale, upper-cased (`GREGORIAN`, `ISLAMIC-UMALQURA`, ...).
    public var scale: String?
    public var skip: Skip = .omit
    /// Rule parts this library does not know, kept in order as `NAME=value`.
    public var otherParts: [String] = []

    public init(frequency: Frequency) {
        self.frequency = frequency
    }

    /// Parses a RECUR value such as `FREQ=MONTHLY;BYDAY=-1FR;COUNT=6`.
    /// - Parameter zone: the TZID of the DTSTART, applied to an UNTIL written without `Z`.
    public static func parse(_ text: some StringProtocol, zone: String? = nil) throws(ValueError) -> RecurrenceRule {
        var frequency: Frequency?
        var rule = RecurrenceRule(frequency: .daily)
        var seen = Set<String>()
        for part in text.trimmingSpaces.split(separator: ";", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2 else { throw ValueError("RRULE part '\(part)' has no '='") }
            let key = pieces[0].uppercased()
            let value = pieces[1]
            guard seen.insert(key).inserted else { throw ValueError("RRULE part \(key) appears twice") }
            switch key {
            case "FREQ":
                guard let parsed = Frequency(name: value) else { throw ValueError("FREQ=\(value) is not a frequency") }
                frequency = parsed
            case "INTERVAL":
                guard let number = Int(value), number >= 1, number <= 1_000_000 else { throw ValueError("INTERVAL=\(value) must be a positive integer") }
                rule.interval = number
            case "COUNT":
                guard let number = Int(value), number >= 1 else { throw ValueError("COUNT=\(value) must be a positive integer") }
                rule.count = number
            case "UNTIL":
                rule.until = try DateTimeValue.parse(value, zone: zone)
            case "BYSECOND": rule.bySecond = try numbers(value, key, 0...60, allowNegative: false)
            case "BYMINUTE": rule.byMinute = try numbers(value, key, 0...59, allowNegative: false)
            case "BYHOUR": rule.byHour = try numbers(value, key, 0...23, allowNegative: false)
            case "BYMONTHDAY": rule.byMonthDay = try numbers(value, key, 1...31, allowNegative: true)
            case "BYYEARDAY": rule.byYearDay = try numbers(value, key, 1...366, allowNegative: true)
            case "BYWEEKNO": rule.byWeekNo = try numbers(value, key, 1...53, allowNegative: true)
            case "BYSETPOS": rule.bySetPos = try numbers(value, key, 1...366, allowNegative: true)
            case "BYMONTH":
                for item in value.split(separator: ",") {
                    if item.hasSuffix("L") || item.hasSuffix("l"), let month = Int(item.dropLast()), (1...13).contains(month) {
                        rule.byLeapMonth.append(month)
                    } else if let month = Int(item), (1...13).contains(month) {
                        rule.byMonth.append(month)
                    } else {
                        throw ValueError("BYMONTH value '\(item)' is not a month")
                    }
                }
            case "BYDAY":
                for item in value.split(separator: ",") {
                    guard item.count >= 2, let weekday = Weekday(code: item.suffix(2)) else {
                        throw ValueError("BYDAY value '\(item)' is not a weekday")
                    }
                    let prefix = item.dropLast(2)
                    if prefix.isEmpty {
                        rule.byDay.append(WeekdayNumber(weekday))
                    } else {
                        guard let ordinal = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix), ordinal != 0, abs(ordinal) <= 53 else {
                            throw ValueError("BYDAY value '\(item)' has an invalid ordinal")
                        }
                        rule.byDay.append(WeekdayNumber(weekday, ordinal: ordinal))
                    }
                }
            case "WKST":
                guard let weekday = Weekday(code: value) else { throw ValueError("WKST=\(value) is not a weekday") }
                rule.weekStart = weekday
            case "RSCALE":
                rule.scale = value.uppercased()
            case "SKIP":
                guard let skip = Skip(rawValue: value.uppercased()) else { throw ValueError("SKIP=\(value) must be OMIT, BACKWARD or FORWARD") }
                rule.skip = skip
            default:
                rule.otherParts.append("\(key)=\(value)")
            }
        }
        guard let frequency else { throw ValueError("RRULE has no FREQ") }
        rule.frequency = frequency
        if rule.count != nil && rule.until != nil { throw ValueError("RRULE has both COUNT and UNTIL") }
        return rule
    }

    private static func numbers(_ text: Substring, _ key: String, _ range: ClosedRange<Int>, allowNegative: Bool) throws(ValueError) -> [Int] {
        var result: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = item.hasPrefix("+") ? item.dropFirst() : item
            guard let number = Int(digits), range.contains(abs(number)), number >= 0 || allowNegative else {
                throw ValueError("\(key) value '\(item)' is out of range")
            }
            result.append(number)
        }
        return result
    }

    /// The rule as RECUR text, parts in the conventional order.
    public var description: String {
        var parts: [String] = []
        if let scale { parts.append("RSCALE=\(scale)") }
        parts.append("FREQ=\(frequency.name)")
        if let until { parts.append("UNTIL=\(until)") }
        if let count { parts.append("COUNT=\(count)") }
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        func list(_ name: String, _ values: [Int]) { if !values.isEmpty { parts.append("\(name)=" + values.map(String.init).joined(separator: ",")) } }
        list("BYSECOND", bySecond)
        list("BYMINUTE", byMinute)
        list("BYHOUR", byHour)
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.description).joined(separator: ",")) }
        list("BYMONTHDAY", byMonthDay)
        list("BYYEARDAY", byYearDay)
        list("BYWEEKNO", byWeekNo)
        if !byMonth.isEmpty || !byLeapMonth.isEmpty {
            parts.append("BYMONTH=" + (byMonth.map(String.init) + byLeapMonth.map { "\($0)L" }).joined(separator: ","))
        }
        list("BYSETPOS", bySetPos)
        if weekStart != .monday { parts.append("WKST=\(weekStart.code)") }
        if skip != .omit { parts.append("SKIP=\(skip.rawValue)") }
        parts += otherParts
        return parts.joined(separator: ";")
    }
}

extension Property {
    /// The property's value as a RECUR rule (RRULE, EXRULE).
    /// - Parameter zone: the TZID of the component's DTSTART, for an UNTIL without `Z`.
    public func recurrenceRule(zone: String? = nil) throws(ValueError) -> RecurrenceRule {
        try RecurrenceRule.parse(value, zone: zone)
    }
}
