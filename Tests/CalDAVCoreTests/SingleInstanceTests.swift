import Testing
@testable import CalDAVCore
import ICalendar
import WebDAV

/// The index's single instance (``CalendarObjectIndex/isSingleInstance``): set only for a
/// VEVENT with one instance in fixed time, and then deciding every time range exactly as
/// parsing the event does.
struct SingleInstanceTests {
    static func event(_ lines: String, extra: String = "") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n\(extra)BEGIN:VEVENT\r\nUID:u\r\nDTSTAMP:20260101T000000Z\r\n\(lines)END:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    static let zone = """
        BEGIN:VTIMEZONE\r\nTZID:Asia/Riyadh\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0300\r\nTZOFFSETTO:+0300\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n
        """

    /// Events with the answer the index should give.
    static let cases: [(String, Bool)] = [
        (event("DTSTART:20260105T090000Z\r\nDTEND:20260105T100000Z\r\n"), true),
        (event("DTSTART:20260105T090000Z\r\nDURATION:PT90M\r\n"), true),
        (event("DTSTART:20260105T090000Z\r\n"), true),  // an instant
        (event("DTSTART:20260105T090000Z\r\nDTEND:20260105T090000Z\r\n"), true),
        (event("DTSTART;TZID=Asia/Riyadh:20260105T090000\r\nDTEND;TZID=Asia/Riyadh:20260105T110000\r\n", extra: zone), true),
        (event("DTSTART;VALUE=DATE:20260105\r\n"), false),  // all day: floating
        (event("DTSTART:20260105T090000\r\nDTEND:20260105T100000\r\n"), false),  // floating
        (event("DTSTART:20260105T090000Z\r\nDTEND:20260105T100000\r\n"), false),  // floating end
        (event("DTSTART:20260105T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY;COUNT=3\r\n"), false),
        (event("DTSTART:20260105T090000Z\r\nDURATION:PT1H\r\nRDATE:20260107T090000Z\r\n"), false),
        (event("DTSTART:20260105T090000Z\r\nDURATION:PT1H\r\nEXDATE:20260105T090000Z\r\n"), false),
    ]

    @Test("the index marks a single instance only where the span is the instance")
    func flags() throws {
        for (text, expected) in Self.cases {
            let index = try CalendarObjectRules().check(Array(text.utf8)).index
            #expect(index.isSingleInstance == expected, "\(text)")
        }
        let todo = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:t\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nDUE:20260105T100000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(try CalendarObjectRules().check(Array(todo.utf8)).index.isSingleInstance == false)
    }

    @Test("a single instance decides every window as parsing the event does")
    func sameAnswers() throws {
        let instants = [1_767_600_000, 1_767_603_600, 1_767_604_200, 1_767_607_200, 1_767_610_800, 1_767_592_800, 1_767_614_400]
        var windows: [TimeRange] = [TimeRange(start: nil, end: nil)]
        for start in instants { windows.append(TimeRange(start: start, end: nil)); windows.append(TimeRange(start: nil, end: start)) }
        for start in instants { for end in instants where end > start { windows.append(TimeRange(start: start, end: end)) } }
        for (text, _) in Self.cases {
            let (calendar, index) = try CalendarObjectRules().check(Array(text.utf8))
            guard let instance = index.singleInstance else { continue }
            for window in windows {
                var inner = CompFilter(name: "VEVENT")
                inner.timeRange = window
                var filter = CompFilter(name: "VCALENDAR")
                filter.compFilters = [inner]
                #expect(filter.eventTimeRange == window)
                #expect(instance.overlaps(window) == CalendarQueryMatcher(filter: filter).matches(calendar), "\(text) \(window)")
            }
        }
    }

    @Test("only a filter of events in a time range, and nothing else, is answered from the index")
    func filters() {
        var inner = CompFilter(name: "VEVENT")
        inner.timeRange = TimeRange(start: 0, end: 10)
        var filter = CompFilter(name: "VCALENDAR")
        filter.compFilters = [inner]
        #expect(filter.eventTimeRange != nil)
        var withProperty = filter
        withProperty.compFilters[0].propFilters = [PropFilter(name: "SUMMARY")]
        var todos = filter
        todos.compFilters[0].name = "VTODO"
        var alarms = filter
        alarms.compFilters[0].compFilters = [CompFilter(name: "VALARM")]
        var noRange = filter
        noRange.compFilters[0].timeRange = nil
        for other in [withProperty, todos, alarms, noRange] { #expect(other.eventTimeRange == nil) }
    }
}
