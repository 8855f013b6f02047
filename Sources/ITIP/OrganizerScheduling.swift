import ICalendar

/// The messages an organizer's change sends (RFC 6638 §3.2.1, RFC 5546 §3.2): a REQUEST
/// to each attendee who is new or whose instances changed, with only the instances that
/// changed when the master did not, and a CANCEL to each attendee removed from the object
/// or from some of its instances, and for what the organizer marked STATUS:CANCELLED.
public enum OrganizerScheduling {
    /// The messages for a change of `old` into `new` (either `nil`: created or deleted) by
    /// the organizer at `organizer`, stamped with `stamp` (a UTC DATE-TIME).
    public static func messages(from old: SchedulingObject?, to new: SchedulingObject?, organizer: CalendarUserAddress,
                                stamp: String) -> [ITIPMessage] {
        let everyone = (new?.allAttendees ?? []) + (old?.allAttendees ?? [])
        var seen: Set<CalendarUserAddress> = [organizer]
        var messages: [ITIPMessage] = []
        for attendee in everyone where seen.insert(attendee.address).inserted {
            // SCHEDULE-AGENT in the current version decides; a removed attendee by the old one.
            let current = new.flatMap { object in object.instances.lazy.compactMap { object.attendee(attendee.address, in: $0.component) }.first }
            guard (current ?? attendee).scheduledByServer else { continue }
            // Left to their client before (SCHEDULE-AGENT=CLIENT or NONE), the server now
            // invites them as new.
            let scheduledBefore = old.map { object in
                object.instances.contains { object.attendee(attendee.address, in: $0.component)?.scheduledByServer == true }
            } ?? false
            messages += self.messages(for: attendee.address, from: scheduledBefore ? old : nil, to: new, organizer: organizer, stamp: stamp)
        }
        return messages
    }

    private static func messages(for address: CalendarUserAddress, from old: SchedulingObject?, to new: SchedulingObject?,
                                 organizer: CalendarUserAddress, stamp: String) -> [ITIPMessage] {
        let newKeys = new?.keys(attendedBy: address) ?? []
        let oldKeys = old?.keys(attendedBy: address) ?? []
        if newKeys.isEmpty {
            guard let old, !oldKeys.isEmpty else { return [] }
            // Removed from the object (or the object deleted): one CANCEL for all of it, also
            // for an attendee of some instances only, so that their copy ends whole.
            let cancelled = old.master != nil ? [InstanceKey.master] : oldKeys
            return [cancel(cancelled, of: old, sequenceFrom: new, for: address, organizer: organizer, stamp: stamp)]
        }
        guard let new else { return [] }
        let forced = newKeys.contains { key in new.component(key).flatMap { new.attendee(address, in: $0) }?.forcesRequest == true }
        guard let old, !oldKeys.isEmpty, !forced else {
            return [request(newKeys, of: new, for: address, organizer: organizer, stamp: stamp)]
        }
        var whole = false
        var changed: [InstanceKey] = []
        var cancelled: [InstanceKey] = []
        // Marked STATUS:CANCELLED by the organizer: a CANCEL (RFC 5546 §3.2.5), beside a
        // REQUEST when more than the status changed.
        let markedCancelled = newKeys.filter { key in
            AttendeeScheduling.isCancelled(new.component(key)!) && !((old.component(key) ?? old.master).map(AttendeeScheduling.isCancelled) ?? false)
        }
        if markedCancelled.contains(.master) {
            let request = statusAside(new.master!, before: old.master) ? [request(newKeys, of: new, for: address, organizer: organizer, stamp: stamp)] : []
            return request + [cancel([.master], of: old, sequenceFrom: new, for: address, organizer: organizer, stamp: stamp)]
        }
        for key in markedCancelled {
            if let before = old.component(key), statusAside(new.component(key)!, before: before) { changed.append(key) }
            cancelled.append(key)
        }
        for key in newKeys where !markedCancelled.contains(key) {
            guard let before = old.component(key) else {
                changed.append(key)
                continue
            }
            if SchedulingContent.differ(before, new.component(key)!, keepingExclusions: !key.isMaster) {
                if key.isMaster { whole = true } else { changed.append(key) }
            }
        }
        let attendsMaster = newKeys.contains(.master)
        let newExclusions = new.excludedInstances
        for key in oldKeys where !newKeys.contains(key) {
            // An override they no longer attend: cancelled when its instance is gone or
            // they are not in the series; otherwise it follows the master again.
            if key.isMaster || !attendsMaster || newExclusions.contains(key) { cancelled.append(key) } else { whole = true }
        }
        if attendsMaster, oldKeys.contains(.master) {
            let oldExclusions = old.excludedInstances
            if !oldExclusions.subtracting(newExclusions).isEmpty { whole = true }
            for key in newExclusions.subtracting(oldExclusions).sorted() where !cancelled.contains(key) { cancelled.append(key) }
        }
        // Taken off the series, they are sent again every instance they keep, changed or not.
        if cancelled.contains(.master) { changed = newKeys }
        var messages: [ITIPMessage] = []
        if whole {
            messages.append(request(newKeys, of: new, for: address, organizer: organizer, stamp: stamp))
        } else if !changed.isEmpty {
            messages.append(request(changed, of: new, for: address, organizer: organizer, stamp: stamp))
        }
        if !cancelled.isEmpty {
            let cancel = cancel(cancelled, of: old, sequenceFrom: new, for: address, organizer: organizer, stamp: stamp)
            // Taken off the series but kept in some instances: the CANCEL of the series
            // cancels all they had, so it goes first and the instances they keep come after.
            if cancelled.contains(.master) { messages.insert(cancel, at: 0) } else { messages.append(cancel) }
        }
        return messages
    }

    /// Whether `component` differs from `before` in more than its STATUS.
    private static func statusAside(_ component: Component, before: Component?) -> Bool {
        guard let before else { return false }
        var probe = component
        if let status = before[PropertyName.status] { probe.set(status) } else { probe.remove(PropertyName.status) }
        return SchedulingContent.differ(before, probe, keepingExclusions: !InstanceKey(of: component).isMaster)
    }

    /// A REQUEST with the components `keys` name.
    static func request(_ keys: [InstanceKey], of object: SchedulingObject, for address: CalendarUserAddress,
                        organizer: CalendarUserAddress, stamp: String) -> ITIPMessage {
        let components = keys.compactMap { object.component($0) }.map { SchedulingContent.outgoing($0, stamp: stamp) }
        return ITIPMessage(method: .request, from: organizer, to: address, components: components, timeZones: object.timeZones)
    }

    /// A CANCEL of the instances `keys` name (the master: the whole object), each with what
    /// a reader needs to recognize it. Its SEQUENCE is the changed object's, or, when the
    /// object is deleted, one above any it had (RFC 5546 §2.1.4: a cancellation is a change
    /// every calendar must take for newer).
    static func cancel(_ keys: [InstanceKey], of object: SchedulingObject, sequenceFrom new: SchedulingObject?,
                       for address: CalendarUserAddress, organizer: CalendarUserAddress, stamp: String) -> ITIPMessage {
        let sequence = (new?.master ?? new?.instances.first?.component)?[PropertyName.sequence]
        var components: [Component] = []
        for key in keys {
            guard let source = object.component(key) ?? object.master else { continue }
            let deleted = new == nil ? Property(name: PropertyName.sequence, value: String(SequenceNumbering.cancelling(object))) : nil
            var cancelled = Component(name: source.name)
            for name in [PropertyName.uid, PropertyName.summary, SchedulingProperty.organizer] {
                if let property = source[name] { cancelled.properties.append(property) }
            }
            if key.isMaster {
                if let start = source[PropertyName.dateTimeStart] { cancelled.properties.append(start) }
            } else if let override = object.component(key), let recurrence = override[PropertyName.recurrenceID] {
                cancelled.properties.append(recurrence)
            } else if let recurrence = (new?.master).flatMap({ Self.recurrenceID(of: key, master: $0) })
                        ?? object.master.flatMap({ Self.recurrenceID(of: key, master: $0) }) {
                cancelled.properties.append(recurrence)
            }
            if let attendee = source.properties(named: SchedulingProperty.attendee).first(where: { CalendarUserAddress($0.value) == address }) {
                cancelled.properties.append(attendee)
            } else {
                cancelled.properties.append(Property(name: SchedulingProperty.attendee, value: address.value))
            }
            if let sequence = deleted ?? sequence ?? source[PropertyName.sequence] { cancelled.properties.append(sequence) }
            cancelled.properties.append(Property(name: PropertyName.status, value: "CANCELLED"))
            components.append(SchedulingContent.outgoing(cancelled, stamp: stamp))
        }
        return ITIPMessage(method: .cancel, from: organizer, to: address, components: components, timeZones: object.timeZones)
    }

    /// A RECURRENCE-ID for an instance the master's EXDATE names, in the EXDATE's zone.
    static func recurrenceID(of key: InstanceKey, master: Component) -> Property? {
        for exclusion in master.properties(named: PropertyName.exceptionDate) {
            for (index, excluded) in exclusion.instanceKeys.enumerated() where excluded == key {
                let value = exclusion.value.split(separator: ",")[index]
                return Property(name: PropertyName.recurrenceID, parameters: exclusion.parameters, value: String(value))
            }
        }
        return nil
    }
}
