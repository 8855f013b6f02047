import Testing
@testable import ICalendar

/// RFC 4791 §9.9: when a component overlaps a time range.
struct TimeRangeTests {
    static let hour = 3600
    static let t0 = 1_800_000_000  // a round instant in 2027

    func occurrences(_ body: String) throws -> (RecurrenceExpander, [Occurrence]) {
        let calendar = try ICalendarParser().parseCalendar("BEGIN:VCALENDAR\n\(body)\nEND:VCALENDAR\n")
        let expander = RecurrenceExpander(calendar: calendar)
        return (expander, try expander.occurrences(from: Int.min / 4, to: Int.max / 4))
    }

    func stamp(_ offset: Int) -> String { LocalDateTime(civilSeconds: Self.t0 + offset).basicFormat + "Z" }

    @Test("VEVENT rows: DTEND, DURATION, zero length, all-day")
    func events() throws {
        let (_, items) = try occurrences("""
            BEGIN:VEVENT\nUID:end\nDTSTART:\(stamp(0))\nDTEND:\(stamp(Self.hour))\nEND:VEVENT
            BEGIN:VEVENT\nUID:zero\nDTSTART:\(stamp(0))\nDURATION:PT0S\nEND:VEVENT
            BEGIN:VEVENT\nUID:none\nDTSTART:\(stamp(0))\nEND:VEVENT
            """)
        let byUID = Dictionary(uniqueKeysWithValues: items.map { ($0.uid, $0) })
        let t = Self.t0, h = Self.hour
        #expect(byUID["end"]!.overlaps(from: t - h, to: t + 1))
        #expect(!byUID["end"]!.overlaps(from: t + h, to: t + 2 * h))  // end is exclusive
        #expect(!byUID["end"]!.overlaps(from: t - h, to: t))          // range end is exclusive
        #expect(byUID["zero"]!.overlaps(from: t, to: t + 1))          // start <= DTSTART
        #expect(!byUID["zero"]!.overlaps(from: t - h, to: t))
        #expect(byUID["none"]!.overlaps(from: t, to: t + 1))
    }

    @Test("VTODO rows: DTSTART+DURATION, DTSTART+DUE, DTSTART, DUE")
    func todos() throws {
        let (_, items) = try occurrences("""
            BEGIN:VTODO\nUID:dur\nDTSTART:\(stamp(0))\nDURATION:PT1H\nEND:VTODO
            BEGIN:VTODO\nUID:due\nDTSTART:\(stamp(0))\nDUE:\(stamp(Self.hour))\nEND:VTODO
            BEGIN:VTODO\nUID:start\nDTSTART:\(stamp(0))\nEND:VTODO
            BEGIN:VTODO\nUID:dueonly\nDUE:\(stamp(Self.hour))\nEND:VTODO
            BEGIN:VTODO\nUID:nothing\nEND:VTODO
            """)
        let byUID = Dictionary(uniqueKeysWithValues: items.map { ($0.uid, $0) })
        let t = Self.t0, h = Self.hour
        #expect(byUID["dur"]!.overlaps(from: t + h, to: t + 2 * h))   // start <= DTSTART+DURATION
        #expect(!byUID["dur"]!.overlaps(from: t + h + 1, to: t + 2 * h))
        #expect(byUID["due"]!.overlaps(from: t - h, to: t + 1))
        #expect(byUID["due"]!.overlaps(from: t, to: t + 1))
        #expect(!byUID["due"]!.overlaps(from: t + h, to: t + 2 * h))
        #expect(byUID["start"]!.overlaps(from: t, to: t + 1))
        #expect(!byUID["start"]!.overlaps(from: t + 1, to: t + h))
        #expect(byUID["dueonly"]!.overlaps(from: t, to: t + h))      // end >= DUE
        #expect(!byUID["dueonly"]!.overlaps(from: t + h, to: t + 2 * h))  // start < DUE
        #expect(byUID["nothing"] == nil)
    }

    @Test("VJOURNAL rows: DATE-TIME and DATE")
    func journals() throws {
        let (_, items) = try occurrences("""
            BEGIN:VJOURNAL\nUID:dt\nDTSTART:\(stamp(0))\nEND:VJOURNAL
            BEGIN:VJOURNAL\nUID:d\nDTSTART;VALUE=DATE:20270115\nEND:VJOURNAL
            """)
        let byUID = Dictionary(uniqueKeysWithValues: items.map { ($0.uid, $0) })
        #expect(byUID["dt"]!.overlaps(from: Self.t0, to: Self.t0 + 1))
        let day = LocalDate(year: 2027, month: 1, day: 15).dayNumber * 86400
        #expect(byUID["d"]!.overlaps(from: day + 86399, to: day + 90000))
        #expect(!byUID["d"]!.overlaps(from: day + 86400, to: day + 90000))
    }

    @Test("VALARM triggers, relative to start or end, absolute, and repeated")
    func alarms() throws {
        let (expander, items) = try occurrences("""
            BEGIN:VEVENT\nUID:a\nDTSTART:\(stamp(0))\nDTEND:\(stamp(Self.hour))
            BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nREPEAT:2\nDURATION:PT5M\nEND:VALARM
            BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:PT10M\nEND:VALARM
            BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;VALUE=DATE-TIME:\(stamp(-86400))\nEND:VALARM
            END:VEVENT
            """)
        let t = Self.t0
        #expect(items[0].alarmTriggers(expander: expander) == [t - 86400, t - 900, t - 600, t - 300, t + 4200])
        #expect(items[0].hasAlarm(from: t - 700, to: t - 500, expander: expander))
        #expect(!items[0].hasAlarm(from: t - 200, to: t + 4200, expander: expander))
    }

    @Test("VFREEBUSY rows")
    func freeBusy() throws {
        let calendar = try ICalendarParser().parseCalendar("""
            BEGIN:VCALENDAR
            BEGIN:VFREEBUSY\nUID:span\nDTSTART:\(stamp(0))\nDTEND:\(stamp(Self.hour))\nEND:VFREEBUSY
            BEGIN:VFREEBUSY\nUID:periods\nFREEBUSY:\(stamp(0))/PT1H,\(stamp(10 * Self.hour))/PT1H\nEND:VFREEBUSY
            BEGIN:VFREEBUSY\nUID:empty\nEND:VFREEBUSY
            END:VCALENDAR
            """)
        let expander = RecurrenceExpander(calendar: calendar)
        let components = calendar.components
        let t = Self.t0, h = Self.hour
        #expect(expander.freeBusyOverlaps(components[0], from: t + h, to: t + 2 * h))  // start <= DTEND
        #expect(!expander.freeBusyOverlaps(components[0], from: t + h + 1, to: t + 2 * h))
        #expect(expander.freeBusyOverlaps(components[1], from: t + 10 * h + 5, to: t + 10 * h + 6))
        #expect(!expander.freeBusyOverlaps(components[1], from: t + h, to: t + 10 * h))
        #expect(!expander.freeBusyOverlaps(components[2], from: 0, to: Int.max / 4))
    }
}
