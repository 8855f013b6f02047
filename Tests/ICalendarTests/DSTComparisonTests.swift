import Foundation
import Testing
@testable import ICalendar

/// EXDATE, RDATE and UNTIL against a rule's instances across DST changes: they compare as
/// instants (RFC 5545 §3.3.5, §3.3.10, §3.8.5.1, §3.8.5.2), DATE values as dates.
///
/// Each case runs twice: once with the built-in zone data (an IANA TZID), once with a
/// VTIMEZONE under a TZID that only that VTIMEZONE defines, so both kinds of ``ZoneRules``
/// are covered.
struct DSTComparisonTests {
    /// Where a zone's rules come from in a test calendar.
    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case builtIn, vtimezone
        var testDescription: String { rawValue }
    }

    struct Zone {
        let iana: String
        let vtimezone: String

        func tzid(_ source: Source) -> String { source == .builtIn ? iana : "Test-" + iana.replacingOccurrences(of: "/", with: "-") }

        func definition(_ source: Source) -> String {
            source == .builtIn ? "" : "BEGIN:VTIMEZONE\nTZID:\(tzid(source))\n\(vtimezone)\nEND:VTIMEZONE\n"
        }
    }

    static let newYork = Zone(iana: "America/New_York", vtimezone: """
        BEGIN:DAYLIGHT
        TZOFFSETFROM:-0500
        TZOFFSETTO:-0400
        DTSTART:20070311T020000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
        END:DAYLIGHT
        BEGIN:STANDARD
        TZOFFSETFROM:-0400
        TZOFFSETTO:-0500
        DTSTART:20071104T020000
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
        END:STANDARD
        """)

    static let lordHowe = Zone(iana: "Australia/Lord_Howe", vtimezone: """
        BEGIN:STANDARD
        TZOFFSETFROM:+1100
        TZOFFSETTO:+1030
        DTSTART:20080406T020000
        RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU
        END:STANDARD
        BEGIN:DAYLIGHT
        TZOFFSETFROM:+1030
        TZOFFSETTO:+1100
        DTSTART:20081005T020000
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU
        END:DAYLIGHT
        """)

    /// The start instants (UTC, `YYYYMMDDTHHMMSSZ`) of one VEVENT in `zone`; `{TZID}` in
    /// `lines` stands for the zone's TZID.
    static func starts(_ zone: Zone, _ source: Source, start: String, _ lines: String...) throws -> [String] {
        let tzid = zone.tzid(source)
        let body = lines.joined(separator: "\n").replacingOccurrences(of: "{TZID}", with: tzid)
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:t\n" + zone.definition(source)
            + "BEGIN:VEVENT\nUID:d\nDTSTAMP:20250101T000000Z\nDTSTART;TZID=\(tzid):\(start)\nDURATION:PT30M\n"
            + body + "\nEND:VEVENT\nEND:VCALENDAR\n"
        let calendar = try ICalendarParser().parseCalendar(text)
        if source == .vtimezone {
            // The VTIMEZONE, not the system database, must be what the TZID resolves to.
            #expect(TimeZoneResolver(calendar: calendar).rules(for: tzid) is VTimeZoneRules)
        }
        let expander = RecurrenceExpander(calendar: calendar)
        return try expander.occurrences(from: 1_735_689_600, to: 1_767_225_600).map {  // all of 2025
            LocalDateTime(civilSeconds: $0.startInstant).basicFormat + "Z"
        }
    }

    // MARK: New York, spring forward (2025-03-09 02:00 EST -> 03:00 EDT)

    // DTSTART 02:30 daily: on 03-09 02:30 does not exist and means 03:30 EDT, 07:30Z (RFC 5545 §3.3.5).

    @Test("an EXDATE at a nonexistent local time removes the instance the gap moved", arguments: Source.allCases)
    func exdateInGap(_ source: Source) throws {
        #expect(try Self.starts(Self.newYork, source, start: "20250308T023000",
                                "RRULE:FREQ=DAILY;COUNT=3", "EXDATE;TZID={TZID}:20250309T023000")
                == ["20250308T073000Z", "20250310T063000Z"])
        // The same instant written as the reading that exists, and in UTC.
        #expect(try Self.starts(Self.newYork, source, start: "20250308T023000",
                                "RRULE:FREQ=DAILY;COUNT=3", "EXDATE;TZID={TZID}:20250309T033000")
                == ["20250308T073000Z", "20250310T063000Z"])
        #expect(try Self.starts(Self.newYork, source, start: "20250308T023000",
                                "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20250309T073000Z")
                == ["20250308T073000Z", "20250310T063000Z"])
    }

    @Test("an RDATE at the instant of a moved instance adds no duplicate", arguments: Source.allCases)
    func rdateInGap(_ source: Source) throws {
        let expected = ["20250308T073000Z", "20250309T073000Z", "20250310T063000Z"]
        #expect(try Self.starts(Self.newYork, source, start: "20250308T023000",
                                "RRULE:FREQ=DAILY;COUNT=3", "RDATE;TZID={TZID}:20250309T023000") == expected)
        #expect(try Self.starts(Self.newYork, source, start: "20250308T023000",
                                "RRULE:FREQ=DAILY;COUNT=3", "RDATE:20250309T073000Z") == expected)
    }

    @Test("UNTIL is an instant: an instance the gap moved past it is dropped", arguments: Source.allCases)
    func untilInGap(_ source: Source) throws {
        #expect(try Self.starts(Self.newYork, source, start: "20250308T023000", "RRULE:FREQ=DAILY;UNTIL=20250309T070000Z")
                == ["20250308T073000Z"])
        #expect(try Self.starts(Self.newYork, source, start: "20250308T023000", "RRULE:FREQ=DAILY;UNTIL=20250309T073000Z")
                == ["20250308T073000Z", "20250309T073000Z"])
    }

    @Test("a DATE EXDATE removes the instance on that date, moved or not", arguments: Source.allCases)
    func dateExdateInGap(_ source: Source) throws {
        #expect(try Self.starts(Self.newYork, source, start: "20250308T023000",
                                "RRULE:FREQ=DAILY;COUNT=3", "EXDATE;VALUE=DATE:20250309")
                == ["20250308T073000Z", "20250310T063000Z"])
        // A DATE UNTIL bounds the whole day in DTSTART's zone.
        #expect(try Self.starts(Self.newYork, source, start: "20250308T023000", "RRULE:FREQ=DAILY;UNTIL=20250309")
                == ["20250308T073000Z", "20250309T073000Z"])
    }

    // RFC 5545 §3.3.10 says both that instances with a nonexistent local time "MUST be
    // ignored" and that a computed local start time that does not exist "is interpreted in
    // the same manner as an explicit DATE-TIME value ... as specified in Section 3.3.5".
    // Our reading: the second, more specific rule decides the time of each instance (as
    // for the daily 02:30 series above, which keeps its 03-09 instance at 03:30 EDT), and
    // the recurrence set is a set of instants (§3.8.5.3: "Duplicate instances are
    // ignored"). So an HOURLY rule whose 02:30 resolves to 07:30Z, the same instant as its
    // 03:30 EDT, has one instance there, counted once toward COUNT, and an EXDATE of that
    // instant removes it.

    @Test("an HOURLY rule across the gap has one instance per instant", arguments: Source.allCases)
    func hourlyAcrossGap(_ source: Source) throws {
        #expect(try Self.starts(Self.newYork, source, start: "20250309T003000", "RRULE:FREQ=HOURLY;COUNT=5")
                == ["20250309T053000Z", "20250309T063000Z", "20250309T073000Z", "20250309T083000Z", "20250309T093000Z"])
        #expect(try Self.starts(Self.newYork, source, start: "20250309T003000",
                                "RRULE:FREQ=HOURLY;COUNT=5", "EXDATE:20250309T073000Z")
                == ["20250309T053000Z", "20250309T063000Z", "20250309T083000Z", "20250309T093000Z"])
        #expect(try Self.starts(Self.newYork, source, start: "20250309T003000",
                                "RRULE:FREQ=HOURLY;UNTIL=20250309T080000Z")
                == ["20250309T053000Z", "20250309T063000Z", "20250309T073000Z"])
    }

    @Test("two rules and an RDATE that meet at one instant in the gap give one instance", arguments: Source.allCases)
    func severalSourcesInGap(_ source: Source) throws {
        #expect(try Self.starts(Self.newYork, source, start: "20250308T023000",
                                "RRULE:FREQ=DAILY;COUNT=3", "RRULE:FREQ=DAILY;BYHOUR=3;BYMINUTE=30;COUNT=3",
                                "RDATE;TZID={TZID}:20250309T033000")
                == ["20250308T073000Z", "20250308T083000Z", "20250309T073000Z", "20250310T063000Z"])
    }

    // MARK: New York, fall back (2025-11-02 02:00 EDT -> 01:00 EST)

    // DTSTART 01:30 daily: on 11-02 01:30 happens twice and means the first, 05:30Z.

    @Test("an EXDATE at the second of a repeated local time removes only an instance at that instant", arguments: Source.allCases)
    func exdateInOverlap(_ source: Source) throws {
        #expect(try Self.starts(Self.newYork, source, start: "20251101T013000",
                                "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20251102T063000Z")
                == ["20251101T053000Z", "20251102T053000Z", "20251103T063000Z"])
        #expect(try Self.starts(Self.newYork, source, start: "20251101T013000",
                                "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20251102T053000Z")
                == ["20251101T053000Z", "20251103T063000Z"])
    }

    @Test("UNTIL between the two readings of a repeated time keeps the first", arguments: Source.allCases)
    func untilInOverlap(_ source: Source) throws {
        #expect(try Self.starts(Self.newYork, source, start: "20251101T013000", "RRULE:FREQ=DAILY;UNTIL=20251102T061500Z")
                == ["20251101T053000Z", "20251102T053000Z"])
        #expect(try Self.starts(Self.newYork, source, start: "20251101T013000", "RRULE:FREQ=DAILY;UNTIL=20251102T052959Z")
                == ["20251101T053000Z"])
    }

    @Test("an RDATE at the second of a repeated local time is its own instance", arguments: Source.allCases)
    func rdateInOverlap(_ source: Source) throws {
        #expect(try Self.starts(Self.newYork, source, start: "20251101T013000",
                                "RRULE:FREQ=DAILY;COUNT=2", "RDATE:20251102T063000Z")
                == ["20251101T053000Z", "20251102T053000Z", "20251102T063000Z"])
    }

    // MARK: Lord Howe, 30-minute changes

    // 2025-10-05 02:00 (+10:30) -> 02:30 (+11): 02:15 does not exist and means 15:45Z on 10-04.

    @Test("Lord Howe gap: EXDATE, RDATE and UNTIL compare as instants", arguments: Source.allCases)
    func lordHoweGap(_ source: Source) throws {
        let all = ["20251003T154500Z", "20251004T154500Z", "20251005T151500Z"]
        #expect(try Self.starts(Self.lordHowe, source, start: "20251004T021500", "RRULE:FREQ=DAILY;COUNT=3") == all)
        #expect(try Self.starts(Self.lordHowe, source, start: "20251004T021500",
                                "RRULE:FREQ=DAILY;COUNT=3", "EXDATE;TZID={TZID}:20251005T021500")
                == ["20251003T154500Z", "20251005T151500Z"])
        #expect(try Self.starts(Self.lordHowe, source, start: "20251004T021500",
                                "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20251004T154500Z")
                == ["20251003T154500Z", "20251005T151500Z"])
        #expect(try Self.starts(Self.lordHowe, source, start: "20251004T021500",
                                "RRULE:FREQ=DAILY;COUNT=3", "RDATE;TZID={TZID}:20251005T021500") == all)
        #expect(try Self.starts(Self.lordHowe, source, start: "20251004T021500", "RRULE:FREQ=DAILY;UNTIL=20251004T153000Z")
                == ["20251003T154500Z"])
    }

    @Test("Lord Howe gap: a 30-minutely rule has one instance per instant", arguments: Source.allCases)
    func lordHoweSubDaily(_ source: Source) throws {
        // 02:15 and 02:45 are both 15:45Z.
        #expect(try Self.starts(Self.lordHowe, source, start: "20251005T011500", "RRULE:FREQ=MINUTELY;INTERVAL=30;COUNT=5")
                == ["20251004T144500Z", "20251004T151500Z", "20251004T154500Z", "20251004T161500Z", "20251004T164500Z"])
        #expect(try Self.starts(Self.lordHowe, source, start: "20251005T011500",
                                "RRULE:FREQ=MINUTELY;INTERVAL=30;COUNT=5", "EXDATE:20251004T154500Z")
                == ["20251004T144500Z", "20251004T151500Z", "20251004T161500Z", "20251004T164500Z"])
    }

    // 2025-04-06 02:00 (+11) -> 01:30 (+10:30): 01:45 happens at 14:45Z and again at 15:15Z.

    @Test("Lord Howe overlap: EXDATE, RDATE and UNTIL at the second reading", arguments: Source.allCases)
    func lordHoweOverlap(_ source: Source) throws {
        let all = ["20250404T144500Z", "20250405T144500Z", "20250406T151500Z"]
        #expect(try Self.starts(Self.lordHowe, source, start: "20250405T014500", "RRULE:FREQ=DAILY;COUNT=3") == all)
        #expect(try Self.starts(Self.lordHowe, source, start: "20250405T014500",
                                "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20250405T151500Z") == all)
        #expect(try Self.starts(Self.lordHowe, source, start: "20250405T014500", "RRULE:FREQ=DAILY;UNTIL=20250405T150000Z")
                == ["20250404T144500Z", "20250405T144500Z"])
        #expect(try Self.starts(Self.lordHowe, source, start: "20250405T014500",
                                "RRULE:FREQ=DAILY;COUNT=2", "RDATE:20250405T151500Z")
                == ["20250404T144500Z", "20250405T144500Z", "20250405T151500Z"])
    }

    // MARK: What an instance reports

    @Test("an RDATE at the second reading of a repeated time keeps its own start, end and RECURRENCE-ID")
    func rdateInOverlapOccurrence() throws {
        let body = """
            BEGIN:VEVENT
            UID:r
            DTSTART;TZID=America/New_York:20251101T013000
            DURATION:PT30M
            RRULE:FREQ=DAILY;COUNT=1
            RDATE:20251102T063000Z
            END:VEVENT
            """
        #expect(try ExpansionTests.lines(body, from: "20251102T000000Z", to: "20251103T000000Z")
                == ["r 20251102T063000Z 20251102T063000Z 20251102T070000Z"])
        // The RECURRENCE-ID must name that instant, whatever form it is written in.
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:t\n\(body)\nEND:VCALENDAR\n"
        let expander = RecurrenceExpander(calendar: try ICalendarParser().parseCalendar(text))
        let occurrence = try #require(try expander.occurrences(from: 1_762_041_600, to: 1_762_128_000).first)
        let rid = try #require(occurrence.recurrenceID)
        #expect(expander.instant(of: rid) == occurrence.recurrenceInstant)
        #expect(expander.instant(of: occurrence.start) == occurrence.startInstant)
    }

    @Test("an override of the moved instance, named by either reading, replaces it")
    func overrideOfMovedInstance() throws {
        for rid in ["RECURRENCE-ID;TZID=America/New_York:20250309T023000", "RECURRENCE-ID:20250309T073000Z"] {
            let body = """
                BEGIN:VEVENT
                UID:o
                DTSTART;TZID=America/New_York:20250308T023000
                DURATION:PT30M
                RRULE:FREQ=DAILY;COUNT=3
                END:VEVENT
                BEGIN:VEVENT
                UID:o
                \(rid)
                DTSTART:20250309T120000Z
                DURATION:PT30M
                END:VEVENT
                """
            #expect(try ExpansionTests.lines(body, from: "20250301T000000Z", to: "20250401T000000Z").map { $0.split(separator: " ")[2] }
                    == ["20250308T073000Z", "20250309T120000Z", "20250310T063000Z"])
        }
    }
}
