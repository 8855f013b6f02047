import ICalendar

/// UTC DATE-TIME text to an instant, through ICalendar's parser.
enum ICalendarDateTime {
    static func parse(_ text: String) throws -> Int {
        let value = try DateTimeValue.parse(text)
        guard case .dateTime(let local, .utc) = value else { throw ValueError("not a UTC date-time") }
        return local.civilSeconds
    }
}
