import ICalendar

/// What a delivered message does to the recipient's copy of the object (RFC 6638 §4.1,
/// RFC 5546 §3.2): an attendee's copy takes the organizer's REQUEST and CANCEL, the
/// organizer's copy takes each attendee's REPLY. Applying the same message twice gives
/// the same copy.
public enum RecipientProcessing {
    /// What becomes of the copy.
    public enum Outcome: Sendable {
        /// Store this calendar (a new copy, or the updated one).
        case store(Component)
        /// Delete the copy.
        case delete
        /// Leave the copy as it is.
        case unchanged
    }

    /// An organizer's REQUEST applied to the attendee's copy (`nil` when they have none):
    /// with a master, the message replaces the copy; with overrides only, it replaces
    /// those. The attendee's own alarms are kept; a component older (lower SEQUENCE) than
    /// the copy's is ignored.
    public static func apply(request message: Component, to copy: Component?) -> Outcome {
        guard let incoming = SchedulingObject(stripped(message)) else { return .unchanged }
        guard let copy, let existing = SchedulingObject(copy), existing.uid == incoming.uid else {
            return .store(incoming.calendar)
        }
        var kept: [(InstanceKey, Component)] = []
        let replacesAll = incoming.master != nil
        for (key, component) in incoming.instances {
            if let before = existing.component(key), sequence(of: before) > sequence(of: component) {
                kept.append((key, before))
                continue
            }
            kept.append((key, keepingAlarms(of: existing.component(key) ?? existing.master, in: component)))
        }
        if !replacesAll {
            let updated = Set(incoming.instances.map(\.key))
            kept = existing.instances.filter { !updated.contains($0.key) }.map { ($0.key, $0.component) } + kept
        }
        let zones = merged(existing.timeZones, incoming.timeZones)
        var calendar = copy
        calendar.components = zones + kept.sorted { $0.0 < $1.0 }.map(\.1)
        return calendar == copy ? .unchanged : .store(calendar)
    }

    /// An organizer's CANCEL applied to the attendee's copy: of the master, the copy goes;
    /// of instances, their overrides go and the master excludes them.
    public static func apply(cancel message: Component, to copy: Component?) -> Outcome {
        guard let copy, let incoming = SchedulingObject(message), let existing = SchedulingObject(copy), existing.uid == incoming.uid else {
            return .unchanged
        }
        let keys = incoming.instances.map(\.key)
        if keys.contains(.master) { return .delete }
        var components = copy.components
        components.removeAll { ComponentName.schedulable.contains($0.name) && keys.contains(InstanceKey(of: $0)) }
        if let index = components.firstIndex(where: { ComponentName.schedulable.contains($0.name) && InstanceKey(of: $0).isMaster }) {
            let excluded = existing.excludedInstances
            for (_, component) in incoming.instances where !excluded.contains(InstanceKey(of: component)) {
                guard let recurrence = component[PropertyName.recurrenceID] else { continue }
                components[index].properties.append(Property(name: PropertyName.exceptionDate, parameters: recurrence.parameters.filter { $0.name != ParameterName.range },
                                                             value: recurrence.value))
            }
        }
        guard components.contains(where: { ComponentName.schedulable.contains($0.name) }) else { return .delete }
        var calendar = copy
        calendar.components = components
        return calendar == copy ? .unchanged : .store(calendar)
    }

    /// An attendee's REPLY applied to the organizer's copy: the PARTSTAT of the attendee at
    /// `sender` (and only theirs) in each instance the reply names, with SCHEDULE-STATUS 2.0.
    /// An instance the copy has no override for gets one, made from the master. Attendees
    /// not in the copy are not added.
    public static func apply(reply message: Component, from sender: CalendarUserAddress, to copy: Component) -> Outcome {
        guard let incoming = SchedulingObject(message), let existing = SchedulingObject(copy), existing.uid == incoming.uid else {
            return .unchanged
        }
        var calendar = copy
        for (key, component) in incoming.instances {
            guard let answer = component.properties(named: SchedulingProperty.attendee).first(where: { CalendarUserAddress($0.value) == sender }) else { continue }
            let participation = Attendee(answer).participation
            var index = calendar.components.firstIndex { ComponentName.schedulable.contains($0.name) && InstanceKey(of: $0) == key }
            if index == nil, !key.isMaster, let master = existing.master, let recurrence = component[PropertyName.recurrenceID],
               existing.attendee(sender, in: master) != nil, !existing.excludedInstances.contains(key) {
                calendar.components.append(InstanceDerivation.override(of: master, at: recurrence, in: copy))
                index = calendar.components.count - 1
            }
            guard let index else { continue }
            for position in calendar.components[index].properties.indices {
                let property = calendar.components[index].properties[position]
                guard property.name == SchedulingProperty.attendee, CalendarUserAddress(property.value) == sender else { continue }
                calendar.components[index].properties[position].setParameter(SchedulingParameter.participation, participation)
                calendar.components[index].properties[position].setParameter(SchedulingParameter.status, "2.0")
            }
        }
        return calendar == copy ? .unchanged : .store(calendar)
    }

    /// The message as a calendar object: without METHOD.
    static func stripped(_ message: Component) -> Component {
        var calendar = message
        calendar.remove(PropertyName.method)
        return calendar
    }

    static func sequence(of component: Component) -> Int {
        component[PropertyName.sequence].flatMap { Int($0.value) } ?? 0
    }

    /// `component` with the alarms of the copy's `before` (the attendee's own).
    static func keepingAlarms(of before: Component?, in component: Component) -> Component {
        guard let alarms = before?.components(named: ComponentName.alarm), !alarms.isEmpty else { return component }
        var kept = component
        kept.components = component.components.filter { $0.name != ComponentName.alarm } + alarms
        return kept
    }

    /// The time zones of both, each TZID once (the message's definition wins).
    static func merged(_ existing: [Component], _ incoming: [Component]) -> [Component] {
        let names = Set(incoming.compactMap { $0[PropertyName.timeZoneID]?.value })
        return existing.filter { !names.contains($0[PropertyName.timeZoneID]?.value ?? "") } + incoming
    }
}
