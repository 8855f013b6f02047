import Testing
@testable import ICalendar

struct ValueTests {
    @Test("DATE and DATE-TIME forms")
    func dateTimes() throws {
        #expect(try DateTimeValue.parse("20261123") == .date(LocalDate(year: 2026, month: 11, day: 23)))
        #expect(try DateTimeValue.parse("20261123T090000Z") == .dateTime(LocalDateTime(year: 2026, month: 11, day: 23, hour: 9), .utc))
        #expect(try DateTimeValue.parse("20261123T090000") == .dateTime(LocalDateTime(year: 2026, month: 11, day: 23, hour: 9), .floating))
        #expect(try DateTimeValue.parse("20261123T090000", zone: "Asia/Riyadh").reference == .zone("Asia/Riyadh"))
        for bad in ["2026-11-23", "20261323", "20260230", "20261123T250000", "20261123T0900", "20261123T090000X"] {
            #expect(throws: ValueError.self) { try DateTimeValue.parse(bad) }
        }
        #expect(throws: ValueError.self) { try DateTimeValue.parse("20261123T090000", expectDate: true) }
    }

    @Test("day numbers and weekdays")
    func dayNumbers() {
        #expect(LocalDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(LocalDate(dayNumber: -1) == LocalDate(year: 1969, month: 12, day: 31))
        #expect(LocalDate(year: 2026, month: 11, day: 23).weekday == .monday)
        for day in stride(from: -800_000, to: 800_000, by: 997) {
            #expect(LocalDate(dayNumber: day).dayNumber == day)
        }
    }

    @Test("DURATION")
    func durations() throws {
        #expect(try DurationValue.parse("P1W").nominalDays == 7)
        let mixed = try DurationValue.parse("-P1DT2H30M15S")
        #expect(mixed.nominalDays == -1 && mixed.exactSeconds == -(2 * 3600 + 30 * 60 + 15))
        #expect(try DurationValue.parse("PT0S").approximateSeconds == 0)
        #expect(try DurationValue.parse("P15DT5H0M20S").description == "P15DT5H20S")
        for bad in ["P", "PT", "1D", "PT1D", "P1M", "PTS", "P1DTT", "P99999999999D"] {
            #expect(throws: ValueError.self) { try DurationValue.parse(bad) }
        }
    }

    @Test("PERIOD and UTC-OFFSET")
    func periodsAndOffsets() throws {
        let period = try PeriodValue.parse("19970101T180000Z/PT5H30M")
        #expect(period.end == .duration(DurationValue(hours: 5, minutes: 30)))
        #expect(try PeriodValue.parse("19970101T180000Z/19970102T070000Z").description == "19970101T180000Z/19970102T070000Z")
        #expect(try UTCOffset.parse("-0500").seconds == -18000)
        #expect(try UTCOffset.parse("+103000").seconds == 37800)
        #expect(throws: ValueError.self) { try UTCOffset.parse("0500") }
    }

    @Test("RECUR parses every part and prints them back")
    func recurrenceRules() throws {
        let text = "FREQ=YEARLY;UNTIL=20301231T235959Z;INTERVAL=2;BYSECOND=0;BYMINUTE=30;BYHOUR=9;BYDAY=-1FR,MO;BYMONTHDAY=-3,1;BYYEARDAY=100;BYWEEKNO=-1;BYMONTH=1,5L;BYSETPOS=-1;WKST=SU"
        let rule = try RecurrenceRule.parse(text)
        #expect(rule.byDay == [.init(.friday, ordinal: -1), .init(.monday)])
        #expect(rule.byLeapMonth == [5])
        #expect(try RecurrenceRule.parse(rule.description) == rule)
        for bad in ["COUNT=3", "FREQ=DAILY;COUNT=0", "FREQ=DAILY;COUNT=2;UNTIL=20260101", "FREQ=WEEKLY;BYDAY=XX",
                    "FREQ=DAILY;BYHOUR=24", "FREQ=DAILY;BYMONTHDAY=0", "FREQ=DAILY;FREQ=WEEKLY", "FREQ=DAILY;INTERVAL=-1"] {
            #expect(throws: ValueError.self) { try RecurrenceRule.parse(bad) }
        }
    }

    @Test("TEXT unescaping is lenient about unknown escapes")
    func textUnescape() {
        #expect(TextEscaping.unescape("a\\:b\\,c\\Nd") == "a:b,c\nd")
        #expect(TextEscaping.escape("a;b,c\\d\r\ne") == "a\\;b\\,c\\\\d\\ne")
    }
}
