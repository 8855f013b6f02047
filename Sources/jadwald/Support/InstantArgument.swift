import ArgumentParser
import Foundation
import ICalendar

/// A point in time given on the command line as ISO 8601: `2026-01-01`,
/// `2026-01-01T09:30:00Z`, `2026-01-01T09:30+03:00`, or the basic forms `20260101T093000Z`.
/// Without a zone designator the reading is local time in the zone the command names.
struct InstantArgument: ExpressibleByArgument, Sendable {
    /// The wall-clock reading, in civil seconds.
    var civil: Int
    /// Seconds east of UTC when the text said so (`Z` is 0); `nil` for a local reading.
    var offset: Int?

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        let parts = text.split(separator: "T", maxSplits: 1).map(String.init)
        guard let datePart = parts.first else { return nil }
        let dateDigits = datePart.filter { $0 != "-" }
        guard dateDigits.count == 8, dateDigits.allSatisfy(\.isASCII), let date = try? DateTimeValue.parse(dateDigits) else { return nil }
        var seconds = 0
        var offset: Int? = nil
        if parts.count == 2 {
            var time = parts[1]
            if time.hasSuffix("Z") || time.hasSuffix("z") {
                offset = 0
                time.removeLast()
            } else if let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) {
                let designator = time[sign...].filter { $0 != ":" }
                guard let parsed = try? UTCOffset.parse(designator) else { return nil }
                offset = parsed.seconds
                time = String(time[..<sign])
            }
            let digits = time.filter { $0 != ":" }
            guard [2, 4, 6].contains(digits.count), let number = Int(digits), digits.allSatisfy(\.isASCII) else { return nil }
            let padded = digits.count == 6 ? number : digits.count == 4 ? number * 100 : number * 10000
            let hour = padded / 10000, minute = padded / 100 % 100, second = padded % 100
            guard hour < 24, minute < 60, second < 60 else { return nil }
            seconds = hour * 3600 + minute * 60 + second
        }
        civil = date.local.civilSeconds + seconds
        self.offset = offset
    }

    /// The instant, reading a local time in `zone`.
    func instant(in zone: any ZoneRules) -> Int {
        if let offset { return civil - offset }
        return zone.instant(forLocal: civil)
    }
}

/// Resolves a `--tz` option to zone rules.
enum ZoneOption {
    static func rules(_ identifier: String?) throws -> any ZoneRules {
        guard let identifier else { return FixedOffsetZone.utc }
        guard let rules = TimeZoneResolver().rules(for: identifier) else {
            throw ValidationError("unknown time zone '\(identifier)'; use an IANA name such as Asia/Riyadh")
        }
        return rules
    }
}
