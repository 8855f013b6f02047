import CalDAVCore
import WebDAV

/// The prayer-times calendar registers with a ``RoutingCalendarStore`` as a computed calendar.
extension PrayerCalendar: ComputedCalendar {
    public var name: String { Self.name }

    public var readOnlyReason: String { "\(Self.displayName) is computed from your prayer settings and cannot be changed here" }

    public func objects(owner: String, overlapping range: TimeRange, componentType: String?) async throws(StoreError) -> [CalendarObject] {
        guard componentType == nil || componentType == "VEVENT" else { return [] }
        return try await objects(owner: owner, overlapping: range)
    }

    /// Every change in the window fits one answer: the limit is not needed.
    public func changes(owner: String, since position: Int64?, limit: Int?) async throws(StoreError) -> ChangeSet {
        try await changes(owner: owner, since: position)
    }
}
