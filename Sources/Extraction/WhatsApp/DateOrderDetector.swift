/// Decides from every header of a file whether its dates are day-first or month-first.
///
/// A single `5/7/26` cannot say which it is, but a file usually can: a first number over 12
/// can only be a day, a second number over 12 only a day. When no number tells, the dates of
/// a chat should not run backwards, so the reading with fewer steps back wins. When that ties
/// too, the layout's convention decides: US English writes `5/7/26, 4:02 PM` (capital AM/PM,
/// two-digit year, no leading zeros); everyone else, including 12-hour `06/07/26, 10:02 am`
/// (India), writes the day first.
enum DateOrderDetector {
    static func detect(_ headers: [TimestampHeader]) -> WhatsAppLayout.DateOrder {
        let ambiguous = headers.filter { !$0.isYearFirst }
        guard let sample = ambiguous.first else { return .yearMonthDay }

        let firstOver12 = ambiguous.contains { $0.first.value > 12 }
        let secondOver12 = ambiguous.contains { $0.second.value > 12 }
        switch (firstOver12, secondOver12) {
        case (true, false): return .dayMonthYear
        case (false, true): return .monthDayYear
        default: break
        }

        let dayFirstSteps = stepsBack(ambiguous, in: .dayMonthYear)
        let monthFirstSteps = stepsBack(ambiguous, in: .monthDayYear)
        if dayFirstSteps != monthFirstSteps {
            return dayFirstSteps < monthFirstSteps ? .dayMonthYear : .monthDayYear
        }
        if firstOver12 { return .dayMonthYear } // both over 12 somewhere and no better evidence

        let looksAmerican = sample.meridiem != nil && sample.hasCapitalMeridiem && sample.third.digits == 2
            && !ambiguous.contains { $0.first.isPadded || $0.second.isPadded }
        return looksAmerican ? .monthDayYear : .dayMonthYear
    }

    /// How often the date goes backwards from one header to the next, counting days that do not
    /// exist in this reading as steps back too.
    static func stepsBack(_ headers: [TimestampHeader], in order: WhatsAppLayout.DateOrder) -> Int {
        var steps = 0
        var previous = Int.min
        for header in headers {
            guard let day = header.date(in: order)?.dayNumber else {
                steps += 1
                continue
            }
            if day < previous { steps += 1 }
            previous = day
        }
        return steps
    }
}
