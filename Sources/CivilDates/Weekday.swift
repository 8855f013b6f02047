/// A day of the week, Monday first as ISO 8601 counts them (`rawValue` 0 is Monday, 6 Sunday).
public enum Weekday: Int, CaseIterable, Sendable, Hashable {
    case monday = 0, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The weekday of the day `dayNumber` days after 1970-01-01, which was a Thursday.
    public init(dayNumber: Int) {
        let index = ((dayNumber + 3) % 7 + 7) % 7
        self = Weekday(rawValue: index)!
    }
}
