import ICalendar

/// An attendee's PARTSTAT is theirs to give (RFC 5546 §3.2.2: only the attendee replies): an
/// attendee the organizer adds to an instance starts at NEEDS-ACTION with RSVP=TRUE,
/// whatever the organizer's client wrote; one the organizer asks again (PARTSTAT put back to
/// NEEDS-ACTION) gets RSVP=TRUE, as does one not answered yet who is sent a REQUEST
/// (``awaitingAnswers(_:from:)``), as CalendarServer sets it; when the organizer moves an
/// instance, every answer to it is asked again. Attendees whose own client schedules
/// (SCHEDULE-AGENT=CLIENT or NONE) and the organizer's own line are left as written.
public enum InvitedAnswers {
    /// `new` with the answers of newly invited attendees cleared; `old` is what the
    /// organizer had before (`nil`: a new event).
    public static func unanswered(_ new: Component, after old: SchedulingObject?, organizer: CalendarUserAddress) -> Component {
        var calendar = new
        for index in calendar.components.indices where ComponentName.schedulable.contains(calendar.components[index].name) {
            let key = InstanceKey(of: calendar.components[index])
            let before = old.flatMap { $0.component(key) ?? $0.master }
            let rescheduled = old.map { isRescheduled(calendar.components[index], from: $0) } ?? false
            for position in calendar.components[index].properties.indices {
                let property = calendar.components[index].properties[position]
                guard property.name == SchedulingProperty.attendee else { continue }
                let attendee = Attendee(property)
                guard attendee.address != organizer, attendee.scheduledByServer else { continue }
                let previous = before.flatMap { old?.attendee(attendee.address, in: $0) }
                if previous == nil || rescheduled, attendee.participation != "NEEDS-ACTION" {
                    calendar.components[index].properties[position].setParameter(SchedulingParameter.participation, "NEEDS-ACTION")
                    calendar.components[index].properties[position].setParameter(SchedulingParameter.rsvp, "TRUE")
                } else if let previous, previous.participation != "NEEDS-ACTION", attendee.participation == "NEEDS-ACTION" {
                    // The organizer asks again (a rescheduled meeting): an answer is awaited.
                    calendar.components[index].properties[position].setParameter(SchedulingParameter.rsvp, "TRUE")
                }
            }
        }
        return calendar
    }

    /// `calendar` with RSVP=TRUE on the line of each attendee in `asked` (those a REQUEST is
    /// going to) who has not answered and whose line says nothing of answering: an invitation
    /// sent awaits an answer, whatever the organizer's client left out.
    public static func awaitingAnswers(_ calendar: Component, from asked: Set<CalendarUserAddress>) -> Component {
        guard !asked.isEmpty else { return calendar }
        var result = calendar
        for index in result.components.indices where ComponentName.schedulable.contains(result.components[index].name) {
            for position in result.components[index].properties.indices {
                let property = result.components[index].properties[position]
                guard property.name == SchedulingProperty.attendee, property[parameter: SchedulingParameter.rsvp] == nil else { continue }
                let attendee = Attendee(property)
                guard asked.contains(attendee.address), attendee.participation == "NEEDS-ACTION" else { continue }
                result.components[index].properties[position].setParameter(SchedulingParameter.rsvp, "TRUE")
            }
        }
        return result
    }

    /// Whether the organizer moved the instance `component` stands for, so that the answers
    /// given to the old time no longer hold (as CalendarServer resets them): its start, end,
    /// length or due time changed, or, for the master, its recurrence other than where it
    /// ends (COUNT or UNTIL); an override new to the object moves its instance when it starts
    /// elsewhere than its RECURRENCE-ID.
    static func isRescheduled(_ component: Component, from old: SchedulingObject) -> Bool {
        let key = InstanceKey(of: component)
        guard let before = old.component(key) else {
            guard !key.isMaster, let recurrence = component[PropertyName.recurrenceID], let start = component[PropertyName.dateTimeStart] else { return false }
            return recurrence.value != start.value || recurrence.parameters != start.parameters
        }
        let timing = [PropertyName.dateTimeStart, PropertyName.dateTimeEnd, PropertyName.duration, PropertyName.due]
        if timing.contains(where: { before[$0] != component[$0] }) { return true }
        guard key.isMaster else { return false }
        return recurrence(of: before) != recurrence(of: component)
            || before.properties(named: PropertyName.recurrenceDate) != component.properties(named: PropertyName.recurrenceDate)
    }

    /// The RRULE parts but where the rule ends, sorted.
    private static func recurrence(of component: Component) -> [Substring] {
        (component[PropertyName.recurrenceRule]?.value.split(separator: ";") ?? [])
            .filter { !$0.uppercased().hasPrefix("COUNT=") && !$0.uppercased().hasPrefix("UNTIL=") }.sorted()
    }
}
