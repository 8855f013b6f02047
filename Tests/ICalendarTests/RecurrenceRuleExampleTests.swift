import Testing
@testable import ICalendar

/// The recurrence examples of RFC 5545 §3.8.5.3, checked instance by instance on the
/// wall clock of their DTSTART.
struct RecurrenceRuleExampleTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let name: String
        let start: String
        let rule: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        Example(name: "daily for 10 occurrences", start: "19970902T090000", rule: "FREQ=DAILY;COUNT=10",
                expected: (2...11).map { "199709\(pad($0))T090000" }),
        Example(name: "every 10 days, 5 occurrences", start: "19970902T090000", rule: "FREQ=DAILY;INTERVAL=10;COUNT=5",
                expected: ["19970902T090000", "19970912T090000", "19970922T090000", "19971002T090000", "19971012T090000"]),
        Example(name: "weekly on Tuesday and Thursday for five weeks", start: "19970902T090000",
                rule: "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
                expected: ["19970902", "19970904", "19970909", "19970911", "19970916", "19970918", "19970923", "19970925", "19970930", "19971002"].map { $0 + "T090000" }),
        Example(name: "every other week on Monday, Wednesday and Friday", start: "19970901T090000",
                rule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000;WKST=SU;BYDAY=MO,WE,FR",
                expected: ["19970901", "19970903", "19970905", "19970915", "19970917", "19970919", "19970929", "19971001", "19971003",
                           "19971013", "19971015", "19971017", "19971027", "19971029", "19971031", "19971110", "19971112", "19971114",
                           "19971124", "19971126", "19971128", "19971208", "19971210", "19971212", "19971222"].map { $0 + "T090000" }),
        Example(name: "monthly on the first Friday", start: "19970905T090000", rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
                expected: ["19970905", "19971003", "19971107", "19971205", "19980102", "19980206", "19980306", "19980403", "19980501", "19980605"].map { $0 + "T090000" }),
        Example(name: "every other month on the first and last Sunday", start: "19970907T090000",
                rule: "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
                expected: ["19970907", "19970928", "19971102", "19971130", "19980104", "19980125", "19980301", "19980329", "19980503", "19980531"].map { $0 + "T090000" }),
        Example(name: "monthly on the second-to-last Monday", start: "19970922T090000", rule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
                expected: ["19970922", "19971020", "19971117", "19971222", "19980119", "19980216"].map { $0 + "T090000" }),
        Example(name: "monthly on the third-to-last day", start: "19970928T090000", rule: "FREQ=MONTHLY;BYMONTHDAY=-3;COUNT=6",
                expected: ["19970928", "19971029", "19971128", "19971229", "19980129", "19980226"].map { $0 + "T090000" }),
        Example(name: "first and last day of the month", start: "19970930T090000", rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
                expected: ["19970930", "19971001", "19971031", "19971101", "19971130", "19971201", "19971231", "19980101", "19980131", "19980201"].map { $0 + "T090000" }),
        Example(name: "every 18 months on the 10th to 15th", start: "19970910T090000",
                rule: "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
                expected: ["19970910", "19970911", "19970912", "19970913", "19970914", "19970915", "19990310", "19990311", "19990312", "19990313"].map { $0 + "T090000" }),
        Example(name: "yearly in June and July", start: "19970610T090000", rule: "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
                expected: (1997...2001).flatMap { ["\($0)0610T090000", "\($0)0710T090000"] }),
        Example(name: "every other year in January, February and March", start: "19970310T090000",
                rule: "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
                expected: ["19970310", "19990110", "19990210", "19990310", "20010110", "20010210", "20010310", "20030110", "20030210", "20030310"].map { $0 + "T090000" }),
        Example(name: "every third year on days 1, 100 and 200", start: "19970101T090000",
                rule: "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
                expected: ["19970101", "19970410", "19970719", "20000101", "20000409", "20000718", "20030101", "20030410", "20030719", "20060101"].map { $0 + "T090000" }),
        Example(name: "every 20th Monday of the year", start: "19970519T090000", rule: "FREQ=YEARLY;BYDAY=20MO;COUNT=3",
                expected: ["19970519T090000", "19980518T090000", "19990517T090000"]),
        Example(name: "Monday of week 20", start: "19970512T090000", rule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;COUNT=3",
                expected: ["19970512T090000", "19980511T090000", "19990517T090000"]),
        Example(name: "every Thursday in March", start: "19970313T090000", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=TH;COUNT=11",
                expected: ["19970313", "19970320", "19970327", "19980305", "19980312", "19980319", "19980326", "19990304", "19990311", "19990318", "19990325"].map { $0 + "T090000" }),
        Example(name: "Friday the 13th", start: "19970902T090000", rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;COUNT=6",
                expected: ["19970902", "19980213", "19980313", "19981113", "19990813", "20001013"].map { $0 + "T090000" }),
        Example(name: "first Saturday after the first Sunday", start: "19970913T090000",
                rule: "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13;COUNT=10",
                expected: ["19970913", "19971011", "19971108", "19971213", "19980110", "19980207", "19980307", "19980411", "19980509", "19980613"].map { $0 + "T090000" }),
        Example(name: "US presidential election day", start: "19961105T090000",
                rule: "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8;COUNT=3",
                expected: ["19961105T090000", "20001107T090000", "20041102T090000"]),
        Example(name: "third Tuesday, Wednesday or Thursday", start: "19970904T090000",
                rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
                expected: ["19970904T090000", "19971007T090000", "19971106T090000"]),
        Example(name: "second-to-last weekday of the month", start: "19970929T090000",
                rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2;COUNT=7",
                expected: ["19970929", "19971030", "19971127", "19971230", "19980129", "19980226", "19980330"].map { $0 + "T090000" }),
        Example(name: "every 15 minutes, 6 times", start: "19970902T090000", rule: "FREQ=MINUTELY;INTERVAL=15;COUNT=6",
                expected: ["090000", "091500", "093000", "094500", "100000", "101500"].map { "19970902T" + $0 }),
        Example(name: "every hour and a half, 4 times", start: "19970902T090000", rule: "FREQ=MINUTELY;INTERVAL=90;COUNT=4",
                expected: ["090000", "103000", "120000", "133000"].map { "19970902T" + $0 }),
        Example(name: "every 20 minutes from 9:00 to 16:40", start: "19970902T090000",
                rule: "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40;COUNT=26",
                expected: (9...16).flatMap { hour in [0, 20, 40].map { "19970902T\(pad(hour))\(pad($0))00" } } + ["19970903T090000", "19970903T092000"]),
        Example(name: "WKST=MO", start: "19970805T090000", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
                expected: ["19970805T090000", "19970810T090000", "19970819T090000", "19970824T090000"]),
        Example(name: "WKST=SU", start: "19970805T090000", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
                expected: ["19970805T090000", "19970817T090000", "19970819T090000", "19970831T090000"]),
        Example(name: "invalid dates are ignored", start: "20070115T090000", rule: "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
                expected: ["20070115T090000", "20070130T090000", "20070215T090000", "20070315T090000", "20070330T090000"]),
        Example(name: "every day in January for three years", start: "19980101T090000",
                rule: "FREQ=YEARLY;UNTIL=20000131T140000;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
                expected: (1998...2000).flatMap { year in (1...31).map { "\(year)01\(pad($0))T090000" } }),
    ]

    @Test("RFC 5545 §3.8.5.3 example", arguments: examples)
    func example(_ example: Example) throws {
        #expect(try Self.expand(start: example.start, rule: example.rule, limit: example.expected.count + 5) == example.expected)
    }

    @Test("a rule that never matches ends instead of looping")
    func ruleWithoutInstances() throws {
        #expect(try Self.expand(start: "20260101T090000", rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", limit: 10) == ["20260101T090000"])
        #expect(try Self.expand(start: "20260101T090000", rule: "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", limit: 10) == ["20260101T090000"])
    }

    @Test("29 February recurs only in leap years")
    func leapDay() throws {
        #expect(try Self.expand(start: "20240229T120000", rule: "FREQ=YEARLY;COUNT=3", limit: 5)
                == ["20240229T120000", "20280229T120000", "20320229T120000"])
    }

    @Test("negative BYWEEKNO and BYYEARDAY count from the end of the year")
    func negativeWeekAndYearDay() throws {
        #expect(try Self.expand(start: "20260101T080000", rule: "FREQ=YEARLY;BYYEARDAY=-1;COUNT=2", limit: 3)
                == ["20260101T080000", "20261231T080000", "20271231T080000"].prefix(2).map { $0 })
        // The last ISO week of 2026 is week 53 (28 December 2026 to 3 January 2027).
        #expect(try Self.expand(start: "20260105T080000", rule: "FREQ=YEARLY;BYWEEKNO=-1;BYDAY=MO;COUNT=3", limit: 3)
                == ["20260105T080000", "20261228T080000", "20271227T080000"])
    }

    static func expand(start: String, rule: String, limit: Int) throws -> [String] {
        let startValue = try DateTimeValue.parse(start)
        let parsed = try RecurrenceRule.parse(rule)
        var until: Int?
        if let value = parsed.until { until = value.local.civilSeconds }
        var iterator = RuleIterator(rule: parsed, start: startValue.local, isDate: startValue.isDate, untilCivil: until)
        var result: [String] = []
        while result.count < limit, let civil = iterator.next() {
            result.append(LocalDateTime(civilSeconds: civil).basicFormat)
        }
        return result
    }
}

private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
