import ICalendar

/// A calendar object resource as scheduling sees it (RFC 6638 §3.1): its UID, its
/// organizer, and each component (the master and its overrides) by ``InstanceKey``.
///
/// An object is a *scheduling object* for a calendar user when that user is its organizer
/// or one of its attendees (``role(of:)``); any other object is left alone by scheduling.
public struct SchedulingObject: Sendable {
    /// The whole VCALENDAR.
    public let calendar: Component
    public let uid: String
    /// VEVENT, VTODO or VJOURNAL.
    public let componentType: String
    /// The scheduled components by instance, in the order they appear.
    public let instances: [(key: InstanceKey, component: Component)]
    /// The ORGANIZER of the first component that names one.
    public let organizer: CalendarUserAddress?
    /// Whether the server handles the organizer's messages (SCHEDULE-AGENT on ORGANIZER).
    public let organizerScheduledByServer: Bool

    /// The view of a parsed VCALENDAR; `nil` when it holds no event, to-do or journal entry.
    public init?(_ calendar: Component) {
        let scheduled = calendar.components.filter { ComponentName.schedulable.contains($0.name) }
        guard let first = scheduled.first, let uid = first[PropertyName.uid]?.value else { return nil }
        self.calendar = calendar
        self.uid = uid
        componentType = first.name
        instances = scheduled.map { (InstanceKey(of: $0), $0) }
        let organizerProperty = scheduled.lazy.compactMap { $0[SchedulingProperty.organizer] }.first
        organizer = organizerProperty.map { CalendarUserAddress($0.value) }
        organizerScheduledByServer = organizerProperty.map(Attendee.scheduledByServer) ?? true
    }

    /// The component of an instance, if the object has one of its own.
    public func component(_ key: InstanceKey) -> Component? {
        instances.first { $0.key == key }?.component
    }

    /// The master component, if any.
    public var master: Component? { component(.master) }

    /// The attendees of one component.
    public func attendees(of component: Component) -> [Attendee] {
        component.properties(named: SchedulingProperty.attendee).map(Attendee.init)
    }

    /// One attendee of one component, if listed there.
    public func attendee(_ address: CalendarUserAddress, in component: Component) -> Attendee? {
        attendees(of: component).first { $0.address == address }
    }

    /// Every attendee of any component, each once, in order of appearance.
    public var allAttendees: [Attendee] {
        var seen: Set<CalendarUserAddress> = []
        var all: [Attendee] = []
        for (_, component) in instances {
            for attendee in attendees(of: component) where seen.insert(attendee.address).inserted { all.append(attendee) }
        }
        return all
    }

    /// The instances `address` attends.
    public func keys(attendedBy address: CalendarUserAddress) -> [InstanceKey] {
        instances.filter { attendee(address, in: $0.component) != nil }.map(\.key)
    }

    /// The EXDATE instances of the master.
    public var excludedInstances: Set<InstanceKey> {
        Set(master?.properties(named: PropertyName.exceptionDate).flatMap(\.instanceKeys) ?? [])
    }

    /// What a calendar user with these addresses is to the object.
    public func role(of addresses: Set<CalendarUserAddress>) -> SchedulingRole {
        role { addresses.contains($0) }
    }

    /// What the calendar user whose addresses `isMine` recognizes is to the object.
    public func role(where isMine: (CalendarUserAddress) -> Bool) -> SchedulingRole {
        guard let organizer else { return .none }
        if isMine(organizer) {
            // An organizer's own object with nobody else on it schedules nothing.
            return allAttendees.contains { !isMine($0.address) } ? .organizer(organizer) : .none
        }
        if let me = allAttendees.first(where: { isMine($0.address) }) { return .attendee(me.address) }
        return .none
    }

    /// The VTIMEZONE components of the object.
    var timeZones: [Component] { calendar.components(named: ComponentName.timeZone) }
}

/// What a calendar user is to a scheduling object.
public enum SchedulingRole: Sendable, Equatable {
    /// Their object: changes are sent to the attendees.
    case organizer(CalendarUserAddress)
    /// They are invited, under this address: their answers go to the organizer.
    case attendee(CalendarUserAddress)
    /// Neither: scheduling leaves the object alone.
    case none
}
