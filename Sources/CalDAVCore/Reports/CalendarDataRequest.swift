import ICalendar
import WebDAV

/// What a CALDAV:calendar-data element in a REPORT's DAV:prop asks for (RFC 4791 §9.6):
/// the whole object, a selection of components and properties, every instance expanded
/// in a range, or the recurrence set limited to a range.
struct CalendarDataRequest: Sendable {
    /// RFC 4791 §9.6.1: which components and properties to return.
    indirect enum Selection: Sendable {
        case all
        case component(name: String, allProperties: Bool, properties: Set<String>, allComponents: Bool, components: [Selection])
    }

    var selection: Selection = .all
    /// §9.6.5: return each instance overlapping this range as its own component, in UTC.
    var expand: TimeRange?
    /// §9.6.6: keep the master and only the overrides that overlap this range.
    var limitRecurrenceSet: TimeRange?

    init(element: DAVXML.Element) throws(DAVError) {
        // RFC 4791 §9.6: iCalendar 2.0 is the one media type served (supported-calendar-data).
        let type = element.attributes[DAVXML.Name("", "content-type")] ?? "text/calendar"
        let version = element.attributes[DAVXML.Name("", "version")] ?? "2.0"
        guard type.lowercased() == "text/calendar", version == "2.0" else {
            throw DAVError(.supportedCalendarData, "calendar-data is served as text/calendar version 2.0, not \(type) \(version)")
        }
        for child in element.elements {
            switch child.name {
            case DAVXML.Name.calDAV("comp"): selection = try Self.selection(child)
            case DAVXML.Name.calDAV("expand"):
                expand = try TimeRange(element: child)
                guard expand?.start != nil, expand?.end != nil else { throw DAVError.badRequest("expand needs start and end") }
            case DAVXML.Name.calDAV("limit-recurrence-set"):
                limitRecurrenceSet = try TimeRange(element: child)
                guard limitRecurrenceSet?.start != nil, limitRecurrenceSet?.end != nil else { throw DAVError.badRequest("limit-recurrence-set needs start and end") }
            default: break  // limit-freebusy-set applies to VFREEBUSY, which collections do not hold
            }
        }
    }

    private static func selection(_ element: DAVXML.Element) throws(DAVError) -> Selection {
        guard let name = element.attributes[DAVXML.Name("", "name")] else { throw DAVError.badRequest("CALDAV:comp needs a name") }
        var properties = Set<String>()
        var components: [Selection] = []
        var allProperties = false
        var allComponents = false
        for child in element.elements {
            switch child.name {
            case DAVXML.Name.calDAV("allprop"): allProperties = true
            case DAVXML.Name.calDAV("allcomp"): allComponents = true
            case DAVXML.Name.calDAV("prop"):
                if let property = child.attributes[DAVXML.Name("", "name")] { properties.insert(property.uppercased()) }
            case DAVXML.Name.calDAV("comp"): components.append(try selection(child))
            default: break
            }
        }
        return .component(name: name.uppercased(), allProperties: allProperties, properties: properties, allComponents: allComponents, components: components)
    }

    /// The calendar-data text for an object, or its stored bytes when nothing is to change.
    /// Whether the request asks for anything but the stored text (a selection of
    /// components or properties, an expansion, a limit).
    var changesData: Bool {
        if case .all = selection, expand == nil, limitRecurrenceSet == nil { return false }
        return true
    }

    func render(_ object: CalendarObject, floatingZone: any ZoneRules) -> String {
        if !changesData { return String(decoding: object.data, as: UTF8.self) }
        guard var calendar = try? ICalendarParser().parseCalendar(object.data) else {
            return String(decoding: object.data, as: UTF8.self)
        }
        if let expand { calendar = Self.expanded(calendar, expand, floatingZone) }
        if let limitRecurrenceSet { calendar = Self.limited(calendar, limitRecurrenceSet, floatingZone) }
        if let selected = Self.apply(selection, to: calendar) { calendar = selected }
        return ICalendarSerializer().string(calendar)
    }

    /// RFC 4791 §9.6.5: one component per instance, times in UTC, no recurrence properties.
    static func expanded(_ calendar: Component, _ range: TimeRange, _ zone: any ZoneRules) -> Component {
        let expander = RecurrenceExpander(calendar: calendar, floatingZone: zone)
        guard let occurrences = try? expander.occurrences(from: range.start!, to: range.end!) else { return calendar }
        var result = calendar
        result.components = occurrences.map { occurrence in
            var component = occurrence.component
            component.properties.removeAll { ["RRULE", "RDATE", "EXDATE", "EXRULE", "DTSTART", "DTEND", "DURATION", "DUE", "RECURRENCE-ID"].contains($0.name) }
            var times = [utcProperty("DTSTART", occurrence.start, occurrence.startInstant)]
            if occurrence.component.has(PropertyName.dateTimeEnd) || occurrence.component.has(PropertyName.duration) {
                times.append(utcProperty(component.name == ComponentName.todo ? "DUE" : "DTEND", occurrence.end, occurrence.endInstant))
            } else if occurrence.component.has(PropertyName.due) {
                times.append(utcProperty("DUE", occurrence.end, occurrence.endInstant))
            }
            if let rid = occurrence.recurrenceID, let instant = occurrence.recurrenceInstant {
                times.append(utcProperty("RECURRENCE-ID", rid, instant))
            }
            let at = min(component.properties.firstIndex { $0.name != "UID" } ?? component.properties.count, component.properties.count)
            component.properties.insert(contentsOf: times, at: at)
            return component
        }
        return result
    }

    /// RFC 4791 §9.6.6: the master stays; overrides outside the range are left out.
    static func limited(_ calendar: Component, _ range: TimeRange, _ zone: any ZoneRules) -> Component {
        let expander = RecurrenceExpander(calendar: calendar, floatingZone: zone)
        let inRange = (try? expander.occurrences(from: range.start!, to: range.end!)) ?? []
        var result = calendar
        result.components = calendar.components.filter { component in
            guard component.has(PropertyName.recurrenceID) else { return true }
            return inRange.contains { $0.component == component }
        }
        return result
    }

    /// A DATE stays a DATE; a DATE-TIME is written in UTC.
    static func utcProperty(_ name: String, _ value: DateTimeValue, _ instant: Int) -> Property {
        if case .date(let date) = value {
            return Property(name: name, parameters: [Parameter(name: "VALUE", value: "DATE")], value: date.basicFormat)
        }
        return Property(name: name, value: LocalDateTime(civilSeconds: instant).basicFormat + "Z")
    }

    /// RFC 4791 §9.6.1 partial retrieval; `nil` when the selection does not name this component.
    static func apply(_ selection: Selection, to component: Component) -> Component? {
        guard case .component(let name, let allProperties, let properties, let allComponents, let components) = selection else { return component }
        guard name == component.name else { return nil }
        var result = component
        if !allProperties { result.properties = component.properties.filter { properties.contains($0.name) } }
        if !allComponents {
            result.components = component.components.compactMap { child in
                components.lazy.compactMap { apply($0, to: child) }.first
            }
        }
        return result
    }
}
