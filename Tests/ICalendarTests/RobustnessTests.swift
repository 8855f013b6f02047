import Testing
@testable import ICalendar

/// Hostile and damaged input: nothing may crash or hang, whatever the bytes.
struct RobustnessTests {
    static let seedCalendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//EN\r
        BEGIN:VTIMEZONE\r
        TZID:Custom\r
        BEGIN:STANDARD\r
        DTSTART:19701101T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r
        TZOFFSETFROM:-0400\r
        TZOFFSETTO:-0500\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:r@x\r
        DTSTAMP:20260101T000000Z\r
        DTSTART;TZID=Custom:20260105T090000\r
        DURATION:PT1H\r
        RRULE:FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1;INTERVAL=2\r
        EXDATE;TZID=Custom:20260331T090000\r
        RDATE;VALUE=PERIOD:20260210T100000Z/PT2H\r
        ATTENDEE;CN="A, B";PARTSTAT=ACCEPTED:mailto:a@x\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER;RELATED=END:-PT5M\r
        END:VALARM\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:r@x\r
        RECURRENCE-ID;RANGE=THISANDFUTURE:20260303T140000Z\r
        DTSTART:20260304T150000Z\r
        DTEND:20260304T160000Z\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// A small deterministic generator, so failures reproduce.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("random mutations parse, validate and expand without crashing")
    func mutations() {
        var generator = SplitMix(state: 20261123)
        let original = Array(Self.seedCalendar.utf8)
        let alphabet = Array(";:,=\"\\\r\n -TZ0123456789PWDHMSXFREQBYDAYCOUNT".utf8) + [0x00, 0xFF, 0xC3, 0x09]
        var parsedCount = 0
        for _ in 0..<1500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[position] = alphabet.randomElement(using: &generator)!
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(alphabet.randomElement(using: &generator)!, at: position)
                default:
                    let end = min(bytes.count, position + Int.random(in: 1...40, using: &generator))
                    bytes.insert(contentsOf: bytes[position..<end], at: position)
                }
            }
            guard let calendar = try? ICalendarParser().parseCalendar(bytes) else { continue }
            parsedCount += 1
            _ = CalendarValidator().issues(in: calendar)
            let expander = RecurrenceExpander(calendar: calendar, limits: ExpansionLimits(maxOccurrences: 10_000, maxGeneratedPerComponent: 100_000))
            _ = try? expander.occurrences(from: 1_760_000_000, to: 1_800_000_000)
            _ = ICalendarSerializer(options: .normalizeTextEscaping).serialize(calendar)
        }
        #expect(parsedCount > 50)
    }

    @Test("pathological rules end quickly", arguments: [
        "FREQ=SECONDLY;BYYEARDAY=366;BYMONTH=2",
        "FREQ=MINUTELY;BYMONTHDAY=31;BYMONTH=4",
        "FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6",
        "FREQ=DAILY;BYMONTHDAY=30;BYMONTH=2;BYDAY=MO",
        "FREQ=MONTHLY;BYDAY=5FR;BYMONTHDAY=1",
        "FREQ=YEARLY;INTERVAL=1000000;BYSETPOS=366",
    ])
    func pathologicalRules(_ rule: String) throws {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:p\nDTSTART:20260101T000000Z\nRRULE:\(rule)\nEND:VEVENT\nEND:VCALENDAR\n"
        let expander = RecurrenceExpander(calendar: try ICalendarParser().parseCalendar(text))
        let occurrences = try expander.occurrences(from: 1_767_225_600, to: 1_767_225_600 + 50 * 365 * 86400)
        #expect(occurrences.count >= 1)
    }

    @Test("an unbounded rule without a range end is cut by the iteration limit")
    func iterationLimit() throws {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:p\nDTSTART:19700101T000000Z\nRRULE:FREQ=SECONDLY;COUNT=100000000\nEND:VEVENT\nEND:VCALENDAR\n"
        let expander = RecurrenceExpander(calendar: try ICalendarParser().parseCalendar(text), limits: ExpansionLimits(maxGeneratedPerComponent: 50_000))
        #expect(throws: ExpansionError.self) { try expander.occurrences(from: 1_767_225_600, to: 1_767_225_601) }
    }
}
