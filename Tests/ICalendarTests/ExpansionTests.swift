import Testing
@testable import ICalendar

struct ExpansionTests {
    static func lines(_ body: String, from: String, to: String, zone: String? = nil) throws -> [String] {
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:t\n" + body + "\nEND:VCALENDAR\n"
        let calendar = try ICalendarParser().parseCalendar(text)
        let floating: any ZoneRules = zone.flatMap { SystemZoneRules.named($0) } ?? FixedOffsetZone.utc
        let expander = RecurrenceExpander(calendar: calendar, floatingZone: floating)
        let start = try DateTimeValue.parse(from).local.civilSeconds
        let end = try DateTimeValue.parse(to).local.civilSeconds
        return try expander.occurrences(from: start, to: end).map { occurrence in
            let rid = occurrence.recurrenceID.map { format($0, occurrence.recurrenceInstant!) } ?? "-"
            return "\(occurrence.uid) \(rid) \(format(occurrence.start, occurrence.startInstant)) \(format(occurrence.end, occurrence.endInstant))"
        }
    }

    static func format(_ value: DateTimeValue, _ instant: Int) -> String {
        switch value {
        case .date(let date): return date.basicFormat
        case .dateTime(let local, .floating): return local.basicFormat
        default: return LocalDateTime(civilSeconds: instant).basicFormat + "Z"
        }
    }

    @Test("weekly on the wall clock across DST, with EXDATE and a moved instance")
    func dstAndOverrides() throws {
        let body = """
            BEGIN:VEVENT
            UID:w
            DTSTART;TZID=Europe/London:20260318T090000
            DTEND;TZID=Europe/London:20260318T100000
            RRULE:FREQ=WEEKLY;COUNT=4
            EXDATE;TZID=Europe/London:20260401T090000
            END:VEVENT
            BEGIN:VEVENT
            UID:w
            RECURRENCE-ID;TZID=Europe/London:20260325T090000
            DTSTART;TZID=Europe/London:20260326T140000
            DTEND;TZID=Europe/London:20260326T150000
            END:VEVENT
            """
        #expect(try Self.lines(body, from: "20260301T000000Z", to: "20260501T000000Z") == [
            "w 20260318T090000Z 20260318T090000Z 20260318T100000Z",
            "w 20260325T090000Z 20260326T140000Z 20260326T150000Z",
            "w 20260408T080000Z 20260408T080000Z 20260408T090000Z",
        ])
    }

    @Test("RANGE=THISANDFUTURE moves every later instance")
    func thisAndFuture() throws {
        let body = """
            BEGIN:VEVENT
            UID:t
            DTSTART:20260105T090000Z
            DURATION:PT1H
            RRULE:FREQ=DAILY;COUNT=5
            END:VEVENT
            BEGIN:VEVENT
            UID:t
            RECURRENCE-ID;RANGE=THISANDFUTURE:20260107T090000Z
            DTSTART:20260107T110000Z
            DURATION:PT30M
            END:VEVENT
            """
        #expect(try Self.lines(body, from: "20260101T000000Z", to: "20260201T000000Z") == [
            "t 20260105T090000Z 20260105T090000Z 20260105T100000Z",
            "t 20260106T090000Z 20260106T090000Z 20260106T100000Z",
            "t 20260107T090000Z 20260107T110000Z 20260107T113000Z",
            "t 20260108T090000Z 20260108T110000Z 20260108T113000Z",
            "t 20260109T090000Z 20260109T110000Z 20260109T113000Z",
        ])
    }

    @Test("RDATE with PERIOD values has its own length")
    func rdatePeriod() throws {
        let body = """
            BEGIN:VEVENT
            UID:p
            DTSTART:20260101T100000Z
            DTEND:20260101T110000Z
            RDATE;VALUE=PERIOD:20260103T120000Z/PT3H,20260104T080000Z/20260104T083000Z
            END:VEVENT
            """
        #expect(try Self.lines(body, from: "20260101T000000Z", to: "20260201T000000Z") == [
            "p 20260101T100000Z 20260101T100000Z 20260101T110000Z",
            "p 20260103T120000Z 20260103T120000Z 20260103T150000Z",
            "p 20260104T080000Z 20260104T080000Z 20260104T083000Z",
        ])
    }

    @Test("all-day and floating events evaluate in the given zone")
    func floatingAndAllDay() throws {
        let body = """
            BEGIN:VEVENT
            UID:a
            DTSTART;VALUE=DATE:20260310
            DTEND;VALUE=DATE:20260313
            END:VEVENT
            BEGIN:VEVENT
            UID:f
            DTSTART:20260309T230000
            DURATION:PT2H
            END:VEVENT
            """
        // In Riyadh (+3) the range 2026-03-09T21:00Z..22:00Z is 00:00..01:00 on the 10th local.
        #expect(try Self.lines(body, from: "20260309T210000Z", to: "20260309T220000Z", zone: "Asia/Riyadh") == [
            "f - 20260309T230000 20260310T010000",
            "a - 20260310 20260313",
        ])
        #expect(try Self.lines(body, from: "20260309T210000Z", to: "20260309T220000Z").isEmpty)
    }

    @Test("a huge expansion fails with a clear error instead of exhausting memory")
    func expansionLimit() throws {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:s\nDTSTART:20260101T000000Z\nRRULE:FREQ=SECONDLY\nEND:VEVENT\nEND:VCALENDAR\n"
        let expander = RecurrenceExpander(calendar: try ICalendarParser().parseCalendar(text), limits: ExpansionLimits(maxOccurrences: 1000))
        #expect(throws: ExpansionError.self) { try expander.occurrences(from: 1_767_225_600, to: 1_767_225_600 + 86400) }
    }

    @Test("an unbounded rule from long ago expands a window now without walking every instance")
    func skipAhead() throws {
        let body = "BEGIN:VEVENT\nUID:old\nDTSTART:19000101T120000Z\nRRULE:FREQ=MINUTELY;INTERVAL=7\nEND:VEVENT"
        let lines = try Self.lines(body, from: "20260101T000000Z", to: "20260101T001000Z")
        #expect(lines.count == 1 || lines.count == 2)
    }
}

/// RFC 7529 RSCALE with the Hijri calendars.
struct CalendarScaleTests {
    @Test("1 Ramadan each year by the Umm al-Qura calendar")
    func ramadan() throws {
        let body = """
            BEGIN:VEVENT
            UID:ramadan
            DTSTART;VALUE=DATE:20240311
            RRULE:RSCALE=ISLAMIC-UMALQURA;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1;COUNT=4
            END:VEVENT
            """
        // Published Umm al-Qura dates: 11 March 2024, 1 March 2025, 18 February 2026, 8 February 2027.
        #expect(try ExpansionTests.lines(body, from: "20240101T000000Z", to: "20300101T000000Z").map { $0.split(separator: " ")[2] }
                == ["20240311", "20250301", "20260218", "20270208"])
    }

    @Test("the 30th of each Hijri month, with SKIP for 29-day months")
    func skip() throws {
        func starts(_ skip: String) throws -> [String] {
            let body = """
                BEGIN:VEVENT
                UID:s
                DTSTART;VALUE=DATE:20240409
                RRULE:RSCALE=ISLAMIC-UMALQURA;FREQ=MONTHLY;BYMONTHDAY=30;COUNT=4\(skip)
                END:VEVENT
                """
            return try ExpansionTests.lines(body, from: "20240101T000000Z", to: "20300101T000000Z").map { String($0.split(separator: " ")[2]) }
        }
        // DTSTART is 30 Ramadan 1445; Shawwal and Dhu al-Qadah 1445 have 29 days, Dhu al-Hijjah 30.
        #expect(try starts("") == ["20240409", "20240706", "20240903", "20241003"])
        #expect(try starts(";SKIP=BACKWARD") == ["20240409", "20240508", "20240606", "20240706"])
        #expect(try starts(";SKIP=FORWARD") == ["20240409", "20240509", "20240607", "20240706"])
    }

    @Test("an unknown calendar scale is reported")
    func unknownScale() throws {
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:t\nBEGIN:VEVENT\nUID:u\nDTSTAMP:20260101T000000Z\nDTSTART:20260101T000000Z\nRRULE:RSCALE=KLINGON;FREQ=YEARLY\nEND:VEVENT\nEND:VCALENDAR\n"
        let calendar = try ICalendarParser().parseCalendar(text)
        #expect(CalendarValidator().issues(in: calendar).contains { $0.reason.contains("KLINGON") })
        #expect(throws: ExpansionError.self) { try RecurrenceExpander(calendar: calendar).occurrences(from: 0, to: 2_000_000_000) }
    }
}
