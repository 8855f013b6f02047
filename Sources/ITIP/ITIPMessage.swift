import ICalendar

/// One iTIP message (RFC 5546) from one calendar user to another: a VCALENDAR with METHOD.
public struct ITIPMessage: Sendable {
    public var method: ITIPMethod
    /// Who sends it: the organizer of a REQUEST or CANCEL, the attendee of a REPLY.
    public var originator: CalendarUserAddress
    public var recipient: CalendarUserAddress
    /// The VCALENDAR, METHOD included.
    public var calendar: Component

    public init(method: ITIPMethod, originator: CalendarUserAddress, recipient: CalendarUserAddress, calendar: Component) {
        self.method = method
        self.originator = originator
        self.recipient = recipient
        self.calendar = calendar
    }

    /// A message built from components of one object.
    init(method: ITIPMethod, from originator: CalendarUserAddress, to recipient: CalendarUserAddress,
         components: [Component], timeZones: [Component]) {
        var calendar = Component(name: ComponentName.calendar, properties: [
            Property(name: PropertyName.version, value: "2.0"),
            Property(name: PropertyName.productID, value: ITIPMessage.productID),
            Property(name: PropertyName.method, value: method.rawValue),
        ])
        let zones = Set(components.flatMap(\.referencedZones))
        calendar.components = timeZones.filter { zones.contains($0[PropertyName.timeZoneID]?.value ?? "") } + components
        self.init(method: method, originator: originator, recipient: recipient, calendar: calendar)
    }

    /// The PRODID of messages this server writes.
    public static let productID = "-//Jadwal//Jadwal server//EN"

    /// The message's text.
    public var bytes: [UInt8] { ICalendarSerializer().serialize(calendar) }

    /// The UID of the object the message is about.
    public var uid: String? { components.first?[PropertyName.uid]?.value }

    /// The scheduled components (no VTIMEZONE).
    public var components: [Component] { calendar.components.filter { ComponentName.schedulable.contains($0.name) } }

    /// Reads a message someone sent: a VCALENDAR with a METHOD this server takes and at
    /// least one scheduled component with a UID; `nil` otherwise.
    public static func method(of calendar: Component) -> ITIPMethod? {
        calendar[PropertyName.method].flatMap { ITIPMethod(rawValue: $0.value.uppercased()) }
    }
}

extension Component {
    /// The TZIDs its date-time properties name.
    var referencedZones: [String] {
        properties.compactMap { $0[parameter: ParameterName.timeZoneID] }
    }
}
