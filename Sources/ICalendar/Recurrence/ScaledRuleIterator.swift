import Foundation

/// Start times of a rule in a non-Gregorian calendar scale (RFC 7529 RSCALE), for the
/// Islamic calendars (Umm al-Qura, civil, tabular, astronomical) and the Persian one.
///
/// YEARLY and MONTHLY rules count years and months in that calendar: BYMONTH and
/// BYMONTHDAY (negative too) name its months and days, defaulting to DTSTART's; BYDAY
/// without ordinals filters weekdays; BYSETPOS, COUNT and UNTIL apply as usual. A day that
/// a month lacks (the 30th of a 29-day month) is handled by SKIP: omitted, moved back to
/// the month's last day, or moved forward to the next month's first day. DAILY and WEEKLY
/// rules do not depend on the calendar scale and use the Gregorian iterator. Times of day
/// come from DTSTART.
struct ScaledRuleIterator: IteratorProtocol {
    private let calendar: Calendar
    private let rule: RecurrenceRule
    private let startCivil: Int
    private let timeOfDay: Int
    private let untilCivil: Int?
    private let horizon: Int
    private let months: [Int]
    private let days: [Int]
    private var period: Int
    private var keying: RuleKeying
    private var buffer: [RecurrenceSet.Start]
    private var bufferIndex = 0
    private var emitted = 1
    private var finished = false
    private var emptyPeriods = 0

    /// The Foundation calendar for an RSCALE name (CLDR calendar identifiers).
    static func calendar(for scale: String) -> Calendar? {
        let identifier: Calendar.Identifier
        switch scale.uppercased() {
        case "ISLAMIC-UMALQURA": identifier = .islamicUmmAlQura
        case "ISLAMIC-CIVIL": identifier = .islamicCivil
        case "ISLAMIC-TBLA": identifier = .islamicTabular
        case "ISLAMIC": identifier = .islamic
        case "PERSIAN": identifier = .persian
        default: return nil
        }
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }

    /// - Parameter keying: how instances are keyed and bounded by an UNTIL instant, as for ``RuleIterator``.
    init?(rule: RecurrenceRule, start: LocalDateTime, untilCivil: Int?, horizon: Int, keying: RuleKeying = .wallClock) {
        guard let scale = rule.scale, let calendar = Self.calendar(for: scale),
              rule.frequency == .yearly || rule.frequency == .monthly else { return nil }
        self.calendar = calendar
        self.rule = rule
        startCivil = start.civilSeconds
        timeOfDay = start.hour * 3600 + start.minute * 60 + min(start.second, 59)
        self.untilCivil = untilCivil
        self.horizon = horizon
        let parts = Self.parts(calendar, dayNumber: start.date.dayNumber)
        months = rule.byMonth.isEmpty ? [parts.month] : rule.byMonth.sorted()
        days = rule.byMonthDay.isEmpty ? [parts.day] : rule.byMonthDay
        period = rule.frequency == .yearly ? parts.year : parts.year * 12 + parts.month - 1
        self.keying = keying
        buffer = [self.keying.start(civil: startCivil, checkUntil: false)!]
        if let count = rule.count, count <= 1 { finished = true }
        // A leap month (5L) never occurs in these calendars; such a rule has only DTSTART.
        if rule.byMonth.isEmpty && !rule.byLeapMonth.isEmpty { finished = true }
    }

    mutating func next() -> Int? {
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
        defer { bufferIndex += 1 }
        return buffer[bufferIndex]
    }

    private mutating func fillNextPeriod() {
        var candidates: [Int] = []
        let periodMonths: [(year: Int, month: Int)]
        if rule.frequency == .yearly {
            periodMonths = months.map { (period, $0) }
        } else {
            let year = RuleIterator.floorDiv(period, 12)
            let month = period - year * 12 + 1
            periodMonths = rule.byMonth.isEmpty || rule.byMonth.contains(month) ? [(year, month)] : []
        }
        period += rule.interval
        guard let firstMonth = periodMonths.first, let periodStart = dayNumber(firstMonth.year, firstMonth.month, 1) else {
            finished = true
            return
        }
        if periodStart * 86400 > horizon { finished = true; return }
        for (year, month) in periodMonths {
            guard let first = dayNumber(year, month, 1), let length = monthLength(year, month) else { continue }
            for day in days {
                let index = day > 0 ? day : length + 1 + day
                var target: Int?
                if index >= 1 && index <= length {
                    target = first + index - 1
                } else if index > length {
                    switch rule.skip {
                    case .omit: target = nil
                    case .backward: target = first + length - 1
                    case .forward: target = first + length
                    }
                }
                guard let target else { continue }
                if !rule.byDay.isEmpty && !rule.byDay.contains(where: { $0.weekday == Weekday(dayNumber: target) }) { continue }
                candidates.append(target * 86400 + timeOfDay)
            }
        }
        candidates = Array(Set(candidates)).sorted()
        if !rule.bySetPos.isEmpty {
            let all = candidates
            candidates = rule.bySetPos.compactMap { position in
                let index = position > 0 ? position - 1 : all.count + position
                return index >= 0 && index < all.count ? all[index] : nil
            }
            candidates = Array(Set(candidates)).sorted()
        }
        emptyPeriods = candidates.isEmpty ? emptyPeriods + 1 : 0
        if emptyPeriods > 1000 { finished = true }
        for candidate in candidates where candidate > startCivil {
            if let untilCivil, candidate > untilCivil { finished = true; break }
            guard let start = keying.start(civil: candidate) else { continue }
            buffer.append(start)
            emitted += 1
            if let count = rule.count, emitted >= count { finished = true; break }
        }
    }

    private func dayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int? {
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        return Int((date.timeIntervalSince1970 / 86400).rounded(.down))
    }

    private func monthLength(_ year: Int, _ month: Int) -> Int? {
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
              let range = calendar.range(of: .day, in: .month, for: date) else { return nil }
        return range.count
    }

    private static func parts(_ calendar: Calendar, dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let components = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86400))
        return (components.year ?? 1, components.month ?? 1, components.day ?? 1)
    }
}
