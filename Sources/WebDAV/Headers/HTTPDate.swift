import CivilDates

/// Date formats of HTTP (RFC 9110 §5.6.7) and WebDAV's creationdate (RFC 3339), without
/// Foundation formatters, so output does not depend on the locale.
public enum HTTPDate {
    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func format(_ instant: Int) -> String {
        let days = instant >= 0 ? instant / 86400 : (instant - 86399) / 86400
        let seconds = instant - days * 86400
        let (year, month, day) = civil(days)
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        let monthName = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
        return "\(weekday), \(pad(day)) \(monthName) \(year) \(pad(seconds / 3600)):\(pad(seconds / 60 % 60)):\(pad(seconds % 60)) GMT"
    }

    /// `1994-11-06T08:49:37Z`.
    package static func iso8601(_ instant: Int) -> String {
        let days = instant >= 0 ? instant / 86400 : (instant - 86399) / 86400
        let seconds = instant - days * 86400
        let (year, month, day) = civil(days)
        return "\(year)-\(pad(month))-\(pad(day))T\(pad(seconds / 3600)):\(pad(seconds / 60 % 60)):\(pad(seconds % 60))Z"
    }

    private static func civil(_ days: Int) -> (Int, Int, Int) {
        let date = LocalDate(dayNumber: days)
        return (date.year, date.month, date.day)
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
