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
        /// Leave the copy as it is.
        case unchanged
    }

    /// An organizer's REQUEST applied to the attendee's copy (`nil` when they have none):
    /// with a master, the message replaces the copy; with overrides only, it replaces
    /// those. The attendee's own alarms are kept; a component older (lower SEQUENCE) than
    /// the copy's is ignored. An instance `recipient` removed from their copy with an
    /// EXDATE stays removed while they are not invited to it again.
    public static func apply(request message: Component, to copy: Component?, for recipient: CalendarUserAddress? = nil) -> Outcome {
        guard let incoming = SchedulingObject(stripped(message)) else { return .unchanged }
        guard let copy, let existing = SchedulingObject(copy), existing.uid == incoming.uid else {
            return .store(incoming.calendar)
        }
        // A meeting cancelled as a whole and then invited to again (an organizer who undid a
        // delete) is a new invitation, whatever its SEQUENCE; invited to some of its
        // instances only (taken off the series, kept in those), the copy keeps the rest cancelled.
        let cancelledWhole = existing.instances.allSatisfy { AttendeeScheduling.isCancelled($0.component) }
        let replacesAll = incoming.master != nil
        if cancelledWhole && replacesAll { return .store(incoming.calendar) }
        var kept: [(InstanceKey, Component)] = []
        for (key, component) in incoming.instances {
            if !cancelledWhole, let before = existing.component(key), sequence(of: before) > sequence(of: component) {
                kept.append((key, before))
                continue
            }
            kept.append((key, keepingOwn(of: existing.component(key) ?? existing.master, in: component)))
        }
        if !replacesAll {
            let updated = Set(incoming.instances.map(\.key))
            kept = existing.instances.filter { !updated.contains($0.key) }.map { ($0.key, $0.component) } + kept
        } else if let recipient {
            keepHidden(&kept, of: existing, incoming: incoming, recipient: recipient)
        }
        let zones = merged(existing.timeZones, incoming.timeZones)
        var calendar = copy
        calendar.components = zones + kept.sorted { $0.0 < $1.0 }.map(\.1)
        return calendar == copy ? .unchanged : .store(calendar)
    }

    /// The instances the attendee hid with an EXDATE of their own (and so declined) stay
    /// hidden: the message's override for one goes and the new master keeps the EXDATE,
    /// unless that override invites them again.
    static func keepHidden(_ kept: inout [(InstanceKey, Component)], of existing: SchedulingObject, incoming: SchedulingObject,
                           recipient: CalendarUserAddress) {
        guard let copyMaster = existing.master else { return }
        for key in existing.excludedInstances.subtracting(incoming.excludedInstances).sorted() {
            if let override = incoming.component(key), incoming.attendee(recipient, in: override).map({ $0.participation != "DECLINED" }) ?? false {
                continue
            }
            guard var exclusion = OrganizerScheduling.recurrenceID(of: key, master: copyMaster),
                  kept.contains(where: { $0.0.isMaster }) else { continue }
            exclusion.name = PropertyName.exceptionDate
            kept.removeAll { $0.0 == key }
            if let master = kept.firstIndex(where: { $0.0.isMaster }) { kept[master].1.properties.append(exclusion) }
        }
    }

    /// An organizer's CANCEL applied to the attendee's copy (RFC 5546 §3.2.5): what it
    /// cancels stays in the copy marked STATUS:CANCELLED, with the message's SEQUENCE and
    /// without the attendee's alarms, so that their client shows the meeting as cancelled
    /// until they delete it (as CalendarServer and sabre/dav keep it). Of the master, every
    /// component is cancelled; of an instance the copy has no override for, one is made from
    /// the master. A message older (lower SEQUENCE) than what it cancels changes nothing.
    public static func apply(cancel message: Component, to copy: Component?) -> Outcome {
        guard let copy, let incoming = SchedulingObject(message), let existing = SchedulingObject(copy), existing.uid == incoming.uid else {
            return .unchanged
        }
        var calendar = copy
        let schedulable = { (component: Component) in ComponentName.schedulable.contains(component.name) }
        if let master = incoming.master {
            let number = sequence(of: master)
            guard sequence(of: existing.master ?? master) <= number else { return .unchanged }
            for index in calendar.components.indices where schedulable(calendar.components[index]) {
                markCancelled(&calendar.components[index], sequence: number)
            }
        } else {
            for (key, component) in incoming.instances {
                var index = calendar.components.firstIndex { schedulable($0) && InstanceKey(of: $0) == key }
                if index == nil, let master = existing.master, let recurrence = component[PropertyName.recurrenceID],
                   !existing.excludedInstances.contains(key) {
                    calendar.components.append(InstanceDerivation.override(of: master, at: recurrence, in: copy))
                    index = calendar.components.count - 1
                }
                if let index, sequence(of: calendar.components[index]) <= sequence(of: component) {
                    markCancelled(&calendar.components[index], sequence: sequence(of: component))
                }
            }
        }
        return calendar == copy ? .unchanged : .store(calendar)
    }

    /// Marks one component of a copy cancelled by a message numbered `sequence`.
    static func markCancelled(_ component: inout Component, sequence incoming: Int) {
        component.set(Property(name: PropertyName.status, value: "CANCELLED"))
        if incoming > sequence(of: component) { component.set(Property(name: PropertyName.sequence, value: String(incoming))) }
        component.components.removeAll { $0.name == ComponentName.alarm }
    }

    /// An attendee's REPLY applied to the organizer's copy: the PARTSTAT of the attendee at
    /// `sender` (and only theirs) in each instance the reply names, with SCHEDULE-STATUS 2.0
    /// and without RSVP.
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
                // They have answered: no reply is expected of them any more (as sabre/dav and CalendarServer record it).
                calendar.components[index].properties[position].parameters.removeAll { $0.name == SchedulingParameter.rsvp }
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

    /// `component` with what of the copy's `before` is the attendee's own: their alarms, and
    /// the SCHEDULE-STATUS their last reply left on ORGANIZER.
    static func keepingOwn(of before: Component?, in component: Component) -> Component {
        guard let before else { return component }
        var kept = component
        let alarms = before.components(named: ComponentName.alarm)
        if !alarms.isEmpty {
            kept.components = component.components.filter { $0.name != ComponentName.alarm } + alarms
        }
        if let organizer = before[SchedulingProperty.organizer],
           let status = organizer.parameters.first(where: { $0.name == SchedulingParameter.status }),
           let index = kept.properties.firstIndex(where: { $0.name == SchedulingProperty.organizer }),
           CalendarUserAddress(kept.properties[index].value) == CalendarUserAddress(organizer.value) {
            kept.properties[index].parameters.removeAll { $0.name == SchedulingParameter.status }
            kept.properties[index].parameters.append(status)
        }
        return kept
    }

    /// The time zones of both, each TZID once (the message's definition wins).
    static func merged(_ existing: [Component], _ incoming: [Component]) -> [Component] {
        let names = Set(incoming.compactMap { $0[PropertyName.timeZoneID]?.value })
        return existing.filter { !names.contains($0[PropertyName.timeZoneID]?.value ?? "") } + incoming
    }
}
