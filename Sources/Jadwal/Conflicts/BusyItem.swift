import CalDAVCore
import Foundation
import ICalendar

/// Something that takes a user's time: an opaque, not cancelled event occurrence in one of
/// their calendars, or a prayer block.
public struct BusyItem: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case event
        case prayer
    }

    public var kind: Kind
    public var calendar: String
    public var uid: String
    public var summary: String
    /// Seconds since the epoch, [start, end).
    public var start: Int
    public var end: Int
    public var isAllDay: Bool

    public func overlaps(start: Int, end: Int) -> Bool { self.start < end && start < self.end }

    /// Every busy item of `owner`'s calendars overlapping [from, to), recurrences expanded;
    /// day-only values are read in `zone`.
    static func collect(owner: String, from: Int, to: Int, zone: TimeZone, store: any CalendarStore) async throws -> [BusyItem] {
        var items: [BusyItem] = []
        let floating: any ZoneRules = SystemZoneRules.named(zone.identifier) ?? FixedOffsetZone.utc
        for collection in try await store.calendars(of: owner) where !collection.isScheduleInbox && collection.supportedComponents.contains(ComponentName.event) {
            let kind: Kind = collection.reference.name == PrayerCalendar.name ? .prayer : .event
            let objects = try await store.objects(in: collection.reference, overlapping: TimeRange(start: from, end: to), componentType: ComponentName.event)
            for object in objects {
                guard let calendar = try? ICalendarParser().parseCalendar(object.data),
                      let occurrences = try? RecurrenceExpander(calendar: calendar, floatingZone: floating).occurrences(from: from, to: to) else { continue }
                for occurrence in occurrences where occurrence.component.name == ComponentName.event {
                    let component = occurrence.component
                    if component[PropertyName.transparency]?.value.uppercased() == "TRANSPARENT" { continue }
                    if component[PropertyName.status]?.value.uppercased() == "CANCELLED" { continue }
                    let end = max(occurrence.endInstant, occurrence.startInstant + 1)
                    guard occurrence.startInstant < to, end > from else { continue }
                    items.append(BusyItem(kind: kind, calendar: collection.reference.name, uid: occurrence.uid,
                                          summary: component[PropertyName.summary]?.textValue ?? "",
                                          start: occurrence.startInstant, end: end, isAllDay: occurrence.start.isDate))
                }
            }
        }
        return items.sorted { ($0.start, $0.end, $0.uid) < ($1.start, $1.end, $1.uid) }
    }
}
