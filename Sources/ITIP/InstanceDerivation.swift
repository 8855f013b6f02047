import ICalendar

/// An override made from a master for one of its instances, when a reply answers an
/// instance the organizer's copy has no component for (RFC 5545 §3.8.4.4).
enum InstanceDerivation {
    /// The master's properties at the instance `recurrence` names: no recurrence rules,
    /// DTSTART at the instance, and the master's length as DURATION.
    static func override(of master: Component, at recurrence: Property, in calendar: Component) -> Component {
        var instance = master
        for name in [PropertyName.recurrenceRule, PropertyName.recurrenceDate, PropertyName.exceptionDate, PropertyName.exceptionRule] {
            instance.remove(name)
        }
        var start = recurrence
        start.name = PropertyName.dateTimeStart
        start.parameters.removeAll { $0.name == ParameterName.range }
        if let length = length(of: master, in: calendar) {
            instance.remove(PropertyName.dateTimeEnd)
            instance.set(Property(name: PropertyName.duration, value: length))
        }
        instance.set(start)
        var id = recurrence
        id.parameters.removeAll { $0.name == ParameterName.range }
        instance.properties.insert(id, at: min(1, instance.properties.count))
        return instance
    }

    /// DTEND minus DTSTART as an iCalendar DURATION, when the master has both.
    static func length(of master: Component, in calendar: Component) -> String? {
        guard let start = try? master[PropertyName.dateTimeStart]?.dateTimeValue(),
              let end = try? master[PropertyName.dateTimeEnd]?.dateTimeValue() else { return nil }
        let expander = RecurrenceExpander(calendar: calendar)
        return duration(max(0, expander.instant(of: end) - expander.instant(of: start)))
    }

    /// Seconds as the shortest DURATION (RFC 5545 §3.3.6): `P1D`, `PT1H30M`, `PT0S`.
    static func duration(_ seconds: Int) -> String {
        var text = "P"
        var rest = seconds
        if rest >= 86_400 {
            text += "\(rest / 86_400)D"
            rest %= 86_400
        }
        guard rest > 0 || text == "P" else { return text }
        text += "T"
        for (unit, letter) in [(3_600, "H"), (60, "M")] where rest >= unit {
            text += "\(rest / unit)\(letter)"
            rest %= unit
        }
        if rest > 0 || text.hasSuffix("T") { text += "\(rest)S" }
        return text
    }
}
