import ICalendar

/// The SEQUENCE of an organizer's change (RFC 5546 §2.1.4): a component whose content the
/// attendees see changed gets a SEQUENCE above the one they have when the organizer's
/// client did not raise it, so that every calendar, Gmail's and Outlook's by email too,
/// takes the update for a newer one (CalendarServer raises it the same way).
public enum SequenceNumbering {
    /// `new` with SEQUENCE raised on each component that changed from its version in `old`.
    public static func raised(_ new: Component, after old: SchedulingObject) -> Component {
        var calendar = new
        for index in calendar.components.indices where ComponentName.schedulable.contains(calendar.components[index].name) {
            let component = calendar.components[index]
            guard let before = old.component(InstanceKey(of: component)) else { continue }
            let previous = RecipientProcessing.sequence(of: before)
            if RecipientProcessing.sequence(of: component) <= previous, SchedulingContent.differ(before, component) {
                calendar.components[index].set(Property(name: PropertyName.sequence, value: String(previous + 1)))
            }
        }
        return calendar
    }
}
