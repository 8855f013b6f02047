import ICalendar
import WebDAV

/// Evaluates a CALDAV:filter against one calendar object (RFC 4791 §9.7), exactly,
/// with recurrence expanded for time ranges (§9.9). Stores narrow candidates with their
/// index; this decides.
public struct CalendarQueryMatcher: Sendable {
    public let filter: CompFilter
    /// The zone floating times and dates are read in (the collection's calendar-timezone).
    public let floatingZone: any ZoneRules

    public init(filter: CompFilter, floatingZone: any ZoneRules = FixedOffsetZone.utc) {
        self.filter = filter
        self.floatingZone = floatingZone
    }

    /// Whether `calendar` (a VCALENDAR) matches the filter.
    public func matches(_ calendar: Component) -> Bool {
        var session = Session(expander: RecurrenceExpander(calendar: calendar, floatingZone: floatingZone))
        return filter.name == calendar.name && session.matches(filter, component: calendar, occurrences: [])
    }

    /// One evaluation, caching expansions per time range.
    private struct Session {
        let expander: RecurrenceExpander
        var cache: [TimeRange: [Occurrence]] = [:]

        mutating func occurrences(_ range: TimeRange) -> [Occurrence] {
            if let cached = cache[range] { return cached }
            let (from, to) = bounds(range)
            let result = (try? expander.occurrences(from: from, to: to)) ?? []
            cache[range] = result
            return result
        }

        func bounds(_ range: TimeRange) -> (Int, Int) {
            (range.start ?? -62_135_596_800, range.end ?? 253_402_300_800)
        }

        /// Whether `component` satisfies `filter`; `occurrences` are the parent's, for VALARM.
        mutating func matches(_ filter: CompFilter, component: Component, occurrences parentOccurrences: [Occurrence]) -> Bool {
            var own: [Occurrence] = []
            if let range = filter.timeRange {
                let (from, to) = bounds(range)
                switch component.name {
                case ComponentName.event, ComponentName.todo, ComponentName.journal:
                    if component.name == ComponentName.todo && !component.has(PropertyName.dateTimeStart) && !component.has(PropertyName.due) {
                        guard undatedTodoOverlaps(component, from: from, to: to) else { return false }
                    } else {
                        own = occurrences(range).filter { $0.component == component && $0.overlaps(from: from, to: to) }
                        if own.isEmpty { return false }
                    }
                case ComponentName.freeBusy:
                    if !expander.freeBusyOverlaps(component, from: from, to: to) { return false }
                case ComponentName.alarm:
                    let fires = parentOccurrences.contains { occurrence in
                        var single = occurrence
                        single.component.components = [component]
                        return single.hasAlarm(from: from, to: to, expander: expander)
                    }
                    if !fires { return false }
                case ComponentName.calendar:
                    // §9.9 defines ranges for the components inside; a query without a component
                    // type (python caldav sends one) means any of them, as Radicale and Xandikos read it.
                    let overlapping = component.components.contains { child in
                        guard ComponentName.schedulable.contains(child.name) || child.name == ComponentName.freeBusy else { return false }
                        var single = CompFilter(name: child.name)
                        single.timeRange = range
                        return matches(single, component: child, occurrences: [])
                    }
                    if !overlapping { return false }
                default:
                    return false
                }
            } else if ComponentName.schedulable.contains(component.name) && filter.compFilters.contains(where: { $0.timeRange != nil }) {
                // Nested alarm ranges need this component's occurrences, wherever they fall.
                own = occurrences(TimeRange(start: nil, end: nil)).filter { $0.component == component }
            }
            for propFilter in filter.propFilters where !matches(propFilter, component: component) { return false }
            for child in filter.compFilters {
                let children = component.components(named: child.name)
                if child.isNotDefined {
                    if !children.isEmpty { return false }
                    continue
                }
                if !children.contains(where: { matches(child, component: $0, occurrences: own) }) { return false }
            }
            return true
        }

        /// RFC 4791 §9.9, the VTODO rows without DTSTART and DUE: COMPLETED and CREATED decide.
        func undatedTodoOverlaps(_ todo: Component, from: Int, to: Int) -> Bool {
            func instant(_ name: String) -> Int? {
                (try? todo[name]?.dateTimeValue()).flatMap { $0 }.map(expander.instant(of:))
            }
            switch (instant(PropertyName.completed), instant(PropertyName.created)) {
            case (let completed?, let created?): return (from <= created || from <= completed) && (to >= created || to >= completed)
            case (let completed?, nil): return from <= completed && to >= completed
            case (nil, let created?): return to > created
            case (nil, nil): return true
            }
        }

        func matches(_ filter: PropFilter, component: Component) -> Bool {
            let properties = component.properties(named: filter.name)
            if filter.isNotDefined { return properties.isEmpty }
            return properties.contains { property in
                if let range = filter.timeRange {
                    guard let value = try? property.dateTimeValue() else { return false }
                    let instant = expander.instant(of: value)
                    let (from, to) = bounds(range)
                    if !(from <= instant && to > instant) { return false }
                }
                if let textMatch = filter.textMatch, !textMatch.matches(property.textValue) { return false }
                return filter.paramFilters.allSatisfy { matches($0, property: property) }
            }
        }

        func matches(_ filter: ParamFilter, property: Property) -> Bool {
            let parameter = property.parameters.first { $0.name == filter.name }
            if filter.isNotDefined { return parameter == nil }
            guard let parameter else { return false }
            guard let textMatch = filter.textMatch else { return true }
            return parameter.values.contains { textMatch.matches($0) }
        }
    }
}
