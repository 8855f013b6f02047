import Testing
@testable import CalDAVCore
import ICalendar
import WebDAV

/// CALDAV:filter decoding and exact matching (RFC 4791 §9.7, §9.9).
struct CalendarQueryTests {
    static let object = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//t//EN
        BEGIN:VEVENT
        UID:weekly
        DTSTAMP:20260101T000000Z
        DTSTART:20260105T090000Z
        DURATION:PT1H
        RRULE:FREQ=WEEKLY;COUNT=10
        SUMMARY:Team MEETING
        ATTENDEE;PARTSTAT=NEEDS-ACTION;CN=Amal:mailto:amal@example.net
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-PT15M
        END:VALARM
        END:VEVENT
        END:VCALENDAR
        """

    func filter(_ inner: String) throws -> CompFilter {
        let xml = "<C:filter xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><C:comp-filter name=\"VCALENDAR\">\(inner)</C:comp-filter></C:filter>"
        return try CompFilter(filter: XMLReader().parse(Array(xml.utf8)))
    }

    func matches(_ inner: String, _ text: String = object) throws -> Bool {
        let calendar = try ICalendarParser().parseCalendar(text)
        return CalendarQueryMatcher(filter: try filter(inner)).matches(calendar)
    }

    @Test("time ranges see every instance of a recurring event")
    func recurringTimeRange() throws {
        #expect(try matches(#"<C:comp-filter name="VEVENT"><C:time-range start="20260302T093000Z" end="20260302T094000Z"/></C:comp-filter>"#))
        #expect(try !matches(#"<C:comp-filter name="VEVENT"><C:time-range start="20260302T100000Z" end="20260309T090000Z"/></C:comp-filter>"#))
        #expect(try !matches(#"<C:comp-filter name="VEVENT"><C:time-range start="20260316T000000Z"/></C:comp-filter>"#))
        #expect(try matches(#"<C:comp-filter name="VEVENT"><C:time-range end="20260105T090001Z"/></C:comp-filter>"#))
    }

    @Test("a time range on VCALENDAR itself means any component inside overlaps")
    func calendarTimeRange() throws {
        #expect(try matches(#"<C:time-range start="20260302T093000Z" end="20260302T094000Z"/>"#))
        #expect(try !matches(#"<C:time-range start="20260302T100000Z" end="20260309T090000Z"/>"#))
    }

    @Test("text-match collations and negation")
    func textMatch() throws {
        func summary(_ match: String) throws -> Bool {
            try matches("<C:comp-filter name=\"VEVENT\"><C:prop-filter name=\"SUMMARY\">\(match)</C:prop-filter></C:comp-filter>")
        }
        #expect(try summary(#"<C:text-match>meeting</C:text-match>"#))
        #expect(try !summary(#"<C:text-match collation="i;octet">meeting</C:text-match>"#))
        #expect(try summary(#"<C:text-match collation="i;octet">MEETING</C:text-match>"#))
        #expect(try summary(#"<C:text-match collation="i;unicode-casemap">team m</C:text-match>"#))
        #expect(try !summary(#"<C:text-match negate-condition="yes">team</C:text-match>"#))
    }

    @Test("is-not-defined, param-filter and VALARM ranges")
    func structure() throws {
        #expect(try matches(#"<C:comp-filter name="VEVENT"><C:prop-filter name="LOCATION"><C:is-not-defined/></C:prop-filter></C:comp-filter>"#))
        #expect(try !matches(#"<C:comp-filter name="VTODO"/>"#))
        #expect(try matches(#"<C:comp-filter name="VTODO"><C:is-not-defined/></C:comp-filter>"#))
        #expect(try matches(#"<C:comp-filter name="VEVENT"><C:prop-filter name="ATTENDEE"><C:param-filter name="PARTSTAT"><C:text-match>needs-action</C:text-match></C:param-filter></C:prop-filter></C:comp-filter>"#))
        #expect(try !matches(#"<C:comp-filter name="VEVENT"><C:prop-filter name="ATTENDEE"><C:param-filter name="ROLE"/></C:prop-filter></C:comp-filter>"#))
        // The alarm of the 12 January instance fires at 08:45.
        #expect(try matches(#"<C:comp-filter name="VEVENT"><C:comp-filter name="VALARM"><C:time-range start="20260112T084000Z" end="20260112T085000Z"/></C:comp-filter></C:comp-filter>"#))
        #expect(try !matches(#"<C:comp-filter name="VEVENT"><C:comp-filter name="VALARM"><C:time-range start="20260112T085000Z" end="20260112T090000Z"/></C:comp-filter></C:comp-filter>"#))
    }

    @Test("a to-do without dates matches every range")
    func undatedTodo() throws {
        let todo = "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:t\nSUMMARY:Buy dates\nEND:VTODO\nEND:VCALENDAR\n"
        #expect(try matches(#"<C:comp-filter name="VTODO"><C:time-range start="20300101T000000Z" end="20300102T000000Z"/></C:comp-filter>"#, todo))
    }

    @Test("invalid filters are refused with valid-filter or supported-collation", arguments: [
        (#"<C:comp-filter name="VEVENT"><C:time-range start="20260102T000000Z" end="20260101T000000Z"/></C:comp-filter>"#, "valid-filter"),
        (#"<C:comp-filter name="VEVENT"><C:time-range start="20260102"/></C:comp-filter>"#, "valid-filter"),
        (#"<C:comp-filter name="VEVENT"><C:is-not-defined/><C:time-range start="20260101T000000Z"/></C:comp-filter>"#, "valid-filter"),
        (#"<C:comp-filter name="VEVENT"><C:prop-filter name="SUMMARY"><C:text-match collation="i;klingon">x</C:text-match></C:prop-filter></C:comp-filter>"#, "supported-collation"),
        (#"<C:comp-filter><C:time-range start="20260101T000000Z"/></C:comp-filter>"#, "valid-filter"),
    ])
    func invalid(_ inner: String, _ condition: String) {
        do {
            _ = try filter(inner)
            Issue.record("accepted \(inner)")
        } catch let error as DAVError {
            #expect(error.condition?.name.local == condition)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

struct CalendarQueryReportTests {
    let base = CalDAVAdapterTests()

    @Test("calendar-query over the handler returns only matching objects with their data")
    func report() async throws {
        _ = await base.send("MKCALENDAR", "/dav/calendars/amal/work/")
        _ = await base.send("PUT", "/dav/calendars/amal/work/weekly.ics", CalendarQueryTests.object.replacingLineEnds())
        _ = await base.send("PUT", "/dav/calendars/amal/work/other.ics", base.event("other"))
        let response = await base.send("REPORT", "/dav/calendars/amal/work/", """
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <D:prop><D:getetag/><C:calendar-data/></D:prop>
            <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
            <C:time-range start="20260209T000000Z" end="20260210T000000Z"/></C:comp-filter></C:comp-filter></C:filter>
            </C:calendar-query>
            """, headers: ["Depth": "1"])
        #expect(response.status == 207)
        let hrefs = try XMLReader().parse(response.bodyBytes).elements.compactMap { $0.element(named: DAVXML.Name(DAVXML.Namespace.dav, "href"))?.text }
        #expect(hrefs == ["/dav/calendars/amal/work/weekly.ics"])
    }
}

extension CalendarQueryReportTests {
    func calendarData(_ dataElement: String) async throws -> String {
        _ = await base.send("MKCALENDAR", "/dav/calendars/amal/work/")
        _ = await base.send("PUT", "/dav/calendars/amal/work/weekly.ics", CalendarQueryTests.object.replacingLineEnds())
        let response = await base.send("REPORT", "/dav/calendars/amal/work/", """
            <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <D:prop>\(dataElement)</D:prop><D:href>/dav/calendars/amal/work/weekly.ics</D:href></C:calendar-multiget>
            """)
        let root = try XMLReader().parse(response.bodyBytes)
        return root.elements.first?.element(named: DAVXML.Name(DAVXML.Namespace.dav, "propstat"))?
            .element(named: DAVXML.Name(DAVXML.Namespace.dav, "prop"))?
            .element(named: DAVXML.Name(DAVXML.Namespace.calDAV, "calendar-data"))?.text ?? ""
    }

    @Test("calendar-data with expand gives one UTC component per instance (RFC 4791 §9.6.5)")
    func expand() async throws {
        let text = try await calendarData(#"<C:calendar-data><C:expand start="20260112T000000Z" end="20260127T000000Z"/></C:calendar-data>"#)
        let calendar = try ICalendarParser().parseCalendar(text)
        let events = calendar.components(named: "VEVENT")
        #expect(events.map { $0["RECURRENCE-ID"]?.value } == ["20260112T090000Z", "20260119T090000Z", "20260126T090000Z"])
        #expect(events.allSatisfy { !$0.has("RRULE") && $0["DTEND"]?.value.hasSuffix("T100000Z") == true })
    }

    @Test("calendar-data with a component and property selection (RFC 4791 §9.6.1)")
    func partial() async throws {
        let text = try await calendarData("""
            <C:calendar-data><C:comp name="VCALENDAR"><C:prop name="VERSION"/><C:comp name="VEVENT"><C:prop name="UID"/><C:prop name="SUMMARY"/></C:comp></C:comp></C:calendar-data>
            """)
        let calendar = try ICalendarParser().parseCalendar(text)
        #expect(calendar.properties.map(\.name) == ["VERSION"])
        #expect(calendar.components.map { $0.properties.map(\.name) } == [["UID", "SUMMARY"]])
    }
}

extension CalendarQueryReportTests {
    @Test("free-busy-query merges the busy time of every instance in the range")
    func freeBusy() async throws {
        _ = await base.send("MKCALENDAR", "/dav/calendars/amal/work/")
        _ = await base.send("PUT", "/dav/calendars/amal/work/weekly.ics", CalendarQueryTests.object.replacingLineEnds())
        let response = await base.send("REPORT", "/dav/calendars/amal/work/", """
            <C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:time-range start="20260110T000000Z" end="20260120T000000Z"/></C:free-busy-query>
            """)
        #expect(response.status == 200)
        let text = String(decoding: response.bodyBytes, as: UTF8.self)
        #expect(text.contains("FREEBUSY;FBTYPE=BUSY:20260112T090000Z/20260112T100000Z\r\n"))
        #expect(text.contains("FREEBUSY;FBTYPE=BUSY:20260119T090000Z/20260119T100000Z\r\n"))
        #expect(!text.contains("20260105"))
    }
}

private extension String {
    func replacingLineEnds() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }
}
