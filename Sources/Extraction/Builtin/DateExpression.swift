/// A day as a message names it, before it is resolved against "now".
enum DateExpression: Hashable, Sendable {
    /// Today plus this many days ("tomorrow" = 1, "بعد بكرة" = 2); negative for the past.
    case relative(Int)
    /// A weekday, 1 = Sunday ... 7 = Saturday; `nextWeek` when "next week"/"الأسبوع الجاي" goes with it.
    case weekday(Int, nextWeek: Bool)
    /// A month and day ("12 March", "٩/١٢"), with the year when written.
    case calendar(month: Int, day: Int, year: Int?)
    /// A day of the month alone ("the 12th"), optionally with the weekday said beside it.
    case dayOfMonth(Int, weekday: Int?)
    /// Digits "a/b[/y]" whose order (day-first or month-first) is decided with the time zone.
    case numeric(Int, Int, year: Int?, weekday: Int?)
    /// A day of a month of the Umm al-Qura calendar ("١٥ رجب"), with the Hijri year and the
    /// weekday when written ("الجمعة ١٦ رجب": a sighted month may start a day off the calendar).
    case hijri(month: Int, day: Int, year: Int?, weekday: Int?)
    /// An Islamic occasion ("يوم عرفة", "ثاني أيام العيد", "first day of Ramadan") as the Hijri
    /// days it may be (a plain "Eid" is whichever comes first), and how many days after it.
    case occasion(days: [HijriDay], after: Int)

    /// A day of a Hijri month, for ``occasion(days:after:)``.
    struct HijriDay: Hashable, Sendable {
        var month: Int
        var day: Int
    }

    /// The day this names, said on `today`, in a zone whose numeric dates are month-first when `monthFirst`.
    func resolve(today: LocalDate, monthFirst: Bool) -> LocalDate? {
        switch self {
        case .relative(let n):
            return today.adding(days: n)
        case .weekday(let w, let nextWeek):
            if nextWeek {
                // Weeks start on Sunday: the Sunday strictly after today opens next week.
                let nextSunday = today.adding(days: 8 - today.weekdayNumber)
                return nextSunday.adding(days: w - 1)
            }
            var k = (w - today.weekdayNumber + 7) % 7
            if k == 0 { k = 7 }
            return today.adding(days: k)
        case .calendar(let month, let day, let year):
            if let year { return LocalDate.isValid(year: year, month: month, day: day) ? LocalDate(year: year, month: month, day: day) : nil }
            for y in [today.year, today.year + 1] where LocalDate.isValid(year: y, month: month, day: day) {
                let date = LocalDate(year: y, month: month, day: day)
                if date.dayNumber >= today.dayNumber - 7 { return date }
                // A day of the last two months is one gone by ("the class on 16 June"), not next year's.
                if date.dayNumber >= today.dayNumber - 60 { return date }
            }
            return nil
        case .dayOfMonth(let day, let weekday):
            var year = today.year, month = today.month
            var fallback: LocalDate?
            for _ in 0..<14 {
                if LocalDate.isValid(year: year, month: month, day: day) {
                    let date = LocalDate(year: year, month: month, day: day)
                    if date >= today {
                        if weekday == nil || date.weekdayNumber == weekday { return date }
                        if fallback == nil { fallback = date }
                    }
                }
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
            return fallback
        case .occasion(let days, let after):
            return days.compactMap { hijri in
                HijriCalendar.date(month: hijri.month, day: hijri.day, year: nil, onOrAfter: today.adding(days: -after)).map { $0.adding(days: after) }
            }.min()
        case .hijri(let month, let day, let year, let weekday):
            guard let date = HijriCalendar.date(month: month, day: day, year: year, onOrAfter: today.adding(days: -7)) else { return nil }
            guard let weekday, date.weekdayNumber != weekday else { return date }
            return [date.adding(days: -1), date.adding(days: 1)].first { $0.weekdayNumber == weekday } ?? date
        case .numeric(let a, let b, let year, let weekday):
            var readings: [(month: Int, day: Int)] = []
            let dayFirst = (month: b, day: a), monthFirstReading = (month: a, day: b)
            readings = monthFirst ? [monthFirstReading, dayFirst] : [dayFirst, monthFirstReading]
            var candidates: [LocalDate] = []
            for r in readings where (1...12).contains(r.month) && (1...31).contains(r.day) {
                if let date = DateExpression.calendar(month: r.month, day: r.day, year: year).resolve(today: today, monthFirst: monthFirst) {
                    candidates.append(date)
                }
            }
            if let weekday, let match = candidates.first(where: { $0.weekdayNumber == weekday }) { return match }
            // The writer's own order wins while it names a day near today, gone by or not: "١/٤"
            // written on 3 April is two days ago, not the 4th of January next year.
            if let preferred = candidates.first, preferred.dayNumber - today.dayNumber <= 180 { return preferred }
            if let future = candidates.first(where: { $0 >= today }) { return future }
            return candidates.first
        }
    }
}
