/// A problem found by ``CalendarValidator``, with its place in the source.
public struct ValidationIssue: Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the property or component, or 0 when unknown.
    public var line: Int
    /// 1-based column; 1 when the issue concerns the whole line.
    public var column: Int
    /// A sentence saying what is wrong.
    public var reason: String

    public init(line: Int, column: Int = 1, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String { "\(line):\(column): \(reason)" }
}

/// Checks a parsed calendar against the rules of RFC 5545 that a parser alone cannot see:
/// required and once-only properties, value types, DTEND after DTSTART, TZIDs that
/// resolve, and well-formed VTIMEZONE and VALARM components.
public struct CalendarValidator: Sendable {
    public init() {}

    /// Every issue in `calendar`, in source order.
    public func issues(in calendar: Component) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        guard calendar.name == ComponentName.calendar else {
            return [ValidationIssue(line: calendar.line, reason: "top-level component is \(calendar.name), expected VCALENDAR")]
        }
        let resolver = TimeZoneResolver(calendar: calendar)
        if calendar[PropertyName.version] == nil {
            issues.append(ValidationIssue(line: calendar.line, reason: "VCALENDAR has no VERSION"))
        } else if let version = calendar[PropertyName.version], version.value.trimmingSpaces != "2.0" {
            issues.append(ValidationIssue(line: version.line, reason: "VERSION is \(version.value); only 2.0 is iCalendar"))
        }
        if calendar[PropertyName.productID] == nil {
            issues.append(ValidationIssue(line: calendar.line, reason: "VCALENDAR has no PRODID"))
        }
        checkOnce(calendar, [PropertyName.version, PropertyName.productID, PropertyName.calendarScale, PropertyName.method], &issues)
        if calendar.components.isEmpty {
            issues.append(ValidationIssue(line: calendar.line, reason: "VCALENDAR has no components"))
        }
        for component in calendar.components {
            check(component, resolver: resolver, hasMethod: calendar.has(PropertyName.method), issues: &issues)
        }
        return issues.sorted { $0.line < $1.line }
    }

    private static let onceOnly: [String] = [
        "UID", "DTSTAMP", "DTSTART", "DTEND", "DUE", "DURATION", "RECURRENCE-ID", "SEQUENCE", "STATUS",
        "SUMMARY", "TRANSP", "CLASS", "CREATED", "LAST-MODIFIED", "LOCATION", "PRIORITY", "ORGANIZER",
        "URL", "GEO", "COMPLETED", "PERCENT-COMPLETE",
    ]

    private func check(_ component: Component, resolver: TimeZoneResolver, hasMethod: Bool, issues: inout [ValidationIssue]) {
        switch component.name {
        case ComponentName.event, ComponentName.todo, ComponentName.journal:
            checkSchedulable(component, resolver: resolver, hasMethod: hasMethod, issues: &issues)
        case ComponentName.timeZone:
            checkTimeZone(component, issues: &issues)
        case ComponentName.freeBusy:
            checkValues(component, resolver: resolver, issues: &issues)
        default:
            break  // X- and IANA components are kept as they are
        }
    }

    private func checkSchedulable(_ component: Component, resolver: TimeZoneResolver, hasMethod: Bool, issues: inout [ValidationIssue]) {
        let name = component.name
        if component[PropertyName.uid] == nil {
            issues.append(ValidationIssue(line: component.line, reason: "\(name) has no UID"))
        }
        if component[PropertyName.dateTimeStamp] == nil {
            issues.append(ValidationIssue(line: component.line, reason: "\(name) has no DTSTAMP"))
        }
        if name == ComponentName.event && !hasMethod && component[PropertyName.dateTimeStart] == nil {
            issues.append(ValidationIssue(line: component.line, reason: "VEVENT has no DTSTART"))
        }
        checkOnce(component, Self.onceOnly, &issues)
        if component.has(PropertyName.dateTimeEnd) && component.has(PropertyName.duration) {
            issues.append(ValidationIssue(line: component[PropertyName.duration]!.line, reason: "\(name) has both DTEND and DURATION"))
        }
        if component.has(PropertyName.due) && component.has(PropertyName.duration) {
            issues.append(ValidationIssue(line: component[PropertyName.duration]!.line, reason: "\(name) has both DUE and DURATION"))
        }
        if name == ComponentName.todo && component.has(PropertyName.duration) && !component.has(PropertyName.dateTimeStart) {
            issues.append(ValidationIssue(line: component[PropertyName.duration]!.line, reason: "VTODO has DURATION without DTSTART"))
        }
        checkValues(component, resolver: resolver, issues: &issues)
        checkOrder(component, resolver: resolver, issues: &issues)
        for child in component.components where child.name == ComponentName.alarm {
            checkAlarm(child, resolver: resolver, issues: &issues)
        }
    }

    /// DTEND (or DUE) must not precede DTSTART, and both must be of the same value type.
    private func checkOrder(_ component: Component, resolver: TimeZoneResolver, issues: inout [ValidationIssue]) {
        guard let startProperty = component[PropertyName.dateTimeStart], let start = try? startProperty.dateTimeValue() else { return }
        for endName in [PropertyName.dateTimeEnd, PropertyName.due] {
            guard let endProperty = component[endName], let end = try? endProperty.dateTimeValue() else { continue }
            if start.isDate != end.isDate {
                issues.append(ValidationIssue(line: endProperty.line, reason: "\(endName) is a \(end.isDate ? "DATE" : "DATE-TIME") but DTSTART is a \(start.isDate ? "DATE" : "DATE-TIME")"))
                continue
            }
            let expander = RecurrenceExpander(calendar: Component(name: ComponentName.calendar), timeZones: resolver)
            if expander.instant(of: end) < expander.instant(of: start) || (component.name == ComponentName.event && start.isDate && end == start) {
                issues.append(ValidationIssue(line: endProperty.line, reason: "\(endName) \(end) is before DTSTART \(start)"))
            }
        }
    }

    private func checkAlarm(_ alarm: Component, resolver: TimeZoneResolver, issues: inout [ValidationIssue]) {
        if !alarm.has("ACTION") { issues.append(ValidationIssue(line: alarm.line, reason: "VALARM has no ACTION")) }
        if !alarm.has(PropertyName.trigger) { issues.append(ValidationIssue(line: alarm.line, reason: "VALARM has no TRIGGER")) }
        checkValues(alarm, resolver: resolver, issues: &issues)
    }

    private func checkTimeZone(_ component: Component, issues: inout [ValidationIssue]) {
        guard component.has(PropertyName.timeZoneID) else {
            issues.append(ValidationIssue(line: component.line, reason: "VTIMEZONE has no TZID"))
            return
        }
        do {
            _ = try VTimeZoneRules(component)
        } catch {
            issues.append(ValidationIssue(line: component.line, reason: error.reason))
        }
    }

    private func checkOnce(_ component: Component, _ names: [String], _ issues: inout [ValidationIssue]) {
        var seen = Set<String>()
        let wanted = Set(names)
        for property in component.properties where wanted.contains(property.name) {
            if !seen.insert(property.name).inserted {
                issues.append(ValidationIssue(line: property.line, reason: "\(property.name) appears more than once in \(component.name)"))
            }
        }
    }

    /// Value-type checks for the properties whose type RFC 5545 fixes.
    private func checkValues(_ component: Component, resolver: TimeZoneResolver, issues: inout [ValidationIssue]) {
        let startZone = component[PropertyName.dateTimeStart]?[parameter: ParameterName.timeZoneID]
        for property in component.properties {
            do {
                try checkValue(property, startZone: startZone)
            } catch {
                issues.append(ValidationIssue(line: property.line, column: max(1, property.valueColumn), reason: "\(property.name): \(error.reason)"))
            }
            if let tzid = property[parameter: ParameterName.timeZoneID], resolver.rules(for: tzid) == nil {
                issues.append(ValidationIssue(line: property.line, reason: "TZID \"\(tzid)\" is neither defined by a VTIMEZONE nor a known time zone"))
            }
        }
    }

    private func checkValue(_ property: Property, startZone: String?) throws(ValueError) {
        switch property.name {
        case "DTSTART", "DTEND", "DUE", "RECURRENCE-ID":
            _ = try property.dateTimeValue()
        case "DTSTAMP", "CREATED", "LAST-MODIFIED", "COMPLETED":
            let value = try property.dateTimeValue()
            if value.isDate { throw ValueError("must be a DATE-TIME") }
        case "DURATION":
            _ = try property.durationValue()
        case "RRULE", "EXRULE":
            let rule = try property.recurrenceRule(zone: startZone)
            if let scale = rule.scale, scale != "GREGORIAN", ScaledRuleIterator.calendar(for: scale) == nil {
                throw ValueError("RSCALE=\(scale) is not a supported calendar scale")
            }
        case "EXDATE":
            _ = try property.dateTimeListValue()
        case "RDATE":
            _ = try property.recurrenceDateValues()
        case "FREEBUSY":
            _ = try property.periodValues()
        case "TRIGGER":
            if property[parameter: ParameterName.valueType]?.uppercased() == "DATE-TIME" {
                _ = try property.dateTimeValue()
            } else {
                _ = try property.durationValue()
            }
        case "SEQUENCE", "PRIORITY", "REPEAT", "PERCENT-COMPLETE":
            guard let number = Int(property.value.trimmingSpaces), number >= 0 else {
                throw ValueError("'\(property.value)' is not a non-negative integer")
            }
            if property.name == "PRIORITY" && number > 9 { throw ValueError("must be 0 to 9") }
            if property.name == "PERCENT-COMPLETE" && number > 100 { throw ValueError("must be 0 to 100") }
        case "GEO":
            let parts = property.value.split(separator: ";")
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
                  abs(latitude) <= 90, abs(longitude) <= 180 else {
                throw ValueError("'\(property.value)' is not latitude;longitude")
            }
        case "TZOFFSETFROM", "TZOFFSETTO":
            _ = try UTCOffset.parse(property.value)
        default:
            if property[parameter: ParameterName.encoding]?.uppercased() == "BASE64" {
                _ = try Base64.decode(property.value)
            }
        }
    }
}
