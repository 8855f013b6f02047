/// One occurrence of an event, to-do or journal entry: a non-recurring component, one
/// instance of a recurring one, or an override (a component with RECURRENCE-ID).
public struct Occurrence: Sendable {
    /// The component's UID.
    public var uid: String
    /// The component the occurrence takes its properties from: the master for ordinary
    /// instances, the override for overridden ones.
    public var component: Component
    /// The original start of this instance, or `nil` for a non-recurring component.
    public var recurrenceID: DateTimeValue?
    /// The start as written in the component's frame (DATE, floating, UTC or zoned).
    public var start: DateTimeValue
    /// The end (DTEND, DUE, DTSTART plus DURATION, or the RFC 5545 default).
    public var end: DateTimeValue
    /// `start` as an instant (seconds since the epoch); floating values in the expander's zone.
    public var startInstant: Int
    /// `end` as an instant.
    public var endInstant: Int
    /// `recurrenceID` as an instant.
    public var recurrenceInstant: Int?
    /// Which RFC 4791 §9.9 rule decides whether it overlaps a time range.
    public var shape: Shape

    /// The time-range rules of RFC 4791 §9.9 that apply to an occurrence.
    public enum Shape: Sendable, Hashable {
        /// VEVENT and VJOURNAL: the end is already DTEND, DTSTART+DURATION, or the default.
        case span
        /// VTODO with DTSTART and DURATION.
        case todoStartDuration
        /// VTODO with DTSTART and DUE.
        case todoStartDue
        /// VTODO with DTSTART only.
        case todoStart
        /// VTODO with DUE only.
        case todoDue
    }

    /// Whether the occurrence overlaps [from, to) by the rules of RFC 4791 §9.9.
    public func overlaps(from: Int, to: Int) -> Bool {
        let start = startInstant
        let end = endInstant
        switch shape {
        case .span:
            return end > start ? (from < end && to > start) : (from <= start && to > start)
        case .todoStartDuration:
            return from <= end && (to > start || to >= end)
        case .todoStartDue:
            return (from < end || from <= start) && (to > start || to >= end)
        case .todoStart:
            return from <= start && to > start
        case .todoDue:
            return from < end && to >= end
        }
    }
}
