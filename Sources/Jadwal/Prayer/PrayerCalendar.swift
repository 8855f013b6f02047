import CalDAVCore
import Foundation
import PrayerTimes
import WebDAV

/// The computed, read-only "Prayer Times" calendar in every home. Its events are made on
/// demand from the user's settings for whatever range is asked; a listing covers 30 days
/// back to 365 ahead. Sync tokens encode the settings' version and the day the window
/// starts from, so a sync reports exactly the days that entered and left the window, and
/// a settings change (a new version) sends clients back to a full sync.
public struct PrayerCalendar: Sendable {
    public static let name = "prayer-times"
    public static let displayName = "Prayer Times"
    public static let color = "#0E8A5FFF"
    static let daysBack = 30
    static let daysAhead = 365
    /// The longest range one query computes, in days (ten years).
    static let maxQueryDays = 3_660
    /// Positions are `version * stride + day number`.
    static let positionStride: Int64 = 1_000_000

    let settings: PrayerSettingsStore
    let clock: @Sendable () -> Int

    public init(settings: PrayerSettingsStore, clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) {
        self.settings = settings
        self.clock = clock
    }

    /// A user's settings and today's date where they are.
    private func state(_ owner: String) async throws(StoreError) -> (settings: PrayerSettings, events: PrayerEvents?, today: LocalDate) {
        let current: PrayerSettings
        do { current = try await settings.settings(of: owner) } catch { throw StoreError(.unavailable, "prayer settings could not be read", cause: error) }
        let zone = current.place.flatMap { TimeZone(identifier: $0.timeZone) } ?? TimeZone(secondsFromGMT: 0)!
        let today = LocalDate(Date(timeIntervalSince1970: TimeInterval(clock())), in: zone)
        return (current, PrayerEvents(settings: current), today)
    }

    static func dayNumber(_ date: LocalDate) -> Int64 {
        Int64(date.dayNumber)
    }

    /// The collection as PROPFIND shows it.
    public func collection(owner: String) async throws(StoreError) -> CalendarCollection {
        let (current, events, today) = try await state(owner)
        var collection = CalendarCollection(
            reference: CalendarReference(owner: owner, name: Self.name), displayName: Self.displayName,
            calendarDescription: events == nil
                ? "Set your place to see prayer times: jadwald prayer settings \(owner) --city NAME (or --lat, --lon, --tz)."
                : "Prayer times computed by Jadwal (\(current.effectiveMethod.displayName)).",
            color: Self.color, order: 0, supportedComponents: ["VEVENT"],
            changePosition: current.version * Self.positionStride + Self.dayNumber(today),
            createdAt: current.updatedAt, syncID: "prayer")
        collection.isReadOnly = true
        return collection
    }

    /// Every object in the window.
    public func objects(owner: String) async throws(StoreError) -> [CalendarObject] {
        let (_, events, today) = try await state(owner)
        guard let events else { return [] }
        return events.calculator.times(in: today.adding(days: -Self.daysBack)...today.adding(days: Self.daysAhead)).flatMap(events.objects(for:))
    }

    /// The objects with these names (any date, not only the window's).
    public func objects(named names: [String], owner: String) async throws(StoreError) -> [CalendarObject] {
        let (_, events, _) = try await state(owner)
        guard let events else { return [] }
        var days: [LocalDate: [CalendarObject]] = [:]
        return names.compactMap { name in
            guard let (date, _) = PrayerEvents.parse(name: name) else { return nil }
            if days[date] == nil { days[date] = events.objects(for: events.calculator.times(on: date)) }
            return days[date]?.first { $0.name == name }
        }
    }

    /// The objects of the days around `range`; the caller confirms overlap exactly.
    public func objects(owner: String, overlapping range: TimeRange) async throws(StoreError) -> [CalendarObject] {
        let (_, events, today) = try await state(owner)
        guard let events else { return [] }
        let zone = events.calculator.timeZone
        // Open ends fall back to the listing window; a day either side covers zone offsets.
        let first = range.start.map { LocalDate(Date(timeIntervalSince1970: TimeInterval($0)), in: zone).adding(days: -1) }
            ?? today.adding(days: -Self.daysBack)
        let last = range.end.map { LocalDate(Date(timeIntervalSince1970: TimeInterval($0)), in: zone).adding(days: 1) }
            ?? today.adding(days: Self.daysAhead)
        guard first <= last else { return [] }
        guard first.distance(to: last) <= Self.maxQueryDays else {
            throw StoreError(.unavailable, "prayer times are computed for at most \(Self.maxQueryDays) days per query")
        }
        return events.calculator.times(in: first...last).flatMap(events.objects(for:))
    }

    /// Days that entered and left the window since `position`.
    public func changes(owner: String, since position: Int64?) async throws(StoreError) -> ChangeSet {
        let (current, events, today) = try await state(owner)
        let now = current.version * Self.positionStride + Self.dayNumber(today)
        let window = today.adding(days: -Self.daysBack)...today.adding(days: Self.daysAhead)
        func names(_ days: [LocalDate]) -> [String] {
            events == nil ? [] : days.flatMap { day in Prayer.obligatory.map { PrayerEvents.objectName(day, $0) } }
        }
        guard let position else { return ChangeSet(position: now, changed: names(Array(window)), deleted: [], isTruncated: false) }
        let version = position / Self.positionStride
        let then = LocalDate(dayNumber: Int(position % Self.positionStride))
        guard version == current.version, then <= today, then.distance(to: today) <= Self.maxQueryDays else {
            throw StoreError(.invalidSyncToken, "the prayer settings or the token changed; sync again from the start")
        }
        let old = then.adding(days: -Self.daysBack)...then.adding(days: Self.daysAhead)
        return ChangeSet(position: now, changed: names(window.filter { !old.contains($0) }),
                         deleted: names(old.filter { !window.contains($0) }), isTruncated: false)
    }
}
