/// Lazily generates the start times of one recurrence rule (RFC 5545 §3.3.10).
///
/// Times are civil seconds in DTSTART's own frame (wall-clock time), so rules recur on
/// the wall clock across DST changes; the caller maps them to instants. DTSTART itself is
/// always the first value and counts toward COUNT (RFC 5545 §3.8.5.3), even when it does
/// not match the rule. Each period (a year, month, week, day, hour, minute or second,
/// stepped by INTERVAL) yields its candidates in order, BYSETPOS picks among them, and
/// iteration ends at COUNT, at UNTIL, past `horizon`, or after 800 years without an
/// instance, so no rule can loop forever.
///
/// The expander also gives DTSTART's zone: then a reading in a DST gap that means the
/// same instant as a later reading (an HOURLY rule's 02:30 and 03:30 on a spring-forward
/// night) is one instance, counted once toward COUNT, and a DATE-TIME UNTIL is compared
/// with instances as an instant.
public struct RuleIterator: IteratorProtocol, Sendable {
    private let rule: NormalizedRule
    private let startCivil: Int
    private let startDay: Int
    private let untilCivil: Int?
    private let horizon: Int
    private var keying: RuleKeying
    private var buffer: [RecurrenceSet.Start] = []
    private var bufferIndex = 0
    private var emitted = 0
    private var finished = false
    private var lastProduced: Int
    /// The current period: a year, a month index (year*12+month-1), a week's first day
    /// number, a day number, or an hour/minute/second index.
    private var period: Int
    private var layouts: [YearLayout] = []
    private var timesOfDay: [Int] = []
    /// A period's candidates, kept between periods for its storage.
    private var scratch: [Int] = []

    /// Creates an iterator.
    /// - Parameters:
    ///   - rule: the rule.
    ///   - start: DTSTART as a wall-clock reading (midnight for a DATE).
    ///   - isDate: whether DTSTART is a DATE; then every instance is a date.
    ///   - untilCivil: UNTIL as civil seconds in DTSTART's frame, inclusive.
    ///   - horizon: civil seconds past which no instance is wanted.
    ///   - skipTo: civil seconds before which instances are not wanted. Without COUNT the
    ///     iterator starts at the period holding this time instead of walking every period
    ///     from DTSTART; DTSTART is still produced first.
    public init(rule: RecurrenceRule, start: LocalDateTime, isDate: Bool, untilCivil: Int?, horizon: Int = 253_402_300_799, skipTo: Int? = nil) {
        self.init(rule: rule, start: start, isDate: isDate, untilCivil: untilCivil, horizon: horizon, skipTo: skipTo, keying: .wallClock)
    }

    /// An iterator whose instances are also keyed, and bounded, as `keying` says.
    init(rule: RecurrenceRule, start: LocalDateTime, isDate: Bool, untilCivil: Int?, horizon: Int = 253_402_300_799, skipTo: Int? = nil,
         keying: RuleKeying) {
        let normalized = NormalizedRule(rule, start: start, isDate: isDate)
        self.rule = normalized
        startCivil = start.civilSeconds
        startDay = start.date.dayNumber
        self.untilCivil = untilCivil
        self.horizon = horizon
        lastProduced = startCivil
        self.keying = keying
        // DTSTART is the first instance whatever UNTIL says (RFC 5545 §3.8.5.3).
        buffer = [self.keying.start(civil: startCivil, checkUntil: false)!]
        emitted = 1
        if let count = normalized.count, count <= 1 { finished = true }
        switch normalized.frequency {
        case .yearly: period = start.date.year
        case .monthly: period = start.date.year * 12 + start.date.month - 1
        case .weekly:
            let shift = (start.date.weekday.rawValue - normalized.weekStart.rawValue + 7) % 7
            period = startDay - shift
        case .daily: period = startDay
        case .hourly: period = RuleIterator.floorDiv(startCivil, 3600)
        case .minutely: period = RuleIterator.floorDiv(startCivil, 60)
        case .secondly: period = startCivil
        }
        if let skipTo, normalized.count == nil, skipTo > startCivil {
            let target: Int
            switch normalized.frequency {
            case .yearly: target = LocalDateTime(civilSeconds: skipTo).date.year
            case .monthly:
                let date = LocalDateTime(civilSeconds: skipTo).date
                target = date.year * 12 + date.month - 1
            case .weekly: target = RuleIterator.floorDiv(skipTo, 86400) - 6
            case .daily: target = RuleIterator.floorDiv(skipTo, 86400)
            case .hourly: target = RuleIterator.floorDiv(skipTo, 3600)
            case .minutely: target = RuleIterator.floorDiv(skipTo, 60)
            case .secondly: target = skipTo
            }
            let step = normalized.frequency == .weekly ? 7 * normalized.interval : normalized.interval
            if target > period {
                period += (target - period) / step * step
                lastProduced = max(lastProduced, skipTo)
            }
        }
        if normalized.frequency <= .daily {
            var times: [Int] = []
            for hour in normalized.byHour {
                for minute in normalized.byMinute {
                    for second in normalized.bySecond { times.append(hour * 3600 + minute * 60 + second) }
                }
            }
            timesOfDay = times
        }
    }

    public mutating func next() -> Int? {
        nextStart()?.civil
    }

    /// The next instance with its key.
    mutating func nextStart() -> RecurrenceSet.Start? {
        while bufferIndex >= buffer.count {
            if finished { return nil }
            buffer.removeAll(keepingCapacity: true)
            bufferIndex = 0
            fillNextPeriod()
        }
        let value = buffer[bufferIndex]
        bufferIndex += 1
        return value
    }

    // MARK: Periods

    private mutating func fillNextPeriod() {
        var candidates = scratch
        scratch = []
        candidates.removeAll(keepingCapacity: true)
        defer { scratch = candidates }
        let periodStart: Int
        switch rule.frequency {
        case .yearly:
            periodStart = LocalDate(year: period, month: 1, day: 1).dayNumber * 86400
            guard period <= 9999 else { finished = true; return }
            let layout = self.layout(forYear: period)
            if !rule.byMonth.isEmpty && rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty {
                for month in rule.byMonth where month >= 1 && month <= 12 {
                    appendDays(from: layout.firstDay + layout.monthStarts[month - 1], to: layout.firstDay + layout.monthStarts[month], into: &candidates)
                }
            } else {
                appendDays(from: layout.firstDay, to: layout.firstDay + layout.length, into: &candidates)
            }
            period += rule.interval
        case .monthly:
            let year = RuleIterator.floorDiv(period, 12)
            let month = period - year * 12 + 1
            guard year <= 9999 else { finished = true; return }
            let first = LocalDate(year: year, month: month, day: 1).dayNumber
            periodStart = first * 86400
            appendDays(from: first, to: first + LocalDate.daysInMonth(year: year, month: month), into: &candidates)
            period += rule.interval
        case .weekly:
            periodStart = period * 86400
            appendDays(from: period, to: period + 7, into: &candidates)
            period += 7 * rule.interval
        case .daily:
            periodStart = period * 86400
            appendDays(from: period, to: period + 1, into: &candidates)
            period += rule.interval
        case .hourly, .minutely, .secondly:
            periodStart = fillSubDaily(into: &candidates)
        }
        if periodStart > horizon || periodStart > 253_402_300_799 {
            finished = true
            return
        }
        if !rule.bySetPos.isEmpty { candidates = select(candidates) }
        for candidate in candidates where candidate > startCivil {
            if let untilCivil, candidate > untilCivil { finished = true; break }
            guard let start = keying.start(civil: candidate) else { continue }
            buffer.append(start)
            emitted += 1
            lastProduced = candidate
            if let count = rule.count, emitted >= count { finished = true; break }
        }
        // A rule that matches nothing (BYMONTHDAY=30;BYMONTH=2) must still end.
        if periodStart - lastProduced > 800 * 366 * 86400 { finished = true }
    }

    /// Hourly, minutely and secondly periods; whole days that fail the day filters are
    /// skipped in one step so sparse rules stay fast. Returns the period's start.
    private mutating func fillSubDaily(into candidates: inout [Int]) -> Int {
        let unit: Int
        switch rule.frequency {
        case .hourly: unit = 3600
        case .minutely: unit = 60
        default: unit = 1
        }
        let step = rule.interval
        while true {
            let periodStart = period * unit
            if periodStart > horizon || periodStart > 253_402_300_799 { return periodStart }
            let day = RuleIterator.floorDiv(periodStart, 86400)
            if !dayMatches(day) {
                period = ceilToStep(target: (day + 1) * 86400 / unit)
                if period * unit - lastProduced > 800 * 366 * 86400 { return period * unit }
                continue
            }
            let secondOfDay = periodStart - day * 86400
            let hour = secondOfDay / 3600
            if !rule.byHour.isEmpty && !rule.byHourMask.contains(hour) {
                period = ceilToStep(target: (day * 86400 + (hour + 1) * 3600) / unit)
                continue
            }
            let minute = secondOfDay / 60 % 60
            switch rule.frequency {
            case .hourly:
                for m in rule.byMinute {
                    for s in rule.bySecond { candidates.append(periodStart + m * 60 + s) }
                }
            case .minutely:
                if rule.byMinute.isEmpty || rule.byMinuteMask.contains(minute) {
                    for s in rule.bySecond { candidates.append(periodStart + s) }
                }
            default:
                if (rule.byMinute.isEmpty || rule.byMinuteMask.contains(minute))
                    && (rule.bySecond.isEmpty || rule.bySecondMask.contains(secondOfDay % 60)) {
                    candidates.append(periodStart)
                }
            }
            period += step
            return periodStart
        }
    }

    /// The smallest period index at or after `target` reachable from the current one.
    private func ceilToStep(target: Int) -> Int {
        guard target > period else { return period + rule.interval }
        let steps = (target - period + rule.interval - 1) / rule.interval
        return period + steps * rule.interval
    }

    private mutating func appendDays(from first: Int, to end: Int, into candidates: inout [Int]) {
        var day = first
        while day < end {
            if dayMatches(day) {
                let base = day * 86400
                for time in timesOfDay { candidates.append(base + time) }
            }
            day += 1
        }
    }

    /// RFC 5545 §3.3.10 day-level BYxxx parts, applied as filters on a day number.
    /// The cheap filters (weekday, month, day of month) come first; the year's layout is
    /// looked up only for the filters that need it.
    private mutating func dayMatches(_ day: Int) -> Bool {
        guard rule.filtersDays else { return true }
        let plain = rule.plainWeekdays.contains(Weekday(dayNumber: day).rawValue)
        if !plain && !rule.plainWeekdays.isEmpty && rule.ordinalWeekdays.isEmpty { return false }
        let date = LocalDate(dayNumber: day)
        if !rule.byMonth.isEmpty && !rule.byMonthMask.contains(date.month) { return false }
        if !rule.byMonthDay.isEmpty && !rule.byMonthDayMask.contains(date.day) {
            let fromEnd = LocalDate.daysInMonth(year: date.year, month: date.month) - date.day + 1
            if !rule.byMonthDayMask.contains(32 + fromEnd) { return false }
        }
        guard !rule.byWeekNo.isEmpty || !rule.ordinalWeekdays.isEmpty || !rule.byYearDay.isEmpty else { return true }
        let slot = layoutSlot(forYear: date.year)
        let index = day - layouts[slot].firstDay
        if !rule.byWeekNo.isEmpty && !layouts[slot].weekNumberMask[index] { return false }
        if !rule.ordinalWeekdays.isEmpty && !plain && !layouts[slot].ordinalWeekdayMask[index] { return false }
        if !rule.byYearDay.isEmpty {
            if !rule.byYearDaySet.contains(index + 1) && !rule.byYearDaySet.contains(index - layouts[slot].length) { return false }
        }
        return true
    }

    private mutating func layout(forYear year: Int) -> YearLayout {
        layouts[layoutSlot(forYear: year)]
    }

    /// Where `year`'s layout is in `layouts`, made when missing (the last three are kept).
    private mutating func layoutSlot(forYear year: Int) -> Int {
        if let slot = layouts.firstIndex(where: { $0.year == year }) { return slot }
        if layouts.count >= 3 { layouts.removeFirst() }
        layouts.append(YearLayout(year: year, rule: rule))
        return layouts.count - 1
    }

    /// BYSETPOS: positions within the period's ordered candidates, 1-based, negative from the end.
    private func select(_ candidates: [Int]) -> [Int] {
        guard !candidates.isEmpty else { return [] }
        var picked = Set<Int>()
        for position in rule.bySetPos {
            let index = position > 0 ? position - 1 : candidates.count + position
            if index >= 0 && index < candidates.count { picked.insert(candidates[index]) }
        }
        return picked.sorted()
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
