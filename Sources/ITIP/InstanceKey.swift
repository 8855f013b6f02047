import ICalendar

/// Names one component of a recurring object: the master (no RECURRENCE-ID) or an
/// override, by its RECURRENCE-ID's time and zone, so that an override, an EXDATE and an
/// iTIP message about the same instance meet under one key.
public struct InstanceKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Empty for the master; otherwise the zone (empty for UTC and floating) and value.
    public let value: String

    /// The master component, or a component without recurrence.
    public static let master = InstanceKey(value: "")

    init(value: String) { self.value = value }

    /// The key of a component: its RECURRENCE-ID, or the master's.
    public init(of component: Component) {
        if let recurrence = component[PropertyName.recurrenceID] {
            self.init(instant: recurrence.value, zone: recurrence[parameter: ParameterName.timeZoneID])
        } else {
            self = .master
        }
    }

    /// The key of an instance starting at `instant` (a DATE or DATE-TIME text) in `zone`.
    public init(instant: String, zone: String?) {
        value = (zone ?? "") + "|" + instant.uppercased()
    }

    public var isMaster: Bool { value.isEmpty }

    public static func < (lhs: InstanceKey, rhs: InstanceKey) -> Bool { lhs.value < rhs.value }

    public var description: String { isMaster ? "master" : value }
}

extension Property {
    /// The instances an EXDATE or RDATE names, one key per value.
    var instanceKeys: [InstanceKey] {
        let zone = self[parameter: ParameterName.timeZoneID]
        return value.split(separator: ",").map { InstanceKey(instant: String($0), zone: zone) }
    }
}
