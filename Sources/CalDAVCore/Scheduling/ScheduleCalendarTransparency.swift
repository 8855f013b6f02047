import WebDAV

/// CALDAV:schedule-calendar-transp (RFC 6638 §9.1): whether a calendar's events count as
/// busy time when someone asks for the owner's free-busy. Opaque unless the owner says
/// otherwise; a transparent calendar is kept as a dead property of the collection (as
/// sabre/dav keeps it, so a Baïkal import carries it over) and an opaque one needs nothing.
public enum ScheduleCalendarTransparency {
    public static let property = DAVXML.Name.calDAV("schedule-calendar-transp")
    static let opaque = DAVXML.Name.calDAV("opaque")
    static let transparent = DAVXML.Name.calDAV("transparent")

    /// The stored form of a transparent calendar's property.
    public static let transparentValue = XMLWriter.fragment(
        DAVXML.Element(property, children: [.element(DAVXML.Element(transparent))]))

    /// Whether a value sent by a client says transparent; a value naming neither is refused.
    static func isTransparent(_ value: DAVXML.Element) throws(DAVError) -> Bool {
        let names = value.elements.map(\.name)
        guard names.count == 1, names[0] == opaque || names[0] == transparent else {
            throw DAVError.badRequest("schedule-calendar-transp takes one CALDAV:opaque or CALDAV:transparent")
        }
        return names[0] == transparent
    }
}

extension CalendarCollection {
    /// Whether the owner marked this calendar as not making them busy (RFC 6638 §9.1).
    public var isScheduleTransparent: Bool {
        guard let xml = deadProperties[ScheduleCalendarTransparency.property] else { return false }
        return xml.firstRange(of: Array("transparent".utf8)) != nil
    }
}
