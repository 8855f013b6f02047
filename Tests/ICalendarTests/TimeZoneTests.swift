import Foundation
import Testing
@testable import ICalendar

struct TimeZoneTests {
    @Test("the cached transition table agrees with Foundation", arguments: [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Riyadh", "America/Sao_Paulo", "Asia/Tehran", "Africa/Cairo",
    ])
    func tableMatchesFoundation(_ identifier: String) throws {
        let rules = try #require(SystemZoneRules.named(identifier))
        let zone = try #require(TimeZone(identifier: identifier))
        var instant = -1_500_000_000
        while instant < 4_000_000_000 {
            #expect(rules.offset(at: instant) == zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))), "at \(instant)")
            instant += 3_599_993  // about every six weeks, at a drifting time of day
        }
    }

    @Test("a local time in a DST gap moves forward; in an overlap, the first one wins (RFC 5545 §3.3.5)")
    func gapAndOverlap() throws {
        let newYork = try #require(SystemZoneRules.named("America/New_York"))
        // 2026-03-08 02:30 does not exist: read with the offset before the gap (-5), it is 07:30Z (03:30 EDT).
        #expect(newYork.instant(forLocal: LocalDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30).civilSeconds)
                == LocalDateTime(year: 2026, month: 3, day: 8, hour: 7, minute: 30).civilSeconds)
        // 2026-11-01 01:30 happens twice; the first is EDT (-4), 05:30Z.
        #expect(newYork.instant(forLocal: LocalDateTime(year: 2026, month: 11, day: 1, hour: 1, minute: 30).civilSeconds)
                == LocalDateTime(year: 2026, month: 11, day: 1, hour: 5, minute: 30).civilSeconds)
        // Lord Howe moves by 30 minutes: 2026-10-04 02:15 is in its gap (+10:30 before), so 15:45Z the day before.
        let lordHowe = try #require(SystemZoneRules.named("Australia/Lord_Howe"))
        #expect(lordHowe.instant(forLocal: LocalDateTime(year: 2026, month: 10, day: 4, hour: 2, minute: 15).civilSeconds)
                == LocalDateTime(year: 2026, month: 10, day: 3, hour: 15, minute: 45).civilSeconds)
    }

    @Test("Windows zone names resolve to IANA zones")
    func windowsNames() throws {
        let resolver = TimeZoneResolver()
        #expect(resolver.rules(for: "Arab Standard Time")?.identifier == "Asia/Riyadh")
        #expect(resolver.rules(for: "W. Europe Standard Time")?.identifier == "Europe/Berlin")
        #expect(resolver.rules(for: "Eastern Standard Time")?.identifier == "America/New_York")
        #expect(resolver.rules(for: "/mozilla.org/20050126_1/Europe/Berlin")?.identifier == "Europe/Berlin")
        #expect(resolver.rules(for: "Nowhere Standard Time") == nil)
    }

    static let customZone = """
        BEGIN:VCALENDAR
        BEGIN:VTIMEZONE
        TZID:Custom Eastern
        BEGIN:STANDARD
        DTSTART:19701101T020000
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
        TZOFFSETFROM:-0400
        TZOFFSETTO:-0500
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:19700308T020000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
        TZOFFSETFROM:-0500
        TZOFFSETTO:-0400
        END:DAYLIGHT
        END:VTIMEZONE
        END:VCALENDAR
        """

    @Test("a VTIMEZONE with a non-IANA TZID is evaluated from its observances")
    func customVTimeZone() throws {
        let calendar = try ICalendarParser().parseCalendar(Self.customZone)
        let custom = try #require(TimeZoneResolver(calendar: calendar).rules(for: "Custom Eastern"))
        let newYork = try #require(SystemZoneRules.named("America/New_York"))
        var instant = LocalDateTime(year: 2007, month: 1, day: 1).civilSeconds
        while instant < LocalDateTime(year: 2040, month: 1, day: 1).civilSeconds {
            #expect(custom.offset(at: instant) == newYork.offset(at: instant))
            instant += 86400 * 3 + 3607
        }
    }

    @Test("VTIMEZONE with RDATE transitions")
    func rdateTransitions() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VTIMEZONE
            TZID:Listed
            BEGIN:STANDARD
            DTSTART:20251026T030000
            RDATE:20261025T030000
            TZOFFSETFROM:+0300
            TZOFFSETTO:+0200
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:20260329T020000
            TZOFFSETFROM:+0200
            TZOFFSETTO:+0300
            END:DAYLIGHT
            END:VTIMEZONE
            END:VCALENDAR
            """
        let rules = try #require(TimeZoneResolver(calendar: try ICalendarParser().parseCalendar(text)).rules(for: "Listed"))
        #expect(rules.offset(at: LocalDateTime(year: 2026, month: 1, day: 1).civilSeconds) == 7200)
        #expect(rules.offset(at: LocalDateTime(year: 2026, month: 6, day: 1).civilSeconds) == 10800)
        #expect(rules.offset(at: LocalDateTime(year: 2026, month: 12, day: 1).civilSeconds) == 7200)
    }
}
