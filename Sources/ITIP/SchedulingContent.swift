import ICalendar

/// What of a component the organizer decides: the content whose change is worth a message
/// to the attendees and a new Schedule-Tag. Left out are the stamps (DTSTAMP,
/// LAST-MODIFIED, CREATED, SEQUENCE), what each user keeps for themselves (alarms, TRANSP,
/// X- properties), and the answers (PARTSTAT, RSVP and the server's SCHEDULE-* parameters),
/// so that an attendee's answer changes neither.
public enum SchedulingContent {
    static let stamps: Set<String> = [PropertyName.dateTimeStamp, PropertyName.lastModified, PropertyName.created, PropertyName.sequence,
                                      PropertyName.transparency, SchedulingProperty.requestStatus]
    static let answers = Set([SchedulingParameter.participation, SchedulingParameter.rsvp]).union(SchedulingParameter.serverOnly)

    /// The organizer's part of a component, in a fixed order; EXDATE too unless
    /// `keepingExclusions` is false (instance cancellations are decided apart).
    public static func relevant(_ component: Component, keepingExclusions: Bool = true) -> Component {
        var properties: [Property] = []
        for property in component.properties {
            if stamps.contains(property.name) || property.name.hasPrefix("X-") { continue }
            if !keepingExclusions && property.name == PropertyName.exceptionDate { continue }
            var kept = property
            if property.name == SchedulingProperty.attendee || property.name == SchedulingProperty.organizer {
                kept.parameters.removeAll { answers.contains($0.name) }
            }
            kept.line = 0
            properties.append(kept)
        }
        properties.sort { ($0.name, $0.value, "\($0.parameters)") < ($1.name, $1.value, "\($1.parameters)") }
        let components = component.components.filter { $0.name != ComponentName.alarm }.map { relevant($0) }
        return Component(name: component.name, properties: properties, components: components)
    }

    /// Whether two components differ in what the organizer decides.
    static func differ(_ old: Component, _ new: Component, keepingExclusions: Bool = true) -> Bool {
        relevant(old, keepingExclusions: keepingExclusions) != relevant(new, keepingExclusions: keepingExclusions)
    }

    /// A component as a message carries it: no alarms, none of the server's own
    /// parameters, a fresh DTSTAMP.
    static func outgoing(_ component: Component, stamp: String) -> Component {
        var copy = component
        copy.components.removeAll { $0.name == ComponentName.alarm }
        for index in copy.properties.indices
        where copy.properties[index].name == SchedulingProperty.attendee || copy.properties[index].name == SchedulingProperty.organizer {
            copy.properties[index].parameters.removeAll { SchedulingParameter.serverOnly.contains($0.name) }
        }
        copy.set(Property(name: PropertyName.dateTimeStamp, value: stamp))
        return copy
    }
}
