/// A clock time as written: the hour may lack AM/PM.
struct ClockMention: Hashable, Sendable {
    enum Meridiem: Hashable, Sendable { case am, pm, noon, unknown }
    var hour: Int
    var minute: Int
    var meridiem: Meridiem
    var at: Int

    /// 24-hour clock for a known meridiem, or nil when it must come from context.
    var fixed: ClockTime? {
        if hour > 12 || hour == 0 { return ClockTime(hour: hour % 24, minute: minute) }
        switch meridiem {
        case .am: return ClockTime(hour: hour == 12 ? 0 : hour, minute: minute)
        case .pm: return ClockTime(hour: hour == 12 ? 12 : hour + 12, minute: minute)
        case .noon: return ClockTime(hour: hour == 12 || hour < 6 ? (hour == 12 ? 12 : hour + 12) : hour, minute: minute)
        case .unknown: return nil
        }
    }
}

/// The broad part of the day a message speaks of, used to place hours without AM/PM.
enum DayPart: Hashable, Sendable { case morning, afternoon, evening }

/// A part of the day named at a token position.
struct DayPartMention: Hashable, Sendable {
    var part: DayPart
    var at: Int
}

/// A day named at a token position, possibly the start of a range of days.
struct DateMention: Hashable, Sendable {
    var expr: DateExpression
    var at: Int
    var end: DateExpression?
}

/// What a message says about days and times.
struct TemporalMentions: Hashable, Sendable {
    var dates: [DateMention] = []
    var start: ClockMention?
    var end: ClockMention?
    var durationMinutes: Int?
    /// A time given relative to a prayer ("بعد العصر", "after Maghrib").
    var prayerRelative = false
    var dayPart: DayPart?
    /// Every part of the day named, with its token position.
    var dayPartsNamed: [DayPartMention] = []
    /// The part of the day was said in another clause than the start's.
    var dayPartInOtherClause = false
    /// The token positions of the clause the start is said in.
    var startClause: Range<Int>?
    /// An IANA zone named for the time ("3pm UK time").
    var zone: String?
    /// Speaks of the past ("yesterday", "last week", "أمس").
    var pastDay = false
    /// "ذاك اليوم", "that same day": the day spoken of last, whichever it was.
    var thatDay = false
    /// "for 3 days", "ليلتين": how many days after its first the plan ends.
    var lastsDays: Int?
    /// "this weekend", "next week" without a day.
    var vagueDay = false

    /// The days named, a weekday written just before its date ("الخميس ٢٨ مايو") counted once,
    /// as the date.
    var daysNamed: [DateMention] {
        dates.indices.compactMap { i in
            guard case .weekday = dates[i].expr, i + 1 < dates.count else { return dates[i] }
            let next = dates[i + 1]
            switch next.expr {
            case .calendar, .numeric, .dayOfMonth, .hijri, .occasion: return next.at - dates[i].at <= 3 ? nil : dates[i]
            case .weekday, .relative: return dates[i]
            }
        }
    }
}
