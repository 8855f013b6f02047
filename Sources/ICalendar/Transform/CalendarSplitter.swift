/// Splits a calendar file holding many components (an export from another calendar
/// program) into calendar objects as CalDAV stores them (RFC 4791 §4.1): one UID each, a
/// master with its overrides, and the VTIMEZONEs they refer to.
///
/// What cannot become an object is reported with the line it starts on and the reason,
/// never dropped silently.
public struct CalendarSplitter: Sendable {
    /// One calendar object: a VCALENDAR with the components of one UID.
    public struct Piece: Sendable {
        public var uid: String
        public var componentType: String
        public var calendar: Component
    }

    /// A component left out, and why.
    public struct Skipped: Sendable, Hashable {
        public var line: Int
        public var reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// Calendar properties kept on every piece. METHOD is left out: stored objects must
    /// not carry it (RFC 4791 §4.1), and an export's METHOD:PUBLISH means nothing once split.
    static let keptCalendarProperties: Set = [PropertyName.version, PropertyName.productID, PropertyName.calendarScale]

    public init() {}

    /// Splits a VCALENDAR, keeping the order in which UIDs first appear.
    public func split(_ calendar: Component) -> (pieces: [Piece], skipped: [Skipped]) {
        var zones: [String: Component] = [:]
        var order: [String] = []
        var groups: [String: [Component]] = [:]
        var skipped: [Skipped] = []
        for component in calendar.components {
            if component.name == ComponentName.timeZone {
                if let tzid = component[PropertyName.timeZoneID]?.value, zones[tzid] == nil { zones[tzid] = component }
                continue
            }
            guard ComponentName.schedulable.contains(component.name) else {
                skipped.append(Skipped(line: component.line, reason: "\(component.name) is not kept in calendar collections"))
                continue
            }
            guard let uid = component[PropertyName.uid]?.value, !uid.isEmpty else {
                skipped.append(Skipped(line: component.line, reason: "\(component.name) has no UID"))
                continue
            }
            if let group = groups[uid] {
                if group[0].name != component.name {
                    skipped.append(Skipped(line: component.line, reason: "UID \(uid) is already a \(group[0].name), not a \(component.name)"))
                    continue
                }
                let recurrenceID = component[PropertyName.recurrenceID]?.value
                if group.contains(where: { $0[PropertyName.recurrenceID]?.value == recurrenceID }) {
                    let what = recurrenceID.map { "the instance \($0) of UID \(uid)" } ?? "UID \(uid)"
                    skipped.append(Skipped(line: component.line, reason: "\(what) appears twice; the first is kept"))
                    continue
                }
                groups[uid]!.append(component)
            } else {
                order.append(uid)
                groups[uid] = [component]
            }
        }
        let header = calendar.properties.filter { Self.keptCalendarProperties.contains($0.name) }
        let pieces = order.map { uid -> Piece in
            let members = groups[uid]!
            var used: [String] = []
            for member in members { Self.collectZoneIDs(in: member, into: &used) }
            let definitions = used.compactMap { zones[$0] }
            return Piece(uid: uid, componentType: members[0].name,
                         calendar: Component(name: ComponentName.calendar, properties: header, components: definitions + members))
        }
        return (pieces, skipped)
    }

    /// The TZID parameters a component and its subcomponents use, in first-use order.
    static func collectZoneIDs(in component: Component, into ids: inout [String]) {
        for property in component.properties {
            if let tzid = property[parameter: PropertyName.timeZoneID], !ids.contains(tzid) { ids.append(tzid) }
        }
        for child in component.components { collectZoneIDs(in: child, into: &ids) }
    }
}
