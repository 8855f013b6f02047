import Foundation

/// Writes a VTIMEZONE for a system time zone over a span of time (RFC 5545 §3.6.5): one
/// observance for the offset in force at the start, then one per transition, each with
/// its exact onset. Enough for any event in the span, without rules to interpret.
public enum VTimeZoneBuilder {
    /// The VTIMEZONE of `zone` for instants in `[start, end]`.
    public static func component(for zone: TimeZone, from start: Date, to end: Date) -> Component {
        var observances: [Component] = []
        var offset = zone.secondsFromGMT(for: start)
        observances.append(observance(zone, at: start, from: offset, to: offset))
        var cursor = start
        // A zone changes offset at most a few times a year; the bound guards odd data.
        for _ in 0..<1_000 {
            guard let transition = zone.nextDaylightSavingTimeTransition(after: cursor), transition <= end else { break }
            let next = zone.secondsFromGMT(for: transition)
            observances.append(observance(zone, at: transition, from: offset, to: next))
            offset = next
            cursor = transition
        }
        return Component(name: ComponentName.timeZone, properties: [Property(name: PropertyName.timeZoneID, value: zone.identifier)],
                         components: observances)
    }

    /// One STANDARD or DAYLIGHT observance starting at `instant`, whose local DTSTART is
    /// read in the offset before it (RFC 5545 §3.8.2.4).
    static func observance(_ zone: TimeZone, at instant: Date, from before: Int, to after: Int) -> Component {
        let kind = zone.isDaylightSavingTime(for: instant) ? ComponentName.daylight : ComponentName.standard
        var properties = [
            Property(name: PropertyName.dateTimeStart, value: localText(instant, offset: before)),
            Property(name: "TZOFFSETFROM", value: offsetText(before)),
            Property(name: "TZOFFSETTO", value: offsetText(after)),
        ]
        if let abbreviation = zone.abbreviation(for: instant) { properties.append(Property(name: "TZNAME", text: abbreviation)) }
        return Component(name: kind, properties: properties)
    }

    static func localText(_ instant: Date, offset: Int) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded()) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let date = LocalDate(dayNumber: days)
        let time = seconds - days * 86_400
        return String(format: "%04d%02d%02dT%02d%02d%02d", date.year, date.month, date.day, time / 3_600, time / 60 % 60, time % 60)
    }

    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let value = abs(seconds)
        let text = sign + String(format: "%02d%02d", value / 3_600, value / 60 % 60)
        return value % 60 == 0 ? text : text + String(format: "%02d", value % 60)
    }
}
