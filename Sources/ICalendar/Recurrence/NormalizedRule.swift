/// A recurrence rule with the values RFC 5545 §3.3.10 takes from DTSTART filled in, in
/// the shape the iterator wants (bit masks for filters, sorted lists for expansions).
struct NormalizedRule {
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let count: Int?
    let weekStart: Weekday
    let byMonth: [Int]
    let byWeekNo: [Int]
    let byYearDay: [Int]
    let byMonthDay: [Int]
    /// BYDAY entries without an ordinal (and, outside MONTHLY/YEARLY, all of them): bit
    /// `Weekday.rawValue`.
    let plainWeekdays: DayMask
    /// BYDAY entries with an ordinal, for MONTHLY and YEARLY.
    let ordinalWeekdays: [RecurrenceRule.WeekdayNumber]
    let byHour: [Int]
    let byMinute: [Int]
    let bySecond: [Int]
    let bySetPos: [Int]

    /// BYMONTH as bits 1...12.
    let byMonthMask: DayMask
    /// BYMONTHDAY: bits 1...31 for days counted from the start of the month, bits
    /// 33...63 for -1...-31 counted from its end.
    let byMonthDayMask: DayMask
    let byYearDaySet: Set<Int>
    let byHourMask: DayMask
    let byMinuteMask: DayMask
    let bySecondMask: DayMask

    init(_ rule: RecurrenceRule, start: LocalDateTime, isDate: Bool) {
        frequency = rule.frequency
        interval = max(1, rule.interval)
        count = rule.count
        weekStart = rule.weekStart
        var byMonth = rule.byMonth
        var byMonthDay = rule.byMonthDay
        var plain = DayMask()
        var ordinals: [RecurrenceRule.WeekdayNumber] = []
        for entry in rule.byDay {
            if entry.ordinal != nil && (rule.frequency == .monthly || rule.frequency == .yearly) {
                ordinals.append(entry)
            } else {
                plain.insert(entry.weekday.rawValue)
            }
        }
        // Values the rule leaves out come from DTSTART.
        if rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty {
            switch rule.frequency {
            case .yearly:
                if byMonth.isEmpty { byMonth = [start.date.month] }
                byMonthDay = [start.date.day]
            case .monthly:
                byMonthDay = [start.date.day]
            case .weekly:
                plain = DayMask([start.date.weekday.rawValue])
            default:
                break
            }
        } else if rule.frequency == .yearly && !rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty
                    && rule.byMonthDay.isEmpty && rule.byDay.isEmpty {
            // BYWEEKNO alone names weeks; the day within the week is DTSTART's weekday.
            plain = DayMask([start.date.weekday.rawValue])
        }
        self.byMonth = byMonth.sorted()
        self.byWeekNo = rule.byWeekNo
        self.byYearDay = rule.byYearDay
        self.byMonthDay = byMonthDay
        plainWeekdays = plain
        ordinalWeekdays = ordinals
        if isDate {
            byHour = [0]
            byMinute = [0]
            bySecond = [0]
        } else {
            byHour = rule.byHour.isEmpty ? (rule.frequency < .hourly ? [start.hour] : []) : Array(Set(rule.byHour)).sorted()
            byMinute = rule.byMinute.isEmpty ? (rule.frequency < .minutely ? [start.minute] : []) : Array(Set(rule.byMinute)).sorted()
            let seconds = rule.bySecond.filter { $0 < 60 }
            bySecond = seconds.isEmpty ? (rule.frequency < .secondly ? [min(start.second, 59)] : []) : Array(Set(seconds)).sorted()
        }
        bySetPos = rule.bySetPos
        byMonthMask = DayMask(self.byMonth)
        byMonthDayMask = DayMask(byMonthDay.map { $0 < 0 ? 32 - $0 : $0 })
        byYearDaySet = Set(rule.byYearDay)
        byHourMask = DayMask(byHour)
        byMinuteMask = DayMask(byMinute)
        bySecondMask = DayMask(bySecond)
        filtersDays = !self.byMonth.isEmpty || !byWeekNo.isEmpty || !byYearDay.isEmpty || !byMonthDay.isEmpty
            || !plainWeekdays.isEmpty || !ordinalWeekdays.isEmpty
    }

    /// Whether any day-level filter is present.
    let filtersDays: Bool
}

/// A set of small numbers (0...63) as the bits of one word: the rule's filters are
/// checked for every day a period holds, and a bit test costs far less than a hash.
struct DayMask: Sendable, Equatable {
    private var bits: UInt64 = 0

    init() {}

    /// The numbers in 0...63 of `values`; others can never match and are left out.
    init(_ values: some Sequence<Int>) {
        for value in values { insert(value) }
    }

    var isEmpty: Bool { bits == 0 }

    mutating func insert(_ value: Int) {
        if value >= 0 && value < 64 { bits |= 1 << UInt64(value) }
    }

    func contains(_ value: Int) -> Bool {
        value >= 0 && value < 64 && bits & (1 << UInt64(value)) != 0
    }
}
