/// A recurrence rule with the values RFC 5545 §3.3.10 takes from DTSTART filled in, in
/// the shape the iterator wants (sets for filters, sorted lists for expansions).
struct NormalizedRule {
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let count: Int?
    let weekStart: Weekday
    let byMonth: [Int]
    let byWeekNo: [Int]
    let byYearDay: [Int]
    let byMonthDay: [Int]
    /// BYDAY entries without an ordinal (and, outside MONTHLY/YEARLY, all of them).
    let plainWeekdays: Set<Int>
    /// BYDAY entries with an ordinal, for MONTHLY and YEARLY.
    let ordinalWeekdays: [RecurrenceRule.WeekdayNumber]
    let byHour: [Int]
    let byMinute: [Int]
    let bySecond: [Int]
    let bySetPos: [Int]

    let byMonthSet: Set<Int>
    let byMonthDaySet: Set<Int>
    let byYearDaySet: Set<Int>
    let byHourSet: Set<Int>
    let byMinuteSet: Set<Int>
    let bySecondSet: Set<Int>

    init(_ rule: RecurrenceRule, start: LocalDateTime, isDate: Bool) {
        frequency = rule.frequency
        interval = max(1, rule.interval)
        count = rule.count
        weekStart = rule.weekStart
        var byMonth = rule.byMonth
        var byMonthDay = rule.byMonthDay
        var plain = Set<Int>()
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
                plain = [start.date.weekday.rawValue]
            default:
                break
            }
        } else if rule.frequency == .yearly && !rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty
                    && rule.byMonthDay.isEmpty && rule.byDay.isEmpty {
            // BYWEEKNO alone names weeks; the day within the week is DTSTART's weekday.
            plain = [start.date.weekday.rawValue]
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
        byMonthSet = Set(self.byMonth)
        byMonthDaySet = Set(byMonthDay)
        byYearDaySet = Set(rule.byYearDay)
        byHourSet = Set(byHour)
        byMinuteSet = Set(byMinute)
        bySecondSet = Set(bySecond)
    }

    /// Whether any day-level filter is present.
    var filtersDays: Bool {
        !byMonth.isEmpty || !byWeekNo.isEmpty || !byYearDay.isEmpty || !byMonthDay.isEmpty
            || !plainWeekdays.isEmpty || !ordinalWeekdays.isEmpty
    }
}
