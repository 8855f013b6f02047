import Testing
@testable import ICalendar

/// Every leniency the library applies, one test each, in the order of the list in the
/// DocC article "Leniency" (Sources/ICalendar/ICalendar.docc/Leniency.md). Each accepts
/// input that RFC 5545 does not allow but whose meaning is clear; what stays refused is
/// checked beside it.
struct LeniencyTests {
    static func calendar(_ body: String, lineEnd: String = "\r\n") throws -> Component {
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:t"] + body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            + ["END:VCALENDAR", ""]
        return try ICalendarParser().parseCalendar(lines.joined(separator: lineEnd))
    }

    static let event = "BEGIN:VEVENT\nUID:l\nDTSTAMP:20260101T000000Z\nDTSTART:20260105T090000Z\n"

    // MARK: Content lines

    @Test("1. bare LF line ends")
    func bareLineFeeds() throws {
        let calendar = try Self.calendar(Self.event + "END:VEVENT", lineEnd: "\n")
        #expect(calendar.components.first?[PropertyName.uid]?.value == "l")
    }

    @Test("2. a UTF-8 byte-order mark before the first line")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".utf8)
        #expect(try ICalendarParser().parseCalendar(bytes)[PropertyName.version]?.value == "2.0")
    }

    @Test("3. lines folded with a tab")
    func tabFolding() throws {
        let calendar = try Self.calendar(Self.event + "SUMMARY:Plan\n\tning\nEND:VEVENT")
        #expect(calendar.components.first?[PropertyName.summary]?.value == "Planning")
    }

    @Test("4. blank lines are skipped")
    func blankLines() throws {
        let calendar = try Self.calendar(Self.event + "\nSUMMARY:x\n\nEND:VEVENT")
        #expect(calendar.components.first?[PropertyName.summary]?.value == "x")
    }

    @Test("5. names in any case, and '_' in names")
    func names() throws {
        let calendar = try Self.calendar("begin:vevent\nuid:l\nx-my_prop;x-my_param=1:v\nend:vevent")
        let event = try #require(calendar.components.first)
        #expect(event.name == "VEVENT")
        #expect(event["X-MY_PROP"]?[parameter: "X-MY_PARAM"] == "1")
    }

    // MARK: Values

    @Test("6. spaces and tabs around a typed value")
    func surroundingSpaces() throws {
        #expect(try Property(name: "DTSTART", value: " 20260105T090000Z\t").dateTimeValue() == .dateTime(LocalDateTime(year: 2026, month: 1, day: 5, hour: 9), .utc))
        #expect(try DurationValue.parse(" PT1H ").exactSeconds == 3600)
        #expect(try UTCOffset.parse(" +0100 ").seconds == 3600)
        #expect(try RecurrenceRule.parse(" FREQ=DAILY ").frequency == .daily)
        let calendar = try Self.calendar("BEGIN:VEVENT\nUID:l\nDTSTAMP:20260101T000000Z\nDTSTART: 20260105T090000Z \nSEQUENCE: 2 \nEND:VEVENT")
        #expect(CalendarValidator().issues(in: calendar).isEmpty)
    }

    @Test("7. lower-case letters in DATE-TIME, DURATION and RECUR values")
    func lowerCaseValues() throws {
        #expect(try DateTimeValue.parse("20260105t090000z") == .dateTime(LocalDateTime(year: 2026, month: 1, day: 5, hour: 9), .utc))
        #expect(try DurationValue.parse("-p1dt2h").approximateSeconds == -(86400 + 7200))
        let rule = try RecurrenceRule.parse("freq=weekly;byday=mo,-1fr;wkst=su")
        #expect(rule.frequency == .weekly && rule.byDay.count == 2 && rule.weekStart == .sunday)
    }

    @Test("8. DURATION mixing weeks with days or time")
    func weeksWithOtherParts() throws {
        #expect(try DurationValue.parse("P1W2DT3H").approximateSeconds == 9 * 86400 + 3 * 3600)
    }

    @Test("9. DURATION with hours or seconds but no T (calcurse writes -P300S)")
    func timeWithoutT() throws {
        #expect(try DurationValue.parse("-P300S") == DurationValue(isNegative: true, seconds: 300))
        #expect(try DurationValue.parse("-P300S").exactSeconds == -300)
        #expect(try DurationValue.parse("P2H").exactSeconds == 7200)
        #expect(try DurationValue.parse("P1D2H").approximateSeconds == 86400 + 7200)
        // Minutes stay refused: without T, ISO 8601 reads M as months.
        #expect(throws: ValueError.self) { try DurationValue.parse("P5M") }
    }

    @Test("10. DURATION with a T and nothing after it (Apple's test suite sends P1DT)")
    func emptyTimePart() throws {
        #expect(try DurationValue.parse("P1DT") == DurationValue(days: 1))
        #expect(try DurationValue.parse("-P0DT").approximateSeconds == 0)
        // With no part at all the value means nothing.
        for bad in ["P", "PT", "-PT", "P1DTT"] {
            #expect(throws: ValueError.self) { try DurationValue.parse(bad) }
        }
    }

    @Test("9 and 10 in a calendar: valid, read as meant, stored as sent")
    func sloppyDurationsInACalendar() throws {
        let text = """
            BEGIN:VEVENT
            UID:l
            DTSTAMP:20260101T000000Z
            DTSTART:20260105T090000Z
            DURATION:P1DT
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:soon
            TRIGGER:-P300S
            END:VALARM
            END:VEVENT
            """
        let calendar = try Self.calendar(text)
        #expect(CalendarValidator().issues(in: calendar).isEmpty)
        let expander = RecurrenceExpander(calendar: calendar)
        let occurrence = try #require(try expander.occurrences(from: 0, to: 2_000_000_000).first)
        #expect(occurrence.endInstant - occurrence.startInstant == 86400)
        #expect(occurrence.alarmTriggers(expander: expander) == [occurrence.startInstant - 300])
        let serialized = ICalendarSerializer().string(calendar)
        #expect(serialized.contains("\r\nDURATION:P1DT\r\n") && serialized.contains("\r\nTRIGGER:-P300S\r\n"))
    }

    @Test("11. a leap second (60) in a time")
    func leapSecond() throws {
        let value = try DateTimeValue.parse("20261231T235960Z")
        #expect(value.local.civilSeconds == LocalDateTime(year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 59).civilSeconds)
    }

    @Test("12. TEXT: an unknown escape gives the character itself")
    func unknownEscapes() {
        #expect(TextEscaping.unescape("a\\:b\\x") == "a:bx")
        #expect(TextEscaping.unescape("trailing\\") == "trailing\\")
    }

    @Test("13. RECUR: '+' before numbers and unknown parts")
    func recurExtras() throws {
        let rule = try RecurrenceRule.parse("FREQ=MONTHLY;BYDAY=+1MO;BYMONTHDAY=+2;X-NAME=1")
        #expect(rule.byDay == [.init(.monday, ordinal: 1)] && rule.byMonthDay == [2])
        #expect(rule.otherParts == ["X-NAME=1"])
    }

    @Test("14. empty items in EXDATE and RDATE lists are skipped")
    func emptyListItems() throws {
        let property = Property(name: "EXDATE", value: "20260105T090000Z,,20260106T090000Z,")
        #expect(try property.dateTimeListValue().count == 2)
    }

    // MARK: Time zones

    @Test("15. TZIDs: quoted, Windows names, IANA names inside longer ones")
    func timeZoneNames() throws {
        let resolver = TimeZoneResolver()
        #expect(resolver.rules(for: "\"Europe/Berlin\"")?.identifier == "Europe/Berlin")
        #expect(resolver.rules(for: "W. Europe Standard Time")?.identifier == "Europe/Berlin")
        #expect(resolver.rules(for: "/mozilla.org/20050126_1/Europe/Berlin")?.identifier == "Europe/Berlin")
    }

    @Test("16. expansion reads a time in a TZID nothing defines as floating (the validator still reports it)")
    func unknownTimeZone() throws {
        let calendar = try Self.calendar("BEGIN:VEVENT\nUID:l\nDTSTAMP:20260101T000000Z\nDTSTART;TZID=Nowhere:20260105T090000\nEND:VEVENT")
        let occurrence = try #require(try RecurrenceExpander(calendar: calendar).occurrences(from: 0, to: 2_000_000_000).first)
        #expect(occurrence.startInstant == LocalDateTime(year: 2026, month: 1, day: 5, hour: 9).civilSeconds)
        #expect(CalendarValidator().issues(in: calendar).contains { $0.reason.contains("Nowhere") })
    }
}
