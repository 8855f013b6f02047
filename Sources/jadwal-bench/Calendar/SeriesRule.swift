/// The recurrence rule of one series, plus what is needed to name real occurrences of it.
struct SeriesRule {
    var frequency: RuleFrequency
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

    /// A rule for `event` drawn from `rng`: DAILY, WEEKLY with BYDAY, MONTHLY by day of the
    /// month or by nth weekday (sometimes as BYSETPOS), or YEARLY; bounded by COUNT or UNTIL, or
    /// unbounded. DTSTART is always its first instance, and named instances stay inside 2027.
    static func random(for event: SeriesEvent, rng: inout SplitMix64) -> SeriesRule {
        let weekday = CivilDays.weekday(event.startDay)
        let (year, month, day) = CivilDays.date(fromDays: event.startDay)
        let roll = rng.below(100)
        var rule: SeriesRule
        var perStep = 1  // instances per step, to bound k under COUNT

        if roll < 20 {
            rule = SeriesRule(frequency: .daily)
            rule.interval = rng.pick([1, 1, 1, 2, 3])
            rule.step = rule.interval
        } else if roll < 60 {
            rule = SeriesRule(frequency: .weekly)
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
            rule = SeriesRule(frequency: .monthly)
            rule.interval = rng.pick([1, 1, 1, 2, 3, 6])
            if day <= 28 && rng.chance(50) {
                rule.byMonthDay = day
            } else {
                let nth = (day - 1) / 7 + 1
                let isLast = day + 7 > CivilDays.monthLength(year: year, month: month)
                rule.byDayOrdinal = (nth == 5 || (isLast && rng.chance(50))) ? -1 : nth
                rule.byDay = [weekday]
                rule.useBySetPos = event.flavor == .outlook && rng.chance(30)
            }
        } else {
            rule = SeriesRule(frequency: .yearly)
            if day <= 28 && rng.chance(50) {
                rule.byMonth = month
                rule.byMonthDay = day
            }
        }

        let capDay = BenchCalendarGenerator.lastDay - 1
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

    /// Writes the RRULE line, in the part order of `event`'s client.
    func write(for event: SeriesEvent, to out: inout ContentLineWriter) {
        out.put("RRULE:FREQ=")
        out.put(frequency.rawValue)
        // Google writes WKST early, Outlook last; the order varies between clients.
        if event.flavor == .google, let wkst = weekStart {
            out.put(";WKST=")
            out.put(wkst)
        }
        if let until = untilDay {
            out.put(";UNTIL=")
            if case .allDay = event.time {
                out.put(date: until)
            } else {
                out.put(dateTime: until, minute: 23 * 60 + 59, second: 59, utc: true)
            }
        }
        if let count {
            out.put(";COUNT=")
            out.put(int: count)
        }
        if interval > 1 || event.flavor == .outlook {
            out.put(";INTERVAL=")
            out.put(int: interval)
        }
        if let month = byMonth {
            out.put(";BYMONTH=")
            out.put(int: month)
        }
        if let monthDay = byMonthDay {
            out.put(";BYMONTHDAY=")
            out.put(int: monthDay)
        }
        if !byDay.isEmpty {
            out.put(";BYDAY=")
            if let ordinal = byDayOrdinal, !useBySetPos {
                if ordinal < 0 { out.put("-") }
                out.put(int: abs(ordinal))
            }
            for (i, wd) in byDay.enumerated() {
                if i > 0 { out.put(",") }
                out.put(CivilDays.weekdayCodes[wd])
            }
            if let ordinal = byDayOrdinal, useBySetPos {
                out.put(";BYSETPOS=")
                if ordinal < 0 { out.put("-") }
                out.put(int: abs(ordinal))
            }
        }
        if event.flavor != .google, let wkst = weekStart {
            out.put(";WKST=")
            out.put(wkst)
        }
        out.endLine()
    }
}
