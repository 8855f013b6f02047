import Foundation
import ICalendar
import PrayerTimes

/// The prayer times of one place as a subscription feed (webcal): 30 days back to 365
/// ahead, local times with their VTIMEZONE, and a refresh interval so subscribed
/// calendars fetch the coming days.
public enum PrayerFeed {
    /// How often subscribers should fetch again (RFC 7986 REFRESH-INTERVAL, and the older X-PUBLISHED-TTL).
    public static let refreshInterval = "PT12H"

    /// The feed for `settings` on `today` (in the place's zone); `nil` without a place.
    public static func calendar(_ settings: PrayerSettings, now: Date) -> [UInt8]? {
        guard let events = PrayerEvents(settings: settings) else { return nil }
        let zone = events.calculator.timeZone
        let today = LocalDate(now, in: zone)
        let days = events.calculator.times(in: today.adding(days: -PrayerCalendar.daysBack)...today.adding(days: PrayerCalendar.daysAhead))
        guard let first = days.first, let last = days.last else { return nil }
        var name = PrayerCalendar.displayName
        if let place = settings.place?.name { name += " · \(place)" }
        var calendar = Component(name: ComponentName.calendar, properties: [
            Property(name: PropertyName.version, value: "2.0"),
            Property(name: PropertyName.productID, value: PrayerEvents.productID),
            Property(name: PropertyName.calendarScale, value: "GREGORIAN"),
            Property(name: PropertyName.method, value: "PUBLISH"),
            Property(name: "NAME", text: name),
            Property(name: "X-WR-CALNAME", text: name),
            Property(name: "X-WR-TIMEZONE", value: zone.identifier),
            Property(name: "COLOR", value: "seagreen"),
            Property(name: "REFRESH-INTERVAL", parameters: [Parameter(name: "VALUE", value: "DURATION")], value: refreshInterval),
            Property(name: "X-PUBLISHED-TTL", value: refreshInterval),
        ])
        calendar.components.append(VTimeZoneBuilder.component(
            for: zone, from: first.fajr.addingTimeInterval(-86_400), to: last.isha.addingTimeInterval(86_400)))
        for day in days {
            calendar.components += events.events(for: day, localIn: zone).map(\.event)
        }
        return ICalendarSerializer().serialize(calendar)
    }

    /// The start of `now`'s day where the place is: the feed changes then, and with settings.
    public static func lastModified(_ settings: PrayerSettings, now: Date) -> Date {
        let zone = settings.place.flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(secondsFromGMT: 0)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let midnight = calendar.startOfDay(for: now)
        return max(midnight, Date(timeIntervalSince1970: TimeInterval(settings.updatedAt)))
    }
}
