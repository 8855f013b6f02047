/// The four time zones of the benchmark calendar, each written as a VTIMEZONE the way
/// clients export them (a yearly RRULE per observance; Riyadh has a single one).
enum BenchZone: CaseIterable {
    case newYork, london, riyadh, sydney

    var tzid: String {
        switch self {
        case .newYork: "America/New_York"
        case .london: "Europe/London"
        case .riyadh: "Asia/Riyadh"
        case .sydney: "Australia/Sydney"
        }
    }

    var observances: [ZoneObservance] {
        switch self {
        case .newYork:
            [ZoneObservance(kind: "DAYLIGHT", from: "-0500", to: "-0400", name: "EDT",
                            start: "19700308T020000", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"),
             ZoneObservance(kind: "STANDARD", from: "-0400", to: "-0500", name: "EST",
                            start: "19701101T020000", rule: "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU")]
        case .london:
            [ZoneObservance(kind: "DAYLIGHT", from: "+0000", to: "+0100", name: "BST",
                            start: "19700329T010000", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
             ZoneObservance(kind: "STANDARD", from: "+0100", to: "+0000", name: "GMT",
                            start: "19701025T020000", rule: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU")]
        case .riyadh:
            // No daylight saving time since 1950: a single STANDARD observance, no RRULE.
            [ZoneObservance(kind: "STANDARD", from: "+0300", to: "+0300", name: "+03",
                            start: "19700101T000000", rule: nil)]
        case .sydney:
            [ZoneObservance(kind: "STANDARD", from: "+1100", to: "+1000", name: "AEST",
                            start: "19700405T030000", rule: "FREQ=YEARLY;BYMONTH=4;BYDAY=1SU"),
             ZoneObservance(kind: "DAYLIGHT", from: "+1000", to: "+1100", name: "AEDT",
                            start: "19701004T020000", rule: "FREQ=YEARLY;BYMONTH=10;BYDAY=1SU")]
        }
    }

    /// Writes this zone's VTIMEZONE block.
    func write(to out: inout ContentLineWriter) {
        out.line("BEGIN:VTIMEZONE")
        out.line("TZID:" + tzid)
        out.line("X-LIC-LOCATION:" + tzid)
        for o in observances {
            out.line("BEGIN:" + o.kind)
            out.line("TZOFFSETFROM:" + o.from)
            out.line("TZOFFSETTO:" + o.to)
            out.line("TZNAME:" + o.name)
            out.line("DTSTART:" + o.start)
            if let rule = o.rule { out.line("RRULE:" + rule) }
            out.line("END:" + o.kind)
        }
        out.line("END:VTIMEZONE")
    }
}
