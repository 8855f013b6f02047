/// When the VALARMs of an occurrence fire (RFC 5545 §3.6.6, §3.8.6.3).
extension Occurrence {
    /// Every trigger instant of the occurrence's alarms, repeats included, ascending.
    ///
    /// A relative TRIGGER counts from the start, or from the end with RELATED=END; an
    /// absolute one (VALUE=DATE-TIME) is taken as it is. REPEAT and DURATION add repeats.
    public func alarmTriggers(expander: RecurrenceExpander) -> [Int] {
        var triggers: [Int] = []
        for alarm in component.components where alarm.name == ComponentName.alarm {
            guard let trigger = alarm[PropertyName.trigger] else { continue }
            var first: Int
            if trigger[parameter: ParameterName.valueType]?.uppercased() == "DATE-TIME" {
                guard let value = try? trigger.dateTimeValue() else { continue }
                first = expander.instant(of: value)
            } else {
                guard let offset = try? trigger.durationValue() else { continue }
                let base = trigger[parameter: ParameterName.related]?.uppercased() == "END" ? endInstant : startInstant
                first = base + offset.approximateSeconds
            }
            triggers.append(first)
            if let repeatText = alarm[PropertyName.repeatCount]?.value, let repeats = Int(repeatText.trimmingSpaces),
               let interval = try? alarm[PropertyName.duration]?.durationValue() {
                let step = interval.approximateSeconds
                if step > 0 {
                    for index in 1...max(1, min(repeats, 1000)) where repeats > 0 { triggers.append(first + index * step) }
                }
            }
        }
        return triggers.sorted()
    }

    /// RFC 4791 §9.9 for VALARM: whether any trigger falls in [from, to).
    public func hasAlarm(from: Int, to: Int, expander: RecurrenceExpander) -> Bool {
        alarmTriggers(expander: expander).contains { from <= $0 && to > $0 }
    }
}
