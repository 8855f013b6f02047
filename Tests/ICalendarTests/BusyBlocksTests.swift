import Foundation
import Testing
@testable import ICalendar

/// A calendar reduced to busy blocks: timing kept, everything that says what or who dropped,
/// free and cancelled time left out, including single instances of a series.
struct BusyBlocksTests {
    @Test("events keep only their timing; tasks, free and cancelled events go; a cancelled instance becomes an EXDATE")
    func reduced() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//t//EN\r
            BEGIN:VTIMEZONE\r
            TZID:Asia/Riyadh\r
            BEGIN:STANDARD\r
            DTSTART:19700101T000000\r
            TZOFFSETFROM:+0300\r
            TZOFFSETTO:+0300\r
            END:STANDARD\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            UID:clinic\r
            DTSTAMP:20261101T000000Z\r
            DTSTART;TZID=Asia/Riyadh:20261202T100000\r
            DTEND;TZID=Asia/Riyadh:20261202T110000\r
            RRULE:FREQ=WEEKLY;COUNT=3\r
            SUMMARY:Clinic appointment\r
            LOCATION:Room 4\r
            DESCRIPTION:Bring the papers\r
            ATTENDEE:mailto:doctor@example.org\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:-PT15M\r
            DESCRIPTION:Clinic\r
            END:VALARM\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:clinic\r
            DTSTAMP:20261101T000000Z\r
            RECURRENCE-ID;TZID=Asia/Riyadh:20261209T100000\r
            DTSTART;TZID=Asia/Riyadh:20261209T100000\r
            DTEND;TZID=Asia/Riyadh:20261209T110000\r
            STATUS:CANCELLED\r
            SUMMARY:Clinic appointment\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let reduced = BusyBlocks.of(try ICalendarParser().parseCalendar(text))
        let output = String(decoding: ICalendarSerializer().serialize(reduced), as: UTF8.self)
        #expect(reduced.components.map(\.name) == ["VTIMEZONE", "VEVENT"])
        #expect(output.contains("SUMMARY:Busy") && output.contains("RRULE:FREQ=WEEKLY;COUNT=3"))
        #expect(output.contains("EXDATE;TZID=Asia/Riyadh:20261209T100000"))
        for secret in ["Clinic", "Room 4", "papers", "doctor", "VALARM"] { #expect(!output.contains(secret), "\(secret) shown") }

        let free = try ICalendarParser().parseCalendar(text.replacingOccurrences(of: "LOCATION:Room 4\r\n", with: "TRANSP:TRANSPARENT\r\n"))
        #expect(BusyBlocks.of(free).components.map(\.name) == ["VTIMEZONE"])
        let task = try ICalendarParser().parseCalendar("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:t\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:Secret task\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        #expect(BusyBlocks.of(task).components.isEmpty)
    }
}
