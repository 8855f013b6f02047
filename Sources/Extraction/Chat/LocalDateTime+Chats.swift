import Foundation

/// Chats speak of time as wall-clock readings in the chat owner's time zone.
///
/// Exports carry local times without a zone; bridge messages carry instants that are turned
/// into local time once the owner's zone is known. Relative expressions ("tomorrow at 7")
/// resolve against these values, never against UTC.
extension LocalDateTime {
    /// The reading `secondOfDay` seconds after midnight of `date` (0 ..< 86400 for a time of
    /// that day), split into hour, minute and second.
    public init(date: LocalDate, secondOfDay: Int) {
        self.init(date: date, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }

    /// Seconds since local midnight, 0 ..< 86400 for a valid reading.
    public var secondOfDay: Int {
        get { hour * 3600 + minute * 60 + second }
        set { self = LocalDateTime(date: date, secondOfDay: newValue) }
    }

    /// The local time of `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        self.init(year: parts.year!, month: parts.month!, day: parts.day!,
                  hour: parts.hour!, minute: parts.minute!, second: parts.second!)
    }

    /// The instant this wall-clock time names in `timeZone` (the earlier one in an overlap,
    /// the later side of a gap).
    public func instant(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = DateComponents(year: date.year, month: date.month, day: date.day,
                                   hour: hour, minute: minute, second: second)
        return calendar.date(from: parts)!
    }
}

extension LocalDate {
    /// The weekday as a number, 1 = Sunday ... 7 = Saturday: how Foundation's `Calendar`
    /// numbers weekdays, and how the built-in extractor's word lists do.
    public var weekdayNumber: Int {
        (weekday.rawValue + 1) % 7 + 1
    }
}
