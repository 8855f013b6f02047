/// The one instance of a non-recurring event in fixed time, as instants (seconds since the
/// epoch): enough to decide a time-range query (RFC 4791 §9.9) without parsing the event.
public struct InstanceSpan: Hashable, Sendable {
    public var start: Int
    /// DTEND, or DTSTART plus DURATION; equal to `start` for an instant.
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// Whether a VEVENT with this instance overlaps `range` by RFC 4791 §9.9: an event
    /// with a duration overlaps when it starts before the range ends and ends after the
    /// range starts; an instant, when it lies in [start, end). Open ends are unbounded.
    public func overlaps(_ range: TimeRange) -> Bool {
        let from = range.start ?? Int.min
        let to = range.end ?? Int.max
        return end > start ? (from < end && to > start) : (from <= start && to > start)
    }
}
