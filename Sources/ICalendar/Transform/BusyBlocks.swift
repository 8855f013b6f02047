/// A calendar reduced to when its owner is busy, for a feed published to people who may
/// see that, not what (a "free/busy only" public link): each event that takes time keeps
/// only its timing (start, end or duration, recurrence, the instance it overrides), gets
/// the summary "Busy", and loses everything else (title, place, notes, people, alarms).
/// Transparent and cancelled events, tasks and journal entries are left out (an instance of
/// a series that is, by an EXDATE on the series); time zones stay.
public enum BusyBlocks {
    /// What an event keeps.
    static let timing: Set<String> = [
        PropertyName.uid, PropertyName.dateTimeStamp, PropertyName.dateTimeStart, PropertyName.dateTimeEnd, PropertyName.duration,
        PropertyName.recurrenceRule, PropertyName.exceptionRule, PropertyName.recurrenceDate, PropertyName.exceptionDate,
        PropertyName.recurrenceID, PropertyName.sequence,
    ]

    /// The components of `calendar` (one object's VCALENDAR) as busy blocks.
    public static func of(_ calendar: Component) -> Component {
        // Instances that take no time, excluded from their series instead of shown busy.
        let freed = calendar.components.filter { $0.name == ComponentName.event && !takesTime($0) }
            .compactMap { $0[PropertyName.recurrenceID] }
        var reduced = calendar
        reduced.components = calendar.components.compactMap { component in
            switch component.name {
            case ComponentName.timeZone: return component
            case ComponentName.event where takesTime(component):
                var block = Component(name: ComponentName.event, properties: component.properties.filter { timing.contains($0.name) })
                if component[PropertyName.recurrenceID] == nil {
                    block.properties += freed.map { Property(name: PropertyName.exceptionDate, parameters: $0.parameters.filter { $0.name != "RANGE" }, value: $0.value) }
                }
                block.properties.append(Property(name: PropertyName.summary, value: "Busy"))
                block.properties.append(Property(name: PropertyName.transparency, value: "OPAQUE"))
                return block
            default: return nil
            }
        }
        return reduced
    }

    private static func takesTime(_ event: Component) -> Bool {
        event[PropertyName.transparency]?.value.uppercased() != "TRANSPARENT" && event[PropertyName.status]?.value.uppercased() != "CANCELLED"
    }
}
