/// A date, a time, or both, with any part possibly left out, as `BDAY`, `ANNIVERSARY`
/// and `REV` hold them (RFC 6350 §4.3, ISO 8601 as vCard 3.0 writes it).
///
/// Reads `19850415`, `1985-04-15`, `--0415` and `--04-15` (no year), `---15` (day only),
/// `1985`, `1985-04`, and a time after `T` (`T102200`, `T10:22:00Z`, `T1022+0100`).
public struct VCardDate: Sendable, Hashable {
    public var year: Int?
    public var month: Int?
    public var day: Int?
    public var hour: Int?
    public var minute: Int?
    public var second: Int?
    /// The UTC offset in seconds (`Z` is 0), or `nil` for a local time or a date.
    public var utcOffset: Int?

    /// Creates a value from its parts.
    public init(year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil,
                second: Int? = nil, utcOffset: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffset = utcOffset
    }

    /// Whether a time of day is present.
    public var hasTime: Bool { hour != nil || minute != nil || second != nil }

    /// Whether any date part is present.
    public var hasDate: Bool { year != nil || month != nil || day != nil }

    /// Parses the forms listed above; `nil` for anything else.
    public init?(parsing text: String) {
        let trimmed = text.trimmingASCIISpaces
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
        let bytes = Array(trimmed.utf8)
        let separator = bytes.firstIndex { $0 == 0x54 || $0 == 0x74 }  // T
        let datePart = Array(bytes[..<(separator ?? bytes.count)])
        let timePart = separator.map { Array(bytes[($0 + 1)...]) }
        self.init()
        if !datePart.isEmpty {
            guard parseDate(datePart) else { return nil }
        } else if timePart == nil {
            return nil
        }
        if let timePart {
            guard parseTime(timePart) else { return nil }
        }
    }

    private mutating func parseDate(_ bytes: [UInt8]) -> Bool {
        func number(_ slice: ArraySlice<UInt8>) -> Int? {
            guard !slice.isEmpty, slice.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(String(decoding: slice, as: UTF8.self))
        }
        if bytes.starts(with: Array("---".utf8)) {
            guard bytes.count == 5, let d = number(bytes[3...]) else { return false }
            day = d
        } else if bytes.starts(with: Array("--".utf8)) {
            let digits = bytes[2...].filter { $0 != 0x2D }
            switch digits.count {
            case 4: month = number(digits[0..<2]); day = number(digits[2..<4])
            case 2: month = number(digits[0..<2])
            default: return false
            }
            guard month != nil, digits.count == 2 || day != nil else { return false }
        } else {
            let extended = bytes.contains(0x2D)
            let digits = bytes.filter { $0 != 0x2D }
            switch digits.count {
            case 8: year = number(digits[0..<4]); month = number(digits[4..<6]); day = number(digits[6..<8])
                guard day != nil else { return false }
            case 6 where extended: year = number(digits[0..<4]); month = number(digits[4..<6])
                guard month != nil else { return false }
            case 4 where !extended: year = number(digits[0..<4])
            default: return false
            }
            guard year != nil else { return false }
            if extended {
                // Extended form: dashes only between the parts.
                let expected = digits.count == 8 ? [4, 7] : [4]
                let dashes = bytes.indices.filter { bytes[$0] == 0x2D }
                guard dashes == expected else { return false }
            }
        }
        if let month, !(1...12).contains(month) { return false }
        if let day, !(1...31).contains(day) { return false }
        return true
    }

    private mutating func parseTime(_ bytes: [UInt8]) -> Bool {
        var body = bytes
        // The zone: Z, or a sign after at least the hour.
        if let last = body.last, last == 0x5A || last == 0x7A {
            utcOffset = 0
            body.removeLast()
        } else if let sign = body.indices.dropFirst(2).first(where: { body[$0] == 0x2B || body[$0] == 0x2D }) {
            let zone = body[(sign + 1)...].filter { $0 != 0x3A }
            guard zone.count == 2 || zone.count == 4, zone.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            let text = String(decoding: zone, as: UTF8.self)
            let hours = Int(text.prefix(2)) ?? 0
            let minutes = zone.count == 4 ? Int(text.suffix(2)) ?? 0 : 0
            guard hours <= 14, minutes < 60 else { return false }
            utcOffset = (hours * 3600 + minutes * 60) * (body[sign] == 0x2D ? -1 : 1)
            body = Array(body[..<sign])
        }
        if let dot = body.firstIndex(of: 0x2E) {  // fractions of a second are dropped
            guard body[(dot + 1)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            body = Array(body[..<dot])
        }
        let digits = body.filter { $0 != 0x3A }
        guard [2, 4, 6].contains(digits.count), digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        let text = String(decoding: digits, as: UTF8.self)
        let values = stride(from: 0, to: digits.count, by: 2).map { Int(text.dropFirst($0).prefix(2)) ?? 0 }
        hour = values[0]
        minute = values.count > 1 ? values[1] : nil
        second = values.count > 2 ? values[2] : nil
        guard values[0] <= 24, (minute ?? 0) < 60, (second ?? 0) <= 60 else { return false }
        return true
    }

    /// The basic ISO 8601 form of vCard 4.0: `19850415`, `--0415`, `19850415T102200Z`.
    public var basicFormat: String { format(extended: false) }

    /// The extended ISO 8601 form of vCard 3.0: `1985-04-15`, `--04-15`,
    /// `1985-04-15T10:22:00Z`.
    public var extendedFormat: String { format(extended: true) }

    private func format(extended: Bool) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        func four(_ value: Int) -> String { String(repeating: "0", count: max(0, 4 - String(value).count)) + String(value) }
        let dash = extended ? "-" : ""
        var text = ""
        switch (year, month, day) {
        case let (y?, m?, d?): text = four(y) + dash + two(m) + dash + two(d)
        case let (y?, m?, nil): text = four(y) + "-" + two(m)
        case let (y?, nil, _): text = four(y)
        case let (nil, m?, d?): text = "--" + two(m) + dash + two(d)
        case let (nil, m?, nil): text = "--" + two(m)
        case let (nil, nil, d?): text = "---" + two(d)
        case (nil, nil, nil): text = ""
        }
        guard let hour else { return text }
        let colon = extended ? ":" : ""
        text += "T" + two(hour)
        if let minute { text += colon + two(minute) }
        if let second { text += colon + two(second) }
        if let utcOffset {
            if utcOffset == 0 {
                text += "Z"
            } else {
                let magnitude = abs(utcOffset)
                text += (utcOffset < 0 ? "-" : "+") + two(magnitude / 3600) + colon + two(magnitude % 3600 / 60)
            }
        }
        return text
    }
}

/// A `BDAY`, `ANNIVERSARY` or `REV` value: a (partial) date and time, or free text such
/// as `circa 1800` (`VALUE=text`, or anything that does not read as a date).
public enum VCardDateOrText: Sendable, Hashable {
    case date(VCardDate)
    case text(String)

    /// Reads a date property. Apple's `X-APPLE-OMIT-YEAR=1604` on a 3.0 `BDAY` of
    /// `1604-04-15` means the year is unknown, so the year is left out.
    public init(_ property: VCardProperty) {
        let valueType = property[parameter: "VALUE"]?.lowercased()
        if valueType == "text" {
            self = .text(property.textValue)
            return
        }
        guard var date = VCardDate(parsing: property.decodedText) else {
            self = .text(property.textValue)
            return
        }
        if let omitted = property[parameter: "X-APPLE-OMIT-YEAR"], let year = date.year, Int(omitted) == year {
            date.year = nil
        }
        self = .date(date)
    }

    /// The date, if this is one.
    public var date: VCardDate? {
        if case .date(let date) = self { return date }
        return nil
    }
}
