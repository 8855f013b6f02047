/// How a DATE-TIME relates to absolute time (RFC 5545 §3.3.5).
public enum TimeReference: Hashable, Sendable {
    /// Form #2: UTC, written with a trailing `Z`.
    case utc
    /// Form #1: floating, the same wall-clock time in whatever zone the reader is in.
    case floating
    /// Form #3: local time in the zone named by a TZID parameter.
    case zone(String)
}

/// A DATE or DATE-TIME value (RFC 5545 §3.3.4, §3.3.5) as written in a property.
public enum DateTimeValue: Hashable, Sendable, CustomStringConvertible {
    case date(LocalDate)
    case dateTime(LocalDateTime, TimeReference)

    /// Whether this is a DATE (an all-day value).
    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The wall-clock reading; midnight for a DATE.
    public var local: LocalDateTime {
        switch self {
        case .date(let date): return LocalDateTime(date: date)
        case .dateTime(let local, _): return local
        }
    }

    /// The time reference; DATE values are floating.
    public var reference: TimeReference {
        switch self {
        case .date: return .floating
        case .dateTime(_, let reference): return reference
        }
    }

    /// Parses `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]`. `zone` applies to a DATE-TIME without `Z`.
    public static func parse(_ text: some StringProtocol, zone: String? = nil, expectDate: Bool? = nil) throws(ValueError) -> DateTimeValue {
        let bytes = ArraySlice(text.utf8)
        let start = bytes.startIndex
        guard let year = Digits.read(bytes, start, 4), let month = Digits.read(bytes, start + 4, 2),
              let day = Digits.read(bytes, start + 6, 2) else {
            throw ValueError("'\(text)' is not a DATE or DATE-TIME (expected YYYYMMDD or YYYYMMDDTHHMMSS)")
        }
        let date = LocalDate(year: year, month: month, day: day)
        guard date.isValid else { throw ValueError("'\(text)' is not a valid date") }
        if bytes.count == 8 {
            if expectDate == false { throw ValueError("'\(text)' is a DATE where a DATE-TIME is required") }
            return .date(date)
        }
        guard bytes.count == 15 || bytes.count == 16, bytes[start + 8] == 0x54 || bytes[start + 8] == 0x74,
              let hour = Digits.read(bytes, start + 9, 2), let minute = Digits.read(bytes, start + 11, 2),
              let second = Digits.read(bytes, start + 13, 2) else {
            throw ValueError("'\(text)' is not a DATE-TIME (expected YYYYMMDDTHHMMSS with an optional Z)")
        }
        if expectDate == true { throw ValueError("'\(text)' is a DATE-TIME where VALUE=DATE says DATE") }
        let local = LocalDateTime(date: date, hour: hour, minute: minute, second: second)
        guard local.isValid else { throw ValueError("'\(text)' is not a valid time of day") }
        if bytes.count == 16 {
            guard bytes[start + 15] == 0x5A || bytes[start + 15] == 0x7A else {
                throw ValueError("'\(text)' has a stray character after the time")
            }
            return .dateTime(local, .utc)
        }
        if let zone { return .dateTime(local, .zone(zone)) }
        return .dateTime(local, .floating)
    }

    /// The value as iCalendar text, without TZID (`20261123`, `20261123T140000Z`).
    public var description: String {
        switch self {
        case .date(let date): return date.basicFormat
        case .dateTime(let local, .utc): return local.basicFormat + "Z"
        case .dateTime(let local, _): return local.basicFormat
        }
    }
}

extension Property {
    /// The property's value as a DATE or DATE-TIME, honouring `VALUE=DATE` and `TZID`.
    public func dateTimeValue() throws(ValueError) -> DateTimeValue {
        try DateTimeValue.parse(value.trimmingSpaces, zone: self[parameter: ParameterName.timeZoneID], expectDate: expectsDate)
    }

    /// Every value of a comma-separated DATE / DATE-TIME list (EXDATE, RDATE).
    public func dateTimeListValue() throws(ValueError) -> [DateTimeValue] {
        let zone = self[parameter: ParameterName.timeZoneID]
        var result: [DateTimeValue] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: true) {
            result.append(try DateTimeValue.parse(item.trimmingSpaces, zone: zone, expectDate: expectsDate))
        }
        return result
    }

    /// `true` for VALUE=DATE, `false` for VALUE=DATE-TIME, `nil` when not stated.
    var expectsDate: Bool? {
        switch self[parameter: ParameterName.valueType]?.uppercased() {
        case "DATE": return true
        case "DATE-TIME": return false
        default: return nil
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (lenient readers allow them).
    var trimmingSpaces: Substring {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
