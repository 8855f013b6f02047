/// Per-year facts the recurrence iterator filters days with: where months start, week
/// numbers (with the rule's WKST) and which days an ordinal BYDAY picks.
struct YearLayout {
    let year: Int
    /// Day number of 1 January.
    let firstDay: Int
    let length: Int
    /// Day-of-year index (0-based) where each month starts; index 12 is the year length.
    let monthStarts: [Int]
    /// For BYWEEKNO: whether each day of the year is in a selected week.
    let weekNumberMask: [Bool]
    /// For ordinal BYDAY (`2TU`, `-1FR`): whether each day of the year is picked.
    let ordinalWeekdayMask: [Bool]

    init(year: Int, rule: NormalizedRule) {
        self.year = year
        firstDay = LocalDate(year: year, month: 1, day: 1).dayNumber
        length = LocalDate.isLeapYear(year) ? 366 : 365
        var starts: [Int] = []
        var offset = 0
        for month in 1...12 {
            starts.append(offset)
            offset += LocalDate.daysInMonth(year: year, month: month)
        }
        starts.append(offset)
        monthStarts = starts
        weekNumberMask = rule.byWeekNo.isEmpty ? [] : YearLayout.weekNumberMask(year: year, firstDay: firstDay, length: length, rule: rule)
        if rule.ordinalWeekdays.isEmpty {
            ordinalWeekdayMask = []
        } else {
            var mask = [Bool](repeating: false, count: length)
            // RFC 5545 §3.3.10: ordinals count within the month for MONTHLY, and for YEARLY
            // with BYMONTH; within the year otherwise.
            let ranges: [(Int, Int)] = rule.frequency == .yearly && rule.byMonth.isEmpty
                ? [(0, length - 1)]
                : (0..<12).map { (starts[$0], starts[$0 + 1] - 1) }
            for (first, last) in ranges {
                let firstWeekday = Weekday(dayNumber: firstDay + first).rawValue
                let lastWeekday = Weekday(dayNumber: firstDay + last).rawValue
                for entry in rule.ordinalWeekdays {
                    let ordinal = entry.ordinal!
                    let target = entry.weekday.rawValue
                    let day: Int
                    if ordinal > 0 {
                        day = first + (target - firstWeekday + 7) % 7 + (ordinal - 1) * 7
                    } else {
                        day = last - (lastWeekday - target + 7) % 7 + (ordinal + 1) * 7
                    }
                    if day >= first && day <= last { mask[day] = true }
                }
            }
            ordinalWeekdayMask = mask
        }
    }

    /// Month (1...12) of a day-of-year index.
    func month(ofDayIndex index: Int) -> Int {
        var month = 1
        while month < 12 && monthStarts[month] <= index { month += 1 }
        return month
    }

    /// ISO 8601 week numbering generalised to any week start (RFC 5545 §3.3.10 BYWEEKNO):
    /// week 1 is the first week with at least four days in the year.
    static func weekNumberMask(year: Int, firstDay: Int, length: Int, rule: NormalizedRule) -> [Bool] {
        func weekOneStart(_ year: Int) -> (start: Int, weeks: Int) {
            let jan1 = LocalDate(year: year, month: 1, day: 1).dayNumber
            let yearLength = LocalDate.isLeapYear(year) ? 366 : 365
            let shift = (Weekday(dayNumber: jan1).rawValue - rule.weekStart.rawValue + 7) % 7
            var start = jan1 - shift
            if shift > 3 { start += 7 }
            let daysFromStart = jan1 + yearLength - start
            let weeks = daysFromStart / 7 + (daysFromStart % 7 >= 4 ? 1 : 0)
            return (start, weeks)
        }
        let previous = weekOneStart(year - 1)
        let current = weekOneStart(year)
        let next = weekOneStart(year + 1)
        func selected(_ number: Int, _ total: Int) -> Bool {
            rule.byWeekNo.contains(number) || rule.byWeekNo.contains(number - total - 1)
        }
        var mask = [Bool](repeating: false, count: length)
        for index in 0..<length {
            let day = firstDay + index
            if day < current.start {
                mask[index] = selected((day - previous.start) / 7 + 1, previous.weeks)
            } else if day >= next.start {
                mask[index] = selected((day - next.start) / 7 + 1, next.weeks)
            } else {
                mask[index] = selected((day - current.start) / 7 + 1, current.weeks)
            }
        }
        return mask
    }
}
