/// The date and time that open a message line, as written, before the file's date order is known.
struct TimestampHeader {
    /// One number of the date as written.
    struct Field {
        var value: Int
        var digits: Int
        /// Written with a leading zero (`06`): US month-first dates never are.
        var isPadded: Bool { digits > 1 && value < 10 }
    }

    enum Meridiem { case am, pm }

    var first: Field
    var second: Field
    var third: Field
    var hour: Int
    var minute: Int
    var seconds: Int
    var meridiem: Meridiem?
    /// AM/PM in Latin capitals, as US English writes it (`PM`), rather than `pm` or `p.m.`.
    var hasCapitalMeridiem: Bool
    /// `[date, time]` (iOS) rather than `date, time -` (Android).
    var isBracketed: Bool
    /// Where the sender (or a system line's text) starts, as a byte offset into the export.
    var restStart: Int

    /// Whether the date is written year first (`2026-11-22`), whatever the file's order.
    var isYearFirst: Bool { first.digits >= 3 }

    /// The date read in `order`, or nil when no such day exists.
    func date(in order: WhatsAppLayout.DateOrder) -> LocalDate? {
        let (year, month, day): (Field, Field, Field) =
            if isYearFirst { (first, second, third) } else {
                switch order {
                case .dayMonthYear, .yearMonthDay: (third, second, first)
                case .monthDayYear: (third, first, second)
                }
            }
        guard month.digits <= 2, day.digits <= 2, year.digits == 2 || year.digits == 4 else { return nil }
        let fullYear = year.digits == 2 ? 2000 + year.value : year.value
        guard LocalDate.isValid(year: fullYear, month: month.value, day: day.value) else { return nil }
        return LocalDate(year: fullYear, month: month.value, day: day.value)
    }

    /// Seconds since midnight on the 24-hour clock, or nil when the time does not exist.
    var secondOfDay: Int? {
        guard (0..<60).contains(minute), (0..<60).contains(seconds) else { return nil }
        let hour24: Int
        switch meridiem {
        case nil:
            guard (0..<24).contains(hour) else { return nil }
            hour24 = hour
        case .am?, .pm?:
            // 12 AM is midnight and 12 PM noon; some locales write 0 for 12.
            guard (0...12).contains(hour) else { return nil }
            hour24 = hour % 12 + (meridiem == .pm ? 12 : 0)
        }
        return hour24 * 3600 + minute * 60 + seconds
    }

    /// The moment read in `order`, or nil when it does not exist.
    func dateTime(in order: WhatsAppLayout.DateOrder) -> LocalDateTime? {
        guard let date = date(in: order), let secondOfDay else { return nil }
        return LocalDateTime(date: date, secondOfDay: secondOfDay)
    }
}
