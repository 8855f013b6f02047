#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ICalendar

/// The VEVENT instances of one stored object that overlap one UTC year, as spans: what a
/// calendar-query for events in a time range needs to decide a recurring object, without
/// parsing and expanding it again for every window.
///
/// An instance overlapping a window overlaps a year the window overlaps, so the spans of
/// those years, filtered by the window, are exactly the instances the window's own
/// expansion gives.
public struct YearInstances: Sendable {
    /// The instances overlapping the year, in order of start.
    public let spans: [InstanceSpan]

    /// An object's instances are expanded a year at a time only while a year holds at most
    /// this many (a daily series holds 366); denser series are expanded per window.
    public static let maxSpans = 1_000

    /// A window spanning more years than this is decided by expanding it.
    public static let maxYears = 2

    public init(spans: [InstanceSpan]) {
        self.spans = spans
    }

    /// Whether an instance overlaps `range` (RFC 4791 §9.9, as ``InstanceSpan/overlaps(_:)``).
    public func overlaps(_ range: TimeRange) -> Bool {
        spans.contains { $0.overlaps(range) }
    }

    /// The VEVENT instances of `calendar` overlapping `year` (UTC), floating times read in
    /// `floatingZone`; `nil` when the expansion fails or holds more than ``maxSpans``.
    public static func expand(_ calendar: Component, year: Int, floatingZone: any ZoneRules) -> YearInstances? {
        let (from, to) = bounds(of: year)
        let expander = RecurrenceExpander(calendar: calendar, floatingZone: floatingZone)
        guard let occurrences = try? expander.occurrences(from: from, to: to) else { return nil }
        let spans = occurrences.filter { $0.component.name == ComponentName.event && $0.overlaps(from: from, to: to) }
            .map { InstanceSpan(start: $0.startInstant, end: $0.endInstant) }
        return spans.count <= maxSpans ? YearInstances(spans: spans) : nil
    }

    /// The UTC years a bounded range overlaps, or `nil` when it is open or spans more than
    /// ``maxYears``.
    public static func years(of range: TimeRange) -> ClosedRange<Int>? {
        guard let start = range.start, let end = range.end, end > start else { return nil }
        let first = LocalDateTime(civilSeconds: start).date.year
        let last = LocalDateTime(civilSeconds: end - 1).date.year
        return last - first < maxYears ? first...last : nil
    }

    /// A UTC year as instants [from, to).
    static func bounds(of year: Int) -> (Int, Int) {
        (LocalDate(year: year, month: 1, day: 1).dayNumber * 86400, LocalDate(year: year + 1, month: 1, day: 1).dayNumber * 86400)
    }
}

/// What a ``YearInstances`` is kept under: the object's bytes, the floating zone's
/// definition and the year. Nothing else decides the instances, so a kept value cannot go
/// stale; a changed object is a new key.
public struct YearInstancesKey: Hashable, Sendable {
    public let data: [UInt8]
    /// The text of the VTIMEZONE floating times are read in; empty for UTC.
    public let floatingZone: String
    public let year: Int
    private let digest: Int

    public init(data: [UInt8], floatingZone: String, year: Int) {
        self.data = data
        self.floatingZone = floatingZone
        self.year = year
        var hasher = Hasher()
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(floatingZone)
        hasher.combine(year)
        digest = hasher.finalize()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.digest == b.digest && a.year == b.year && a.floatingZone == b.floatingZone && a.data.count == b.data.count
            && (a.data.isEmpty || a.data.withUnsafeBytes { x in b.data.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } })
    }
}

/// Where calendar-query keeps the ``YearInstances`` of recurring objects between requests
/// (`DAVCaching` provides one). Without one, every query expands its window.
public protocol YearInstancesCache: Sendable {
    /// The instances kept for `key`, or those `expand` gives (kept from then on); `nil` when
    /// `expand` gives none.
    func instances(for key: YearInstancesKey, expanding expand: () -> YearInstances?) -> YearInstances?
}
