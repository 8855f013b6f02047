import Testing
import ICalendar

/// Splitting exports into calendar objects and merging objects into one file.
struct TransformTests {
    static let export = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Example//Export//EN
        METHOD:PUBLISH
        X-WR-CALNAME:Team
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:STANDARD
        DTSTART:19701025T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VTIMEZONE
        TZID:Asia/Riyadh
        BEGIN:STANDARD
        DTSTART:19700101T000000
        TZOFFSETFROM:+0300
        TZOFFSETTO:+0300
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VEVENT
        UID:weekly
        DTSTAMP:20260101T000000Z
        DTSTART;TZID=Europe/Berlin:20260105T090000
        RRULE:FREQ=WEEKLY
        END:VEVENT
        BEGIN:VTODO
        UID:task
        DTSTAMP:20260101T000000Z
        END:VTODO
        BEGIN:VEVENT
        UID:weekly
        DTSTAMP:20260101T000000Z
        RECURRENCE-ID;TZID=Europe/Berlin:20260112T090000
        DTSTART;TZID=Europe/Berlin:20260112T100000
        END:VEVENT
        BEGIN:VEVENT
        DTSTAMP:20260101T000000Z
        DTSTART:20260105T090000Z
        END:VEVENT
        BEGIN:VTODO
        UID:weekly
        DTSTAMP:20260101T000000Z
        END:VTODO
        BEGIN:VEVENT
        UID:task
        DTSTAMP:20260101T000000Z
        DTSTART:20260105T090000Z
        END:VEVENT
        BEGIN:VEVENT
        UID:weekly
        DTSTAMP:20260101T000000Z
        DTSTART;TZID=Europe/Berlin:20260105T090000
        END:VEVENT
        BEGIN:VFREEBUSY
        UID:fb
        DTSTAMP:20260101T000000Z
        END:VFREEBUSY
        END:VCALENDAR
        """

    @Test("an export splits into one object per UID, overrides with their master, zones as used")
    func split() throws {
        let (pieces, skipped) = CalendarSplitter().split(try ICalendarParser().parseCalendar(Self.export))
        #expect(pieces.map(\.uid) == ["weekly", "task"])
        let weekly = pieces[0].calendar
        #expect(weekly.components.map(\.name) == ["VTIMEZONE", "VEVENT", "VEVENT"])
        #expect(weekly.components[0][PropertyName.timeZoneID]?.value == "Europe/Berlin")
        #expect(weekly.properties.map(\.name) == ["VERSION", "PRODID"])
        #expect(pieces[1].componentType == "VTODO" && pieces[1].calendar.components.map(\.name) == ["VTODO"])
        #expect(skipped.map(\.reason) == [
            "VEVENT has no UID",
            "UID weekly is already a VEVENT, not a VTODO",
            "UID task is already a VTODO, not a VEVENT",
            "UID weekly appears twice; the first is kept",
            "VFREEBUSY is not kept in calendar collections",
        ])
        #expect(skipped.allSatisfy { $0.line > 0 })
    }

    @Test("merging gives each zone once and keeps every component")
    func merge() throws {
        let (pieces, _) = CalendarSplitter().split(try ICalendarParser().parseCalendar(Self.export))
        var merger = CalendarMerger(productID: "-//Test//EN", name: "Team, again")
        for piece in pieces + pieces { merger.add(piece.calendar) }
        let merged = merger.calendar
        #expect(merged.components.map(\.name) == ["VTIMEZONE", "VEVENT", "VEVENT", "VTODO", "VEVENT", "VEVENT", "VTODO"])
        #expect(merged["X-WR-CALNAME"]?.textValue == "Team, again")
        let reparsed = try ICalendarParser().parseCalendar(ICalendarSerializer().serialize(merged))
        #expect(reparsed == merged)
    }
}
