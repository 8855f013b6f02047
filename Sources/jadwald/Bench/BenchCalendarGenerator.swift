import ICalendar

/// Deterministic generator of a large, realistic iCalendar file for `jadwald ical bench`.
///
/// The output is shaped like exports from Google Calendar, Outlook and Apple Calendar:
/// VTIMEZONE blocks, timed events in four zones, UTC and all-day events, escaped and
/// non-ASCII text, attendees with quoted parameters, vendor X- properties, alarms, and
/// about 30% recurring series with EXDATEs, RDATEs and RECURRENCE-ID overrides.
/// All written event dates lie in 2024–2027. Lines end in CRLF and are folded at 75
/// octets without splitting a UTF-8 sequence.
///
/// The same seed always gives the same bytes: randomness comes from a private SplitMix64,
/// dates are computed with ICalendar's integer civil-calendar arithmetic (no Foundation
/// calendar, no floating point), so the output does not depend on the host or its time zone.
struct BenchCalendarGenerator {
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
    }

    /// Returns the bytes of one VCALENDAR of roughly `targetBytes` (it stops at the first
    /// event that reaches the target, so it overshoots by at most one event, a few KB).
    func makeCalendar(targetBytes: Int) -> [UInt8] {
        var out = Writer(capacity: max(targetBytes, 0) + 64 * 1024)
        var rng = SplitMix64(seed: seed)
        writeHeader(&out)
        for zone in Zone.allCases {
            writeTimeZone(zone, &out)
        }
        let footer = "END:VCALENDAR\r\n".utf8.count
        var index = 0
        repeat {
            writeSeries(index: index, rng: &rng, out: &out)
            index += 1
        } while out.count + footer < targetBytes
        out.line("END:VCALENDAR")
        return out.bytes
    }
}

// MARK: - Random numbers

extension BenchCalendarGenerator {
    /// SplitMix64: tiny, fast, and good enough for shaping test data.
    struct SplitMix64 {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// Uniform in `0..<bound` (modulo bias is irrelevant here).
        mutating func below(_ bound: Int) -> Int {
            Int(next() % UInt64(bound))
        }

        mutating func inRange(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + below(range.upperBound - range.lowerBound + 1)
        }

        /// True with probability `percent`/100.
        mutating func chance(_ percent: Int) -> Bool {
            below(100) < percent
        }

        mutating func pick<T>(_ items: [T]) -> T {
            items[below(items.count)]
        }
    }
}

// MARK: - Output with folding

extension BenchCalendarGenerator {
    /// Collects one content line at a time and appends it folded to the output.
    struct Writer {
        private(set) var bytes: [UInt8] = []
        private var line: [UInt8] = []

        init(capacity: Int) {
            bytes.reserveCapacity(capacity)
            line.reserveCapacity(8192)
        }

        var count: Int { bytes.count }

        mutating func put(_ text: String) {
            line.append(contentsOf: text.utf8)
        }

        mutating func put(byte: UInt8) {
            line.append(byte)
        }

        /// Appends `text` as a TEXT value: backslash, semicolon, comma and newline escaped.
        mutating func putText(_ text: String) {
            for byte in text.utf8 {
                switch byte {
                case 0x5C, 0x3B, 0x2C:
                    line.append(0x5C)
                    line.append(byte)
                case 0x0A:
                    line.append(0x5C)
                    line.append(0x6E)
                default:
                    line.append(byte)
                }
            }
        }

        /// Appends a non-negative integer (below 10^17), zero-padded to `width` digits.
        mutating func put(int value: Int, width: Int = 1) {
            let v = max(value, 0)
            var digits = 1
            var power = 10
            while power <= v {
                digits += 1
                power *= 10
            }
            if width > digits {
                for _ in digits..<width { line.append(0x30) }
            }
            var divisor = power / 10
            while divisor > 0 {
                line.append(UInt8(truncatingIfNeeded: 0x30 + (v / divisor) % 10))
                divisor /= 10
            }
        }

        /// `YYYYMMDD`
        mutating func put(date day: Int) {
            let (y, m, d) = Civil.date(fromDays: day)
            put(int: y, width: 4)
            put(int: m, width: 2)
            put(int: d, width: 2)
        }

        /// `YYYYMMDDTHHMMSS`, plus `Z` when `utc`.
        mutating func put(dateTime day: Int, minute: Int, second: Int = 0, utc: Bool) {
            put(date: day)
            put(byte: 0x54)  // T
            put(int: minute / 60, width: 2)
            put(int: minute % 60, width: 2)
            put(int: second, width: 2)
            if utc { put(byte: 0x5A) }  // Z
        }

        /// Ends the current content line: writes it folded (RFC 5545 §3.1) and CRLF-terminated.
        mutating func endLine() {
            let n = line.count
            var start = 0
            var limit = 75  // continuation lines spend one octet on the leading space
            while n - start > limit {
                var cut = start + limit
                // Never split a UTF-8 sequence: back up to the start of the character.
                while line[cut] & 0xC0 == 0x80 { cut -= 1 }
                bytes.append(contentsOf: line[start..<cut])
                bytes.append(0x0D)
                bytes.append(0x0A)
                bytes.append(0x20)
                start = cut
                limit = 74
            }
            bytes.append(contentsOf: line[start..<n])
            bytes.append(0x0D)
            bytes.append(0x0A)
            line.removeAll(keepingCapacity: true)
        }

        mutating func line(_ text: String) {
            put(text)
            endLine()
        }
    }
}

// MARK: - Calendar arithmetic

extension BenchCalendarGenerator {
    /// Proleptic Gregorian dates as day numbers since 1970-01-01, through ICalendar's
    /// integer date arithmetic.
    enum Civil {
        static func days(year: Int, month: Int, day: Int) -> Int {
            LocalDate(year: year, month: month, day: day).dayNumber
        }

        static func date(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
            let date = LocalDate(dayNumber: days)
            return (date.year, date.month, date.day)
        }

        /// 0 = Sunday … 6 = Saturday.
        static func weekday(_ days: Int) -> Int {
            (Weekday(dayNumber: days).rawValue + 1) % 7
        }

        static func monthLength(year: Int, month: Int) -> Int {
            LocalDate.daysInMonth(year: year, month: month)
        }
    }

    static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    static let firstDay = Civil.days(year: 2024, month: 1, day: 1)
    static let lastDay = Civil.days(year: 2027, month: 12, day: 31)
}

// MARK: - Time zones

extension BenchCalendarGenerator {
    enum Zone: CaseIterable {
        case newYork, london, riyadh, sydney

        var tzid: String {
            switch self {
            case .newYork: "America/New_York"
            case .london: "Europe/London"
            case .riyadh: "Asia/Riyadh"
            case .sydney: "Australia/Sydney"
            }
        }
    }

    /// One observance of a VTIMEZONE: name, offsets, first onset and yearly rule.
    private struct Observance {
        let kind: String
        let from: String
        let to: String
        let name: String
        let start: String
        let rule: String?
    }

    private func observances(_ zone: Zone) -> [Observance] {
        switch zone {
        case .newYork:
            [Observance(kind: "DAYLIGHT", from: "-0500", to: "-0400", name: "EDT",
                        start: "19700308T020000", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"),
             Observance(kind: "STANDARD", from: "-0400", to: "-0500", name: "EST",
                        start: "19701101T020000", rule: "FREQ=YEARLY;BYMONTH=11;BYDAY=1SU")]
        case .london:
            [Observance(kind: "DAYLIGHT", from: "+0000", to: "+0100", name: "BST",
                        start: "19700329T010000", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
             Observance(kind: "STANDARD", from: "+0100", to: "+0000", name: "GMT",
                        start: "19701025T020000", rule: "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU")]
        case .riyadh:
            // No daylight saving time since 1950: a single STANDARD observance, no RRULE.
            [Observance(kind: "STANDARD", from: "+0300", to: "+0300", name: "+03",
                        start: "19700101T000000", rule: nil)]
        case .sydney:
            [Observance(kind: "STANDARD", from: "+1100", to: "+1000", name: "AEST",
                        start: "19700405T030000", rule: "FREQ=YEARLY;BYMONTH=4;BYDAY=1SU"),
             Observance(kind: "DAYLIGHT", from: "+1000", to: "+1100", name: "AEDT",
                        start: "19701004T020000", rule: "FREQ=YEARLY;BYMONTH=10;BYDAY=1SU")]
        }
    }

    private func writeTimeZone(_ zone: Zone, _ out: inout Writer) {
        out.line("BEGIN:VTIMEZONE")
        out.line("TZID:" + zone.tzid)
        out.line("X-LIC-LOCATION:" + zone.tzid)
        for o in observances(zone) {
            out.line("BEGIN:" + o.kind)
            out.line("TZOFFSETFROM:" + o.from)
            out.line("TZOFFSETTO:" + o.to)
            out.line("TZNAME:" + o.name)
            out.line("DTSTART:" + o.start)
            if let rule = o.rule { out.line("RRULE:" + rule) }
            out.line("END:" + o.kind)
        }
        out.line("END:VTIMEZONE")
    }

    private func writeHeader(_ out: inout Writer) {
        out.line("BEGIN:VCALENDAR")
        out.line("PRODID:-//Jadwal//Benchmark Calendar Generator 1.0//EN")
        out.line("VERSION:2.0")
        out.line("CALSCALE:GREGORIAN")
        out.line("METHOD:PUBLISH")
        out.put("X-WR-CALNAME:")
        out.putText("Team calendar — تقويم الفريق")
        out.endLine()
        out.line("X-WR-TIMEZONE:Asia/Riyadh")
        out.put("X-WR-CALDESC:")
        out.putText("Synthetic benchmark calendar, seed \(seed); meetings, trips and holidays.")
        out.endLine()
    }
}

// MARK: - Text pools

extension BenchCalendarGenerator {
    /// Given name, family name, ASCII slug for the e-mail address. Invented combinations.
    private static let people: [(given: String, family: String, slug: String)] = [
        ("Layla", "Haddad", "layla.haddad"), ("Omar", "Farouk", "omar.farouk"),
        ("Noura", "Al-Qahtani", "noura.alqahtani"), ("Hamza", "Rahimi", "hamza.rahimi"),
        ("Sophie", "Marchand", "sophie.marchand"), ("Lukas", "Brenner", "lukas.brenner"),
        ("Inès", "Lefèvre", "ines.lefevre"), ("Mateo", "Ibáñez", "mateo.ibanez"),
        ("Hannah", "Okonkwo", "hannah.okonkwo"), ("Yusuf", "Demir", "yusuf.demir"),
        ("Aisha", "Siddiqui", "aisha.siddiqui"), ("Chloé", "Bérard", "chloe.berard"),
        ("Björn", "Åkesson", "bjorn.akesson"), ("Zoë", "Whitfield", "zoe.whitfield"),
        ("Kenji", "Morimoto", "kenji.morimoto"), ("Priya", "Raman", "priya.raman"),
        ("Sean", "O'Donnell", "sean.odonnell"), ("Fatima", "Zahrani", "fatima.zahrani"),
        ("Jürgen", "Köhler", "juergen.koehler"), ("Elena", "Castaño", "elena.castano"),
    ]
    private static let arabicPeople: [(name: String, slug: String)] = [
        ("ليلى الحداد", "layla.h"), ("عمر فاروق", "omar.f"), ("نورة القحطاني", "noura.q"),
        ("حمزة الرحيمي", "hamza.r"), ("فاطمة الزهراني", "fatima.z"), ("يوسف الدميري", "yusuf.d"),
    ]
    private static let domains = ["example.com", "example.org", "example.net", "corp.example.com"]

    private static let summaries = [
        "Weekly sync", "Project kickoff: Atlas, phase 2", "1:1", "Budget review; Q3 and Q4",
        "Design critique", "Sprint planning", "Retrospective", "Customer call, ACME Corp.",
        "Dentist", "School pickup", "Flight to Riyadh", "Gym", "Lunch with the team",
        "Quarterly business review (QBR)", "Interview: backend engineer", "Board prep; slides, numbers",
        "Release 4.2 go/no-go", "Onboarding session", "Architecture review: storage\\sync",
        "اجتماع الفريق الأسبوعي", "مراجعة الميزانية، الربع الثالث", "غداء عمل", "صلاة الجمعة",
        "تدريب الموظفين الجدد", "زيارة العميل؛ الرياض",
        "Réunion d'équipe", "Déjeuner au café", "Rendez-vous médecin", "Présentation du projet, étape 3",
        "Besprechung: Übergabe", "Mitarbeitergespräch", "Reunión de planificación", "Cumpleaños de Ana",
        "Café ☕ & roadmap", "Yoga 🧘", "Deploy window 🚀",
    ]
    private static let locations = [
        "Conference Room 4B, Building 2", "Zoom", "Microsoft Teams Meeting", "Google Meet",
        "King Fahd Road, Olaya; Riyadh 12211", "مركز الملك عبدالله المالي، الرياض",
        "Café de la Paix, 5 Place de l'Opéra, Paris", "Münchner Freiheit 12, München",
        "Calle de Alcalá 45, Madrid", "Level 3, 1 Martin Place, Sydney NSW 2000",
        "221 W 44th St, New York, NY 10036", "Home", "HQ — Main auditorium", "Room 101; badge required",
        "Terminal 5, Heathrow Airport, London",
    ]
    private static let sentences = [
        "Agenda: status updates, blockers, and next steps.",
        "Please review the attached document before the meeting; comments welcome.",
        "We will go through the open items from last week, then the roadmap for next quarter.",
        "Dial-in details are below. If you cannot attend, send your update by e-mail.",
        "Bring your laptop, charger, and the printed notes.",
        "Note: the parking garage on the north side is closed, use the east entrance.",
        "Paths to check: C:\\Projects\\Atlas and /srv/atlas/releases.",
        "Decisions needed: vendor A vs. vendor B; timeline for migration; owner for the runbook.",
        "يرجى مراجعة جدول الأعمال قبل الاجتماع، وإرسال الملاحظات إلى المنظم.",
        "سيتم مناقشة الميزانية والخطة السنوية؛ الحضور إلزامي لجميع رؤساء الأقسام.",
        "الرجاء الحضور قبل الموعد بعشر دقائق.",
        "Merci de confirmer votre présence avant vendredi ; l'ordre du jour suivra.",
        "Bitte die Unterlagen vorab lesen, Fragen gerne per E-Mail an das Organisationsteam.",
        "Por favor, traed las propuestas revisadas y el presupuesto actualizado.",
        "Reminder: this meeting is recorded, and the recording is shared with the team afterwards.",
        "Links: https://wiki.example.com/atlas/roadmap?view=quarter&team=core",
        "Status: green, scope unchanged, two risks tracked (hiring; vendor delivery).",
    ]
    private static let categories = [
        "Work", "Meeting", "Personal", "Travel", "Holiday", "Family", "Project Atlas",
        "عمل", "عائلة", "Réunion", "Büro",
    ]
}

// MARK: - Events

extension BenchCalendarGenerator {
    private enum Flavor { case google, outlook, apple }
    private enum TimeKind { case zoned(Zone), utc, allDay }
    private enum Frequency: String { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }

    /// The recurrence rule of one series, plus what is needed to name real occurrences of it.
    private struct Rule {
        var frequency: Frequency
        var interval = 1
        var byDay: [Int] = []          // weekdays, 0 = Sunday
        var byDayOrdinal: Int? = nil   // MONTHLY;BYDAY=2TU or -1FR
        var useBySetPos = false        // the same rule written as BYDAY=TU;BYSETPOS=2
        var byMonthDay: Int? = nil
        var byMonth: Int? = nil
        var count: Int? = nil
        var untilDay: Int? = nil
        var weekStart: String? = nil
        /// Days between occurrences that are certainly instances (DTSTART + k·step), when known.
        var step: Int? = nil
        /// Largest k for which DTSTART + k·step is an instance.
        var maxStepIndex = 0
    }

    private struct Event {
        var uid: String
        var flavor: Flavor
        var time: TimeKind
        var startDay: Int
        var startMinute: Int    // minutes after local midnight; unused for all-day events
        var durationMinutes: Int
        var durationDays: Int   // all-day events
        var useDuration: Bool
        var createdDay: Int
        var modifiedDay: Int
        var stampDay: Int
        var stampMinute: Int
        var sequence: Int
    }

    private func makeUID(index: Int, flavor: Flavor, rng: inout SplitMix64) -> String {
        let hex: [Character] = Array("0123456789abcdef")
        func randomHex(_ count: Int, _ rng: inout SplitMix64, upper: Bool = false) -> String {
            var s = ""
            s.reserveCapacity(count)
            for _ in 0..<count {
                let c = hex[rng.below(16)]
                s.append(upper ? Character(c.uppercased()) : c)
            }
            return s
        }
        // The index makes UIDs unique whatever the random draws.
        let serial = String(index, radix: 16)
        switch flavor {
        case .google:
            return randomHex(20, &rng) + serial + "@google.com"
        case .outlook:
            return "040000008200E00074C5B7101A82E00800000000" + randomHex(16, &rng, upper: true)
                + "00000000000000001000000" + String(index, radix: 16, uppercase: true).leftPadded(to: 8)
        case .apple:
            return randomHex(8, &rng, upper: true) + "-" + randomHex(4, &rng, upper: true) + "-"
                + randomHex(4, &rng, upper: true) + "-" + randomHex(4, &rng, upper: true) + "-"
                + String(index, radix: 16, uppercase: true).leftPadded(to: 12)
        }
    }

    /// Writes one series: the event, and for some recurring ones an overridden instance.
    private func writeSeries(index: Int, rng: inout SplitMix64, out: inout Writer) {
        let flavorRoll = rng.below(100)
        let flavor: Flavor = flavorRoll < 45 ? .google : (flavorRoll < 75 ? .outlook : .apple)
        let recurring = rng.chance(30)

        let timeRoll = rng.below(100)
        let time: TimeKind
        if timeRoll < 12 {
            time = .allDay
        } else if timeRoll < 35 {
            time = .utc
        } else {
            let z = rng.below(100)
            time = .zoned(z < 35 ? .riyadh : z < 60 ? .newYork : z < 85 ? .london : .sydney)
        }

        // Recurring series start early enough for their instances to stay inside 2027.
        let latestStart = recurring ? Civil.days(year: 2026, month: 12, day: 31) : Self.lastDay - 10
        let startDay = Self.firstDay + rng.below(latestStart - Self.firstDay + 1)
        let createdDay = max(Self.firstDay, startDay - rng.inRange(1...120))
        let modifiedDay = min(Self.lastDay, createdDay + rng.below(30))
        let event = Event(
            uid: makeUID(index: index, flavor: flavor, rng: &rng),
            flavor: flavor,
            time: time,
            startDay: startDay,
            startMinute: rng.inRange(28...78) * 15,  // 07:00 … 19:30
            durationMinutes: rng.pick([15, 30, 30, 45, 60, 60, 60, 90, 120, 180]),
            durationDays: rng.pick([1, 1, 1, 1, 2, 3]),
            useDuration: flavor == .apple && rng.chance(25),
            createdDay: createdDay,
            modifiedDay: modifiedDay,
            stampDay: min(Self.lastDay, modifiedDay + rng.below(20)),
            stampMinute: rng.below(24 * 60),
            sequence: rng.chance(60) ? 0 : rng.inRange(1...6))

        let rule = recurring ? makeRule(for: event, rng: &rng) : nil

        // EXDATEs and the overridden instance are picked among known instances DTSTART + k·step.
        var exdateIndexes: [Int] = []
        var overrideIndex: Int? = nil
        if let rule, rule.step != nil, rule.maxStepIndex >= 2 {
            if rng.chance(35) {
                for _ in 0..<rng.inRange(1...3) {
                    let k = rng.inRange(1...rule.maxStepIndex)
                    if !exdateIndexes.contains(k) { exdateIndexes.append(k) }
                }
                exdateIndexes.sort()
            }
            if rng.chance(30) {
                let k = rng.inRange(1...rule.maxStepIndex)
                if !exdateIndexes.contains(k) { overrideIndex = k }
            }
        }

        writeEvent(event, rule: rule, exdates: exdateIndexes, rng: &rng, out: &out)

        if let rule, let step = rule.step, let k = overrideIndex {
            writeOverride(of: event, instanceDay: event.startDay + k * step, rng: &rng, out: &out)
        }
    }

    private func makeRule(for event: Event, rng: inout SplitMix64) -> Rule {
        let weekday = Civil.weekday(event.startDay)
        let (year, month, day) = Civil.date(fromDays: event.startDay)
        let roll = rng.below(100)
        var rule: Rule
        var perStep = 1  // instances per step, to bound k under COUNT

        if roll < 20 {
            rule = Rule(frequency: .daily)
            rule.interval = rng.pick([1, 1, 1, 2, 3])
            rule.step = rule.interval
        } else if roll < 60 {
            rule = Rule(frequency: .weekly)
            rule.interval = rng.pick([1, 1, 1, 2, 2, 3])
            // BYDAY always contains DTSTART's weekday so DTSTART is the first instance.
            var days: Set<Int> = [weekday]
            switch rng.below(4) {
            case 0: break
            case 1: days.insert((weekday + 2) % 7)
            case 2: if (1...5).contains(weekday) { days.formUnion(1...5) }
            default: days.insert(rng.below(7))
            }
            // Order as Monday … Sunday, the way clients write them.
            rule.byDay = days.sorted { ($0 + 6) % 7 < ($1 + 6) % 7 }
            if rule.interval > 1 || rng.chance(30) {
                rule.weekStart = event.flavor == .apple ? "MO" : "SU"
            }
            rule.step = 7 * rule.interval
            perStep = rule.byDay.count
        } else if roll < 85 {
            rule = Rule(frequency: .monthly)
            rule.interval = rng.pick([1, 1, 1, 2, 3, 6])
            if day <= 28 && rng.chance(50) {
                rule.byMonthDay = day
            } else {
                let nth = (day - 1) / 7 + 1
                let isLast = day + 7 > Civil.monthLength(year: year, month: month)
                rule.byDayOrdinal = (nth == 5 || (isLast && rng.chance(50))) ? -1 : nth
                rule.byDay = [weekday]
                rule.useBySetPos = event.flavor == .outlook && rng.chance(30)
            }
        } else {
            rule = Rule(frequency: .yearly)
            if day <= 28 && rng.chance(50) {
                rule.byMonth = month
                rule.byMonthDay = day
            }
        }

        let capDay = Self.lastDay - 1
        switch rng.below(100) {
        case ..<40:
            let count: Int
            switch rule.frequency {
            case .daily: count = rng.inRange(5...60)
            case .weekly: count = rng.inRange(4...52)
            case .monthly: count = rng.inRange(3...24)
            case .yearly: count = rng.inRange(2...6)
            }
            rule.count = count
            // Instances up to DTSTART + k·step number at most perStep·k + 1.
            rule.maxStepIndex = (count - 1) / perStep
        case ..<70:
            let span: Int
            switch rule.frequency {
            case .daily: span = rng.inRange(7...120)
            case .weekly: span = rng.inRange(30...540)
            case .monthly: span = rng.inRange(90...900)
            case .yearly: span = rng.inRange(365...1300)
            }
            let until = min(capDay, event.startDay + span)
            rule.untilDay = until
            // Keep a day of margin: UNTIL is a UTC time and local instances may fall after it.
            if let step = rule.step { rule.maxStepIndex = max(0, (until - 1 - event.startDay) / step) }
        default:
            rule.maxStepIndex = 25
        }
        // Named instances must stay inside 2027 too.
        if let step = rule.step {
            rule.maxStepIndex = min(rule.maxStepIndex, (capDay - event.startDay) / step)
        }
        return rule
    }

    private func writeRule(_ rule: Rule, event: Event, out: inout Writer) {
        out.put("RRULE:FREQ=")
        out.put(rule.frequency.rawValue)
        // Google writes WKST early, Outlook last; the order varies between clients.
        if event.flavor == .google, let wkst = rule.weekStart {
            out.put(";WKST=")
            out.put(wkst)
        }
        if let until = rule.untilDay {
            out.put(";UNTIL=")
            if case .allDay = event.time {
                out.put(date: until)
            } else {
                out.put(dateTime: until, minute: 23 * 60 + 59, second: 59, utc: true)
            }
        }
        if let count = rule.count {
            out.put(";COUNT=")
            out.put(int: count)
        }
        if rule.interval > 1 || event.flavor == .outlook {
            out.put(";INTERVAL=")
            out.put(int: rule.interval)
        }
        if let month = rule.byMonth {
            out.put(";BYMONTH=")
            out.put(int: month)
        }
        if let monthDay = rule.byMonthDay {
            out.put(";BYMONTHDAY=")
            out.put(int: monthDay)
        }
        if !rule.byDay.isEmpty {
            out.put(";BYDAY=")
            if let ordinal = rule.byDayOrdinal, !rule.useBySetPos {
                if ordinal < 0 { out.put("-") }
                out.put(int: abs(ordinal))
            }
            for (i, wd) in rule.byDay.enumerated() {
                if i > 0 { out.put(",") }
                out.put(Self.weekdayCodes[wd])
            }
            if let ordinal = rule.byDayOrdinal, rule.useBySetPos {
                out.put(";BYSETPOS=")
                if ordinal < 0 { out.put("-") }
                out.put(int: abs(ordinal))
            }
        }
        if event.flavor != .google, let wkst = rule.weekStart {
            out.put(";WKST=")
            out.put(wkst)
        }
        out.endLine()
    }

    /// `NAME;TZID=…:value`, `NAME:…Z` or `NAME;VALUE=DATE:…` according to the event's kind.
    private func writeTime(_ name: String, event: Event, day: Int, minute: Int, out: inout Writer) {
        out.put(name)
        switch event.time {
        case .zoned(let zone):
            out.put(";TZID=")
            out.put(zone.tzid)
            out.put(":")
            out.put(dateTime: day, minute: minute, utc: false)
        case .utc:
            out.put(":")
            out.put(dateTime: day, minute: minute, utc: true)
        case .allDay:
            out.put(";VALUE=DATE:")
            out.put(date: day)
        }
        out.endLine()
    }

    private func writeStamp(_ name: String, day: Int, minute: Int, out: inout Writer) {
        out.put(name)
        out.put(":")
        out.put(dateTime: day, minute: minute, second: minute % 60, utc: true)
        out.endLine()
    }

    private func writeEvent(_ event: Event, rule: Rule?, exdates: [Int], rng: inout SplitMix64,
                            out: inout Writer) {
        out.line("BEGIN:VEVENT")
        let isAllDay: Bool
        if case .allDay = event.time { isAllDay = true } else { isAllDay = false }

        writeTime("DTSTART", event: event, day: event.startDay, minute: event.startMinute, out: &out)
        writeEnd(event, out: &out)
        writeStamp("DTSTAMP", day: event.stampDay, minute: event.stampMinute, out: &out)
        out.put("UID:")
        out.put(event.uid)
        out.endLine()

        if let rule {
            writeRule(rule, event: event, out: &out)
            if let step = rule.step, !exdates.isEmpty {
                if event.flavor == .apple && exdates.count > 1 {
                    // Apple lists several EXDATEs in one property.
                    out.put("EXDATE")
                    switch event.time {
                    case .zoned(let zone): out.put(";TZID="); out.put(zone.tzid)
                    case .allDay: out.put(";VALUE=DATE")
                    case .utc: break
                    }
                    out.put(":")
                    for (i, k) in exdates.enumerated() {
                        if i > 0 { out.put(",") }
                        switch event.time {
                        case .allDay: out.put(date: event.startDay + k * step)
                        case .utc: out.put(dateTime: event.startDay + k * step, minute: event.startMinute, utc: true)
                        case .zoned: out.put(dateTime: event.startDay + k * step, minute: event.startMinute, utc: false)
                        }
                    }
                    out.endLine()
                } else {
                    for k in exdates {
                        writeTime("EXDATE", event: event, day: event.startDay + k * step,
                                  minute: event.startMinute, out: &out)
                    }
                }
            }
            // An extra one-off instance, as clients write when one is added by hand.
            if !isAllDay && rng.chance(5) {
                // At a time no RRULE instance has, so it never duplicates one.
                let extra = min(Self.lastDay - 1, event.startDay + rng.inRange(1...40))
                let minute = event.startMinute == 12 * 60 + 30 ? 13 * 60 : 12 * 60 + 30
                writeTime("RDATE", event: event, day: extra, minute: minute, out: &out)
            }
        }

        writeStamp("CREATED", day: event.createdDay, minute: event.stampMinute / 2, out: &out)
        writeStamp("LAST-MODIFIED", day: event.modifiedDay, minute: event.stampMinute / 3, out: &out)

        let summary = rng.pick(Self.summaries)
        out.put("SUMMARY:")
        out.putText(summary)
        out.endLine()
        if rng.chance(75) {
            out.put("DESCRIPTION:")
            out.putText(makeDescription(event, rng: &rng))
            out.endLine()
        }
        if rng.chance(70) {
            out.put("LOCATION:")
            out.putText(rng.pick(Self.locations))
            out.endLine()
        }

        let attendeeCount = rng.chance(35) ? 0 : rng.inRange(1...8)
        if attendeeCount > 0 {
            let organizer = writePerson("ORGANIZER", event: event, attendee: false, rng: &rng, out: &out)
            for i in 0..<attendeeCount {
                _ = writePerson("ATTENDEE", event: event, attendee: true, rng: &rng, out: &out,
                                same: i == 0 ? organizer : nil)
            }
        }

        if rng.chance(50) {
            out.put("CATEGORIES:")
            for i in 0..<rng.inRange(1...3) {
                if i > 0 { out.put(",") }
                out.putText(rng.pick(Self.categories))
            }
            out.endLine()
        }
        out.put("SEQUENCE:")
        out.put(int: event.sequence)
        out.endLine()
        out.line("STATUS:" + (rng.chance(90) ? "CONFIRMED" : "TENTATIVE"))
        out.line("TRANSP:" + (isAllDay ? "TRANSPARENT" : (rng.chance(90) ? "OPAQUE" : "TRANSPARENT")))
        if rng.chance(20) { out.line("CLASS:" + rng.pick(["PUBLIC", "PRIVATE", "CONFIDENTIAL"])) }

        writeVendorProperties(event, rng: &rng, out: &out)

        if rng.chance(65) {
            writeAlarm(event, minutesBefore: rng.pick([5, 10, 15, 15, 30, 60]), rng: &rng, out: &out)
            if rng.chance(25) {
                writeAlarm(event, minutesBefore: rng.pick([120, 1440]), rng: &rng, out: &out)
            }
        }
        out.line("END:VEVENT")
    }

    private func writeEnd(_ event: Event, out: inout Writer) {
        if case .allDay = event.time {
            if event.useDuration {
                out.put("DURATION:P")
                out.put(int: event.durationDays)
                out.put("D")
                out.endLine()
            } else {
                writeTime("DTEND", event: event, day: event.startDay + event.durationDays, minute: 0, out: &out)
            }
        } else if event.useDuration {
            out.put("DURATION:PT")
            if event.durationMinutes >= 60 {
                out.put(int: event.durationMinutes / 60)
                out.put("H")
            }
            if event.durationMinutes % 60 != 0 {
                out.put(int: event.durationMinutes % 60)
                out.put("M")
            }
            out.endLine()
        } else {
            // Start times end by 19:30 and durations by 3 h, so the end stays on the same day.
            writeTime("DTEND", event: event, day: event.startDay,
                      minute: event.startMinute + event.durationMinutes, out: &out)
        }
    }

    private func makeDescription(_ event: Event, rng: inout SplitMix64) -> String {
        var text = ""
        let sentenceCount = rng.inRange(1...7)
        for i in 0..<sentenceCount {
            if i > 0 { text += rng.chance(30) ? "\n\n" : (rng.chance(50) ? "\n" : " ") }
            text += rng.pick(Self.sentences)
        }
        switch event.flavor {
        case .google where rng.chance(50):
            let code = "\(letters(3, &rng))-\(letters(4, &rng))-\(letters(3, &rng))"
            text += "\n\n-::~:~::~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-\n"
            text += "Join with Google Meet: https://meet.google.com/\(code)\n"
            text += "Or dial: (US) +1 555-0\(rng.inRange(100...199)) PIN: \(rng.inRange(100_000_000...999_999_999))#\n"
            text += "Learn more about Meet at: https://support.google.com/a/users/answer/9282720\n"
            text += "-::~:~::~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-"
        case .outlook where rng.chance(50):
            text += "\n\n________________________________________________________________________________\n"
            text += "Microsoft Teams meeting\nJoin on your computer, mobile app or room device\n"
            text += "Click here to join the meeting<https://teams.example.com/l/meetup-join/19%3ameeting_"
            text += letters(24, &rng) + "%40thread.v2/0?context=%7b%22Tid%22%3a%22" + letters(8, &rng) + "%22%7d>\n"
            text += "Meeting ID: \(rng.inRange(100...999)) \(rng.inRange(100...999)) \(rng.inRange(100...999))\n"
            text += "Passcode: " + letters(6, &rng) + "\n"
            text += "________________________________________________________________________________"
        default:
            break
        }
        return text
    }

    private func letters(_ count: Int, _ rng: inout SplitMix64) -> String {
        let alphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyz")
        var s = ""
        for _ in 0..<count { s.append(alphabet[rng.below(26)]) }
        return s
    }

    /// Writes ORGANIZER or ATTENDEE with the parameters each client uses; returns who it was.
    /// With `same`, writes that person again (the organizer usually also is the first attendee).
    private func writePerson(_ name: String, event: Event, attendee: Bool, rng: inout SplitMix64,
                             out: inout Writer, same: (cn: String, mail: String)? = nil) -> (cn: String, mail: String) {
        let cn: String
        let mail: String
        if let same {
            (cn, mail) = same
        } else if rng.chance(15) {
            let p = rng.pick(Self.arabicPeople)
            cn = p.name
            mail = "\(p.slug)@\(rng.pick(Self.domains))"
        } else {
            let p = rng.pick(Self.people)
            mail = "\(p.slug)@\(rng.pick(Self.domains))"
            switch event.flavor {
            case .outlook: cn = "\(p.family), \(p.given)"  // needs quoting: contains a comma
            case .google: cn = mail
            case .apple: cn = "\(p.given) \(p.family)"
            }
        }

        out.put(name)
        if attendee {
            if event.flavor != .apple { out.put(";CUTYPE=INDIVIDUAL") }
            out.put(";ROLE=")
            if same != nil {
                out.put("CHAIR;PARTSTAT=ACCEPTED;RSVP=FALSE")
            } else {
                out.put(rng.chance(85) ? "REQ-PARTICIPANT" : "OPT-PARTICIPANT")
                out.put(";PARTSTAT=")
                out.put(rng.pick(["ACCEPTED", "ACCEPTED", "ACCEPTED", "NEEDS-ACTION", "DECLINED", "TENTATIVE"]))
                out.put(";RSVP=")
                out.put(rng.chance(70) ? "TRUE" : "FALSE")
            }
        }
        out.put(";CN=")
        // Quote when required (',', ';', ':'), for non-ASCII names, and always as Apple does.
        let needsQuotes = cn.utf8.contains { $0 == 0x2C || $0 == 0x3B || $0 == 0x3A || $0 >= 0x80 }
        if needsQuotes || event.flavor == .apple {
            out.put("\"")
            out.put(cn)
            out.put("\"")
        } else {
            out.put(cn)
        }
        if attendee && event.flavor == .google { out.put(";X-NUM-GUESTS=0") }
        if attendee && event.flavor == .apple {
            out.put(";EMAIL=")
            out.put(mail)
        }
        out.put(":mailto:")
        out.put(mail)
        out.endLine()
        return (cn, mail)
    }

    private func writeVendorProperties(_ event: Event, rng: inout SplitMix64, out: inout Writer) {
        let isAllDay: Bool
        if case .allDay = event.time { isAllDay = true } else { isAllDay = false }
        switch event.flavor {
        case .google:
            if rng.chance(30) {
                out.line("X-GOOGLE-CONFERENCE:https://meet.google.com/\(letters(3, &rng))-\(letters(4, &rng))-\(letters(3, &rng))")
            }
        case .outlook:
            out.line("X-MICROSOFT-CDO-APPT-SEQUENCE:\(event.sequence)")
            out.line("X-MICROSOFT-CDO-BUSYSTATUS:" + (isAllDay ? "FREE" : "BUSY"))
            out.line("X-MICROSOFT-CDO-INTENDEDSTATUS:" + (isAllDay ? "FREE" : "BUSY"))
            out.line("X-MICROSOFT-CDO-ALLDAYEVENT:" + (isAllDay ? "TRUE" : "FALSE"))
            out.line("X-MICROSOFT-CDO-IMPORTANCE:1")
            out.line("X-MICROSOFT-CDO-INSTTYPE:0")
            out.line("X-MICROSOFT-DONOTFORWARDMEETING:FALSE")
            out.line("X-MICROSOFT-DISALLOW-COUNTER:FALSE")
        case .apple:
            out.line("X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC")
            if rng.chance(30) {
                let places = [
                    ("Kingdom Centre", "King Fahd Rd, Al Olaya, Riyadh 12214, Saudi Arabia", "geo:24.711667,46.674167"),
                    ("Sydney Opera House", "Bennelong Point, Sydney NSW 2000, Australia", "geo:-33.856784,151.215297"),
                    ("British Museum", "Great Russell St, London WC1B 3DG, England", "geo:51.519413,-0.126957"),
                    ("Bryant Park", "New York, NY 10018, United States", "geo:40.753597,-73.983233"),
                ]
                let (title, address, geo) = rng.pick(places)
                out.put("X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=\"")
                out.put(address)
                out.put("\";X-APPLE-MAPKIT-HANDLE=")
                out.put(letters(40, &rng))
                out.put(";X-APPLE-RADIUS=")
                out.put(int: rng.inRange(70...400))
                out.put(";X-APPLE-REFERENCEFRAME=1;X-TITLE=\"")
                out.put(title)
                out.put("\":")
                out.put(geo)
                out.endLine()
            }
            if rng.chance(20) {
                out.line("X-APPLE-CREATOR-IDENTITY:com.apple.mobilecal")
                out.line("X-APPLE-CREATOR-TEAM-IDENTITY:0000000000")
            }
        }
    }

    private func writeAlarm(_ event: Event, minutesBefore: Int, rng: inout SplitMix64, out: inout Writer) {
        out.line("BEGIN:VALARM")
        switch event.flavor {
        case .google:
            out.line("ACTION:DISPLAY")
            out.line("DESCRIPTION:This is an event reminder")
            out.put("TRIGGER:-P0DT")
            out.put(int: minutesBefore / 60)
            out.put("H")
            out.put(int: minutesBefore % 60)
            out.put("M0S")
            out.endLine()
        case .outlook:
            out.line("ACTION:DISPLAY")
            out.line("DESCRIPTION:Reminder")
            out.put("TRIGGER;RELATED=START:-PT")
            out.put(int: minutesBefore)
            out.put("M")
            out.endLine()
        case .apple:
            let alarmUID = "\(letters(8, &rng).uppercased())-\(letters(4, &rng).uppercased())-ALARM"
            out.line("X-WR-ALARMUID:" + alarmUID)
            out.line("UID:" + alarmUID)
            out.put("TRIGGER:-PT")
            out.put(int: minutesBefore)
            out.put("M")
            out.endLine()
            if rng.chance(40) {
                out.line("ACTION:AUDIO")
                out.line("ATTACH;VALUE=URI:Chord")
            } else {
                out.line("ACTION:DISPLAY")
                out.put("DESCRIPTION:")
                out.putText("Reminder, \(minutesBefore) min")
                out.endLine()
            }
            if rng.chance(30) {
                writeStamp("ACKNOWLEDGED", day: event.stampDay, minute: event.stampMinute, out: &out)
            }
        }
        out.line("END:VALARM")
    }

    /// A second VEVENT with the series' UID and a RECURRENCE-ID: one instance moved or renamed.
    private func writeOverride(of event: Event, instanceDay: Int, rng: inout SplitMix64, out: inout Writer) {
        var moved = event
        moved.sequence += 1
        moved.startDay = instanceDay
        let isAllDay: Bool
        if case .allDay = event.time { isAllDay = true } else { isAllDay = false }
        if !isAllDay && rng.chance(70) {
            moved.startMinute += rng.pick([-60, -30, 30, 60])  // stays within 06:00 … 20:30
        }
        out.line("BEGIN:VEVENT")
        writeTime("DTSTART", event: moved, day: moved.startDay, minute: moved.startMinute, out: &out)
        writeEnd(moved, out: &out)
        writeStamp("DTSTAMP", day: event.stampDay, minute: event.stampMinute, out: &out)
        out.put("UID:")
        out.put(event.uid)
        out.endLine()
        writeTime("RECURRENCE-ID", event: event, day: instanceDay, minute: event.startMinute, out: &out)
        writeStamp("CREATED", day: event.createdDay, minute: event.stampMinute / 2, out: &out)
        writeStamp("LAST-MODIFIED", day: event.stampDay, minute: event.stampMinute, out: &out)
        out.put("SUMMARY:")
        out.putText(rng.pick(Self.summaries) + rng.pick([" (moved)", " — rescheduled", " (نُقل)", ", new time"]))
        out.endLine()
        if rng.chance(60) {
            out.put("DESCRIPTION:")
            out.putText("This instance was changed; see the series for details.\n" + rng.pick(Self.sentences))
            out.endLine()
        }
        out.put("SEQUENCE:")
        out.put(int: moved.sequence)
        out.endLine()
        out.line("STATUS:CONFIRMED")
        out.line("TRANSP:" + (isAllDay ? "TRANSPARENT" : "OPAQUE"))
        out.line("END:VEVENT")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
