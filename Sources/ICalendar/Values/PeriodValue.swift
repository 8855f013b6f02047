/// A PERIOD value (RFC 5545 §3.3.9): a start and either an end or a duration.
public struct PeriodValue: Hashable, Sendable, CustomStringConvertible {
    public enum End: Hashable, Sendable {
        case dateTime(DateTimeValue)
        case duration(DurationValue)
    }

    public var start: DateTimeValue
    public var end: End

    public init(start: DateTimeValue, end: End) {
        self.start = start
        self.end = end
    }

    /// Parses `start/end` or `start/duration`; `zone` applies to values without `Z`.
    public static func parse(_ text: some StringProtocol, zone: String? = nil) throws(ValueError) -> PeriodValue {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ValueError("'\(text)' is not a PERIOD (expected start/end or start/duration)") }
        let start = try DateTimeValue.parse(parts[0].trimmingSpaces, zone: zone, expectDate: false)
        let second = parts[1].trimmingSpaces
        if let first = second.first, first == "P" || first == "p" || first == "+" || first == "-" {
            return PeriodValue(start: start, end: .duration(try DurationValue.parse(second)))
        }
        return PeriodValue(start: start, end: .dateTime(try DateTimeValue.parse(second, zone: zone, expectDate: false)))
    }

    public var description: String {
        switch end {
        case .dateTime(let value): return "\(start)/\(value)"
        case .duration(let duration): return "\(start)/\(duration)"
        }
    }
}

/// One value of an RDATE: a DATE, a DATE-TIME or a PERIOD.
public enum RecurrenceDateValue: Hashable, Sendable {
    case dateTime(DateTimeValue)
    case period(PeriodValue)

    /// The start of the recurrence instance this value adds.
    public var start: DateTimeValue {
        switch self {
        case .dateTime(let value): return value
        case .period(let period): return period.start
        }
    }
}

extension Property {
    /// The values of an RDATE property (DATE, DATE-TIME or, with VALUE=PERIOD, PERIOD).
    public func recurrenceDateValues() throws(ValueError) -> [RecurrenceDateValue] {
        let zone = self[parameter: ParameterName.timeZoneID]
        let type = self[parameter: ParameterName.valueType]?.uppercased()
        var result: [RecurrenceDateValue] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: true) {
            if type == "PERIOD" || item.contains("/") {
                result.append(.period(try PeriodValue.parse(item, zone: zone)))
            } else {
                result.append(.dateTime(try DateTimeValue.parse(item.trimmingSpaces, zone: zone, expectDate: expectsDate)))
            }
        }
        return result
    }

    /// The PERIOD values of a FREEBUSY property.
    public func periodValues() throws(ValueError) -> [PeriodValue] {
        var result: [PeriodValue] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: true) {
            result.append(try PeriodValue.parse(item))
        }
        return result
    }
}
