import ICalendar

/// The REPLY an attendee's change sends to the organizer (RFC 6638 §3.2.2, RFC 5546
/// §3.2.3): the instances whose participation status the attendee changed, or a decline
/// of everything when the attendee deletes their copy, leaving out what the organizer cancelled. Only the attendee's own ATTENDEE
/// is ever in it, so one attendee cannot answer for another.
public enum AttendeeScheduling {
    /// The reply for a change of `old` into `new` (`nil`: created or deleted) by the
    /// attendee at `attendee`; `nil` when their answers did not change or the organizer
    /// handles replies itself (SCHEDULE-AGENT on ORGANIZER).
    public static func reply(from old: SchedulingObject?, to new: SchedulingObject?, attendee: CalendarUserAddress,
                             stamp: String) -> ITIPMessage? {
        guard let current = new ?? old, let organizer = current.organizer, organizer != attendee,
              current.organizerScheduledByServer else { return nil }
        var answered: [Component] = []
        if let new {
            for (key, component) in new.instances where !isCancelled(component) {
                guard let mine = new.attendee(attendee, in: component) else { continue }
                let before = old.flatMap { old in (old.component(key) ?? (key.isMaster ? nil : old.master)).flatMap { old.attendee(attendee, in: $0) } }
                if before?.participation ?? "NEEDS-ACTION" != mine.participation {
                    answered.append(answer(component, attendee: attendee))
                }
            }
            if let old { answered += hiddenInstances(from: old, to: new, attendee: attendee) }
        } else if let old {
            for (_, component) in old.instances where !isCancelled(component) {
                guard let mine = old.attendee(attendee, in: component), mine.participation != "DECLINED" else { continue }
                answered.append(answer(component, attendee: attendee, participation: "DECLINED"))
            }
        }
        guard !answered.isEmpty else { return nil }
        return ITIPMessage(method: .reply, from: attendee, to: organizer,
                           components: answered.map { SchedulingContent.outgoing($0, stamp: stamp) }, timeZones: current.timeZones)
    }

    /// A REPLY giving `participation` for every instance `attendee` attends: an answer
    /// that comes from elsewhere than the attendee's own copy (a link in an invitation mail).
    public static func answer(_ object: SchedulingObject, attendee: CalendarUserAddress, participation: String, stamp: String) -> ITIPMessage? {
        guard let organizer = object.organizer else { return nil }
        let answered = object.instances.filter { object.attendee(attendee, in: $0.component) != nil }
            .map { SchedulingContent.outgoing(answer($0.component, attendee: attendee, participation: participation), stamp: stamp) }
        guard !answered.isEmpty else { return nil }
        return ITIPMessage(method: .reply, from: attendee, to: organizer, components: answered, timeZones: object.timeZones)
    }

    /// Declines of the instances the attendee removed from their copy with an EXDATE of
    /// their own (RFC 6638 §3.2.2.1), which clients write when one occurrence of an
    /// invitation is deleted; those already declined are not declined again.
    static func hiddenInstances(from old: SchedulingObject, to new: SchedulingObject, attendee: CalendarUserAddress) -> [Component] {
        guard let master = new.master, new.attendee(attendee, in: master) != nil else { return [] }
        var declines: [Component] = []
        for key in new.excludedInstances.subtracting(old.excludedInstances).sorted() where new.component(key) == nil {
            guard let recurrence = OrganizerScheduling.recurrenceID(of: key, master: master) else { continue }
            if let override = old.component(key), old.attendee(attendee, in: override)?.participation == "DECLINED" { continue }
            let instance = InstanceDerivation.override(of: master, at: recurrence, in: new.calendar)
            declines.append(answer(instance, attendee: attendee, participation: "DECLINED"))
        }
        return declines
    }

    /// Whether the organizer cancelled this instance: an answer to it would tell them nothing.
    static func isCancelled(_ component: Component) -> Bool {
        component[PropertyName.status]?.value.uppercased() == "CANCELLED"
    }

    /// A REPLY component: what identifies the instance and the attendee's own ATTENDEE.
    static func answer(_ component: Component, attendee: CalendarUserAddress, participation: String? = nil) -> Component {
        var reply = Component(name: component.name)
        for name in [PropertyName.uid, PropertyName.recurrenceID, PropertyName.dateTimeStart, PropertyName.sequence, PropertyName.summary,
                     SchedulingProperty.organizer] {
            if let property = component[name] { reply.properties.append(property) }
        }
        if var mine = component.properties(named: SchedulingProperty.attendee).first(where: { CalendarUserAddress($0.value) == attendee }) {
            if let participation { mine.setParameter(SchedulingParameter.participation, participation) }
            reply.properties.append(mine)
        }
        reply.properties.append(Property(name: SchedulingProperty.requestStatus, value: "2.0;Success"))
        return reply
    }
}

extension Property {
    /// Sets a parameter's one value, replacing any it had.
    mutating func setParameter(_ name: String, _ value: String) {
        if let index = parameters.firstIndex(where: { $0.name == name }) {
            parameters[index] = Parameter(name: name, value: value)
            parameters.removeAll { $0.name == name && $0.value != value }
        } else {
            parameters.append(Parameter(name: name, value: value))
        }
    }
}
