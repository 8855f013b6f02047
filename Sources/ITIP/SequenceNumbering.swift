import ICalendar

/// The SEQUENCE of an organizer's change (RFC 5546 §2.1.4): when a component whose content
/// the attendees see changed and the organizer's client did not raise its SEQUENCE, every
/// component gets one SEQUENCE above any the object had, so that every calendar, Gmail's and
/// Outlook's by email too, takes the update for a newer one and the object keeps one number
/// (CalendarServer numbers the same way). A client that numbered what it changed is left as
/// it wrote.
public enum SequenceNumbering {
    /// `new` with SEQUENCE raised on every component when a component changed from its version
    /// in `old` (or the master's, for an instance new to the object) without a higher SEQUENCE.
    public static func raised(_ new: Component, after old: SchedulingObject) -> Component {
        let schedulable = new.components.indices.filter { ComponentName.schedulable.contains(new.components[$0].name) }
        let unnumbered = schedulable.contains { index in
            let component = new.components[index]
            let key = InstanceKey(of: component)
            guard let before = old.component(key) ?? old.master else { return false }
            // An instance new to the object is a change.
            let changed = old.component(key) == nil || SchedulingContent.differ(before, component)
            return changed && RecipientProcessing.sequence(of: component) <= RecipientProcessing.sequence(of: before)
        }
        guard unnumbered else { return new }
        let next = ((old.instances.map { RecipientProcessing.sequence(of: $0.component) }
            + schedulable.map { RecipientProcessing.sequence(of: new.components[$0]) }).max() ?? 0) + 1
        var calendar = new
        for index in schedulable {
            calendar.components[index].set(Property(name: PropertyName.sequence, value: String(next)))
        }
        return calendar
    }

    /// The SEQUENCE a cancellation of the deleted `object` carries: one above any of its components.
    static func cancelling(_ object: SchedulingObject) -> Int {
        (object.instances.map { RecipientProcessing.sequence(of: $0.component) }.max() ?? 0) + 1
    }
}
