import ICalendar

/// An ATTENDEE of a scheduled component, as scheduling reads it (RFC 5545 §3.8.4.1,
/// RFC 6638 §7).
public struct Attendee: Sendable, Hashable {
    public var address: CalendarUserAddress
    /// PARTSTAT, upper-cased; NEEDS-ACTION when absent (RFC 5545 §3.2.12).
    public var participation: String
    /// Who delivers messages to this attendee: the server unless SCHEDULE-AGENT says
    /// CLIENT or NONE (RFC 6638 §7.1).
    public var scheduledByServer: Bool
    /// SCHEDULE-FORCE-SEND=REQUEST: send even when nothing changed (RFC 6638 §7.2).
    public var forcesRequest: Bool

    public init(_ property: Property) {
        address = CalendarUserAddress(property.value)
        participation = (property[parameter: SchedulingParameter.participation] ?? "NEEDS-ACTION").uppercased()
        scheduledByServer = Self.scheduledByServer(property)
        forcesRequest = property[parameter: SchedulingParameter.forceSend]?.uppercased() == "REQUEST"
    }

    /// Whether the server schedules for the ORGANIZER or ATTENDEE property.
    static func scheduledByServer(_ property: Property) -> Bool {
        (property[parameter: SchedulingParameter.agent] ?? "SERVER").uppercased() == "SERVER"
    }
}

/// Names of the properties and parameters scheduling reads and writes.
public enum SchedulingParameter {
    public static let participation = "PARTSTAT"
    public static let rsvp = "RSVP"
    public static let agent = "SCHEDULE-AGENT"
    public static let status = "SCHEDULE-STATUS"
    public static let forceSend = "SCHEDULE-FORCE-SEND"
    public static let commonName = "CN"
    /// What the server keeps for itself: never sent in an iTIP message (RFC 6638 §7.1-7.3).
    static let serverOnly: Set<String> = [agent, status, forceSend]
}

public enum SchedulingProperty {
    public static let organizer = "ORGANIZER"
    public static let attendee = "ATTENDEE"
    public static let requestStatus = "REQUEST-STATUS"
}
