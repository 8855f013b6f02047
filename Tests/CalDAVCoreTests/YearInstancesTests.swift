import CalDAVCore
import CalDAVCoreTesting
import DAVCaching
import Foundation
import Testing
import WebDAV

/// calendar-query decided from recurring objects' instances kept by year
/// (``YearInstances``) answers exactly what expanding each window answers.
struct YearInstancesTests {
    let amal = DAVContext(principal: "amal", now: 1_800_000_000)

    static let riyadh = "BEGIN:VTIMEZONE\r\nTZID:Asia/Riyadh\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0300\r\nTZOFFSETTO:+0300\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
    static let newYork = """
        BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\nBEGIN:DAYLIGHT\r\nDTSTART:20070311T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\n\
        TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nEND:DAYLIGHT\r\nBEGIN:STANDARD\r\nDTSTART:20071104T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r\n\
        TZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n
        """

    static func calendar(_ events: String, zones: String = "") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n\(zones)\(events)END:VCALENDAR\r\n"
    }

    static func event(_ lines: String, uid: String = "s") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\n\(lines)END:VEVENT\r\n"
    }

    /// Series of every shape a year boundary or a window edge could split.
    static let objects: [String] = [
        calendar(event("DTSTART:20241230T230000Z\r\nDURATION:PT3H\r\nRRULE:FREQ=DAILY;INTERVAL=3\r\n")),
        calendar(event("DTSTART;TZID=America/New_York:20240105T183000\r\nDTEND;TZID=America/New_York:20240105T193000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,FR\r\nEXDATE;TZID=America/New_York:20260102T183000\r\n"),
                 zones: newYork),
        calendar(event("DTSTART;VALUE=DATE:20241231\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1\r\n")),
        calendar(event("DTSTART:20240301T090000\r\nDTEND:20240301T100000\r\nRRULE:FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270101T000000\r\n")),
        calendar(event("DTSTART;TZID=Asia/Riyadh:20241231T220000\r\nDURATION:P3D\r\nRRULE:FREQ=YEARLY;COUNT=4\r\n"), zones: riyadh),
        calendar(event("DTSTART:20250106T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY;COUNT=80\r\n")
                 + event("RECURRENCE-ID:20251229T090000Z\r\nDTSTART:20260103T120000Z\r\nDURATION:PT1H\r\n")
                 + event("RECURRENCE-ID;RANGE=THISANDFUTURE:20260302T090000Z\r\nDTSTART:20260302T150000Z\r\nDURATION:PT2H\r\n")),
        calendar(event("DTSTART:20260101T000000Z\r\nRDATE:20261231T235959Z,20270101T000000Z\r\nRRULE:FREQ=HOURLY;INTERVAL=5;COUNT=40\r\n")),
        calendar(event("DTSTART:20250615T100000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=HOURLY;INTERVAL=7\r\n")),  // too dense to keep
        calendar(event("DTSTART:20260105T090000Z\r\nDTEND:20260105T100000Z\r\n")),
        calendar("BEGIN:VTODO\r\nUID:t\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260110T090000Z\r\nRRULE:FREQ=DAILY\r\nEND:VTODO\r\n"),
    ]

    func send(_ responder: any DAVResponding, _ method: String, _ path: String, _ body: String = "") async -> DAVResponse {
        await responder.handle(DAVRequest(method: method, path: path, headers: ["depth": "1"], body: Array(body.utf8)), in: amal)
    }

    func hrefs(_ response: DAVResponse) -> [String] {
        let text = String(decoding: response.bodyBytes, as: UTF8.self)
        return text.components(separatedBy: "<D:href>").dropFirst().map { String($0.prefix { $0 != "<" }) }.sorted()
    }

    static func query(_ start: String, _ end: String, zone: String? = nil) -> String {
        let timeZone = zone.map { "<C:timezone>\(calendar("", zones: $0))</C:timezone>" } ?? ""
        return """
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>\
            <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="\(start)" end="\(end)"/>\
            </C:comp-filter></C:comp-filter></C:filter>\(timeZone)</C:calendar-query>
            """
    }

    static func stamp(_ instant: Int) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(instant))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    @Test("every window, within a year or across one, gets the same objects as expanding it")
    func sameAnswers() async throws {
        let store = InMemoryCalendarStore()
        let plain = DAVServer(CalDAVAdapter(store: store))
        let kept = KeptYearInstances()
        let keeping = DAVServer(CalDAVAdapter(store: store, yearInstances: kept))
        _ = await send(plain, "MKCALENDAR", "/dav/calendars/amal/work/")
        for (index, object) in Self.objects.enumerated() {
            let unique = object.replacingOccurrences(of: "UID:", with: "UID:\(index)-")
            let put = await send(plain, "PUT", "/dav/calendars/amal/work/\(index).ics", unique)
            #expect(put.status == 201, "\(object)")
        }
        // Windows from minutes to months, edges on and around midnight of 1 January.
        var windows: [(Int, Int)] = []
        var seed: UInt64 = 20261126
        func random(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let newYear2026 = 1_767_225_600
        for edge in [newYear2026, newYear2026 - 31_536_000, newYear2026 + 31_536_000] {
            for (before, after) in [(3600, 3600), (86400 * 3, 60), (1, 86400 * 40), (86400 * 30, 0), (0, 86400 * 30), (7200, 1)] {
                windows.append((edge - before, edge + after))
            }
        }
        for _ in 0..<60 {
            let start = 1_704_067_200 + random(4 * 31_536_000)
            windows.append((start, start + 60 + random(86400 * 45)))
        }
        for (start, end) in windows {
            for zone in [nil, Self.newYork] {
                let body = Self.query(Self.stamp(start), Self.stamp(end), zone: zone)
                let expected = await send(plain, "REPORT", "/dav/calendars/amal/work/", body)
                let answered = await send(keeping, "REPORT", "/dav/calendars/amal/work/", body)
                #expect(expected.status == 207 && answered.status == 207)
                #expect(hrefs(answered) == hrefs(expected), "\(Self.stamp(start)) - \(Self.stamp(end)) \(zone == nil ? "UTC" : "New York")")
            }
        }
        // Asked again, from what was kept: the same again.
        for (start, end) in windows.prefix(20) {
            let body = Self.query(Self.stamp(start), Self.stamp(end))
            #expect(hrefs(await send(keeping, "REPORT", "/dav/calendars/amal/work/", body)) == hrefs(await send(plain, "REPORT", "/dav/calendars/amal/work/", body)))
        }
    }

    @Test("a changed object is expanded again: the kept instances are keyed by its bytes")
    func changedObject() async throws {
        let store = InMemoryCalendarStore()
        let server = DAVServer(CalDAVAdapter(store: store, yearInstances: KeptYearInstances()))
        _ = await send(server, "MKCALENDAR", "/dav/calendars/amal/work/")
        let weekly = Self.calendar(Self.event("DTSTART:20260105T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY\r\n"))
        _ = await send(server, "PUT", "/dav/calendars/amal/work/w.ics", weekly)
        let tuesday = Self.query("20260310T000000Z", "20260311T000000Z")
        let monday = Self.query("20260309T000000Z", "20260310T000000Z")
        #expect(hrefs(await send(server, "REPORT", "/dav/calendars/amal/work/", monday)) == ["/dav/calendars/amal/work/w.ics"])
        #expect(hrefs(await send(server, "REPORT", "/dav/calendars/amal/work/", tuesday)).isEmpty)
        let moved = weekly.replacingOccurrences(of: "DTSTART:20260105", with: "DTSTART:20260106")
        _ = await send(server, "PUT", "/dav/calendars/amal/work/w.ics", moved)
        #expect(hrefs(await send(server, "REPORT", "/dav/calendars/amal/work/", monday)).isEmpty)
        #expect(hrefs(await send(server, "REPORT", "/dav/calendars/amal/work/", tuesday)) == ["/dav/calendars/amal/work/w.ics"])
    }

    @Test("windows are split into at most two UTC years; open and longer ones are expanded as they are")
    func years() {
        #expect(YearInstances.years(of: TimeRange(start: 1_767_225_600, end: 1_767_225_601)) == 2026...2026)
        #expect(YearInstances.years(of: TimeRange(start: 1_767_225_599, end: 1_767_225_601)) == 2025...2026)
        #expect(YearInstances.years(of: TimeRange(start: 1_767_225_599, end: 1_767_225_600)) == 2025...2025)
        #expect(YearInstances.years(of: TimeRange(start: 1_735_689_600, end: 1_798_761_601)) == nil)
        #expect(YearInstances.years(of: TimeRange(start: nil, end: 1_767_225_600)) == nil)
        #expect(YearInstances.years(of: TimeRange(start: 1_767_225_600, end: nil)) == nil)
    }
}
