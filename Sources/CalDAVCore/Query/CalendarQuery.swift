import WebDAV

/// The semantic form of a CALDAV:filter (RFC 4791 §9.7), checked for the rules the XML
/// schema cannot express, ready to be evaluated against parsed iCalendar by any store.
public struct CompFilter: Hashable, Sendable {
    public var name: String
    public var isNotDefined = false
    public var timeRange: TimeRange?
    public var propFilters: [PropFilter] = []
    public var compFilters: [CompFilter] = []

    public init(name: String) { self.name = name.uppercased() }

    /// The time range of a filter that asks only for the events overlapping it (VCALENDAR
    /// holding a VEVENT with a time-range and nothing else, as clients send for a month),
    /// which an object's ``CalendarObject/singleInstance`` answers exactly; `nil` for any
    /// other filter.
    public var eventTimeRange: TimeRange? {
        guard name == "VCALENDAR", !isNotDefined, timeRange == nil, propFilters.isEmpty, compFilters.count == 1 else { return nil }
        let inner = compFilters[0]
        guard inner.name == "VEVENT", !inner.isNotDefined, inner.propFilters.isEmpty, inner.compFilters.isEmpty else { return nil }
        return inner.timeRange
    }
}

/// CALDAV:prop-filter (RFC 4791 §9.7.2).
public struct PropFilter: Hashable, Sendable {
    public var name: String
    public var isNotDefined = false
    public var timeRange: TimeRange?
    public var textMatch: TextMatch?
    public var paramFilters: [ParamFilter] = []

    public init(name: String) { self.name = name.uppercased() }
}

/// CALDAV:param-filter (RFC 4791 §9.7.3).
public struct ParamFilter: Hashable, Sendable {
    public var name: String
    public var isNotDefined = false
    public var textMatch: TextMatch?

    public init(name: String) { self.name = name.uppercased() }
}

extension CompFilter {
    /// Decodes a CALDAV:filter element's single comp-filter, which must name VCALENDAR.
    public init(filter: DAVXML.Element) throws(DAVError) {
        let compFilters = filter.elements.filter { $0.name == DAVXML.Name.calDAV("comp-filter") }
        guard compFilters.count == 1, let top = compFilters.first else {
            throw DAVError(.validFilter, "CALDAV:filter needs exactly one comp-filter")
        }
        self = try CompFilter(element: top)
        guard name == "VCALENDAR" else { throw DAVError(.validFilter, "the top comp-filter must name VCALENDAR") }
        try checkNesting(parent: nil)
    }

    /// Components that may sit inside each component (RFC 5545 §3.6), for the shape of a
    /// filter (RFC 4791 §9.7.1: a filter naming a component where none can be is invalid).
    static let members: [String: Set<String>] = [
        "VCALENDAR": ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY"],
        "VEVENT": ["VALARM"], "VTODO": ["VALARM"], "VTIMEZONE": ["STANDARD", "DAYLIGHT"], "VAVAILABILITY": ["AVAILABLE"],
    ]

    /// Components a time-range can test (RFC 4791 §9.9); VTIMEZONE, its observances and
    /// unknown components have no time of their own. VCALENDAR is read leniently, as any
    /// component inside overlapping, as Radicale and Xandikos read it and clients send it.
    static let timedComponents: Set<String> = ["VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VALARM", "VAVAILABILITY", "AVAILABLE"]

    /// Date and time properties, the only ones a time-range can test (RFC 4791 §9.9).
    static let timedProperties: Set<String> = ["DTSTART", "DTEND", "DUE", "COMPLETED", "CREATED", "DTSTAMP", "LAST-MODIFIED",
                                               "RECURRENCE-ID", "EXDATE", "RDATE", "TRIGGER", "FREEBUSY"]

    private func checkNesting(parent: String?) throws(DAVError) {
        let upper = name.uppercased()
        if let parent, !upper.hasPrefix("X-") {
            guard Self.members[parent]?.contains(upper) == true else {
                throw DAVError(.validFilter, "\(upper) cannot be inside \(parent), so no comp-filter can match it there")
            }
        }
        if timeRange != nil && !Self.timedComponents.contains(upper) {
            throw DAVError(.validFilter, "a time-range applies to components that happen in time (VEVENT, VTODO, VJOURNAL, VFREEBUSY, VALARM), not \(upper)")
        }
        for property in propFilters where property.timeRange != nil && !Self.timedProperties.contains(property.name.uppercased()) {
            throw DAVError(.validFilter, "a time-range applies to date and time properties, not \(property.name)")
        }
        for child in compFilters { try child.checkNesting(parent: upper) }
    }

    init(element: DAVXML.Element) throws(DAVError) {
        guard let name = element.attributes[DAVXML.Name("", "name")], !name.isEmpty else {
            throw DAVError(.validFilter, "comp-filter needs a name")
        }
        self.init(name: name)
        for child in element.elements {
            switch child.name {
            case DAVXML.Name.calDAV("is-not-defined"): isNotDefined = true
            case DAVXML.Name.calDAV("time-range"): timeRange = try TimeRange(element: child)
            case DAVXML.Name.calDAV("prop-filter"): propFilters.append(try PropFilter(element: child))
            case DAVXML.Name.calDAV("comp-filter"): compFilters.append(try CompFilter(element: child))
            default: throw DAVError(.validFilter, "unexpected \(child.name.local) in comp-filter")
            }
        }
        // RFC 4791 §9.7.1: is-not-defined stands alone.
        if isNotDefined && (timeRange != nil || !propFilters.isEmpty || !compFilters.isEmpty) {
            throw DAVError(.validFilter, "is-not-defined cannot be combined with other filters in comp-filter \(self.name)")
        }
    }
}

extension PropFilter {
    init(element: DAVXML.Element) throws(DAVError) {
        guard let name = element.attributes[DAVXML.Name("", "name")], !name.isEmpty else {
            throw DAVError(.validFilter, "prop-filter needs a name")
        }
        self.init(name: name)
        for child in element.elements {
            switch child.name {
            case DAVXML.Name.calDAV("is-not-defined"): isNotDefined = true
            case DAVXML.Name.calDAV("time-range"): timeRange = try TimeRange(element: child)
            case DAVXML.Name.calDAV("text-match"): textMatch = try TextMatch(calDAV: child)
            case DAVXML.Name.calDAV("param-filter"): paramFilters.append(try ParamFilter(element: child))
            default: throw DAVError(.validFilter, "unexpected \(child.name.local) in prop-filter")
            }
        }
        if isNotDefined && (timeRange != nil || textMatch != nil || !paramFilters.isEmpty) {
            throw DAVError(.validFilter, "is-not-defined cannot be combined with other filters in prop-filter \(self.name)")
        }
    }
}

extension ParamFilter {
    init(element: DAVXML.Element) throws(DAVError) {
        guard let name = element.attributes[DAVXML.Name("", "name")], !name.isEmpty else {
            throw DAVError(.validFilter, "param-filter needs a name")
        }
        self.init(name: name)
        for child in element.elements {
            switch child.name {
            case DAVXML.Name.calDAV("is-not-defined"): isNotDefined = true
            case DAVXML.Name.calDAV("text-match"): textMatch = try TextMatch(calDAV: child)
            default: throw DAVError(.validFilter, "unexpected \(child.name.local) in param-filter")
            }
        }
    }
}

extension TextMatch {
    /// Decodes a CALDAV:text-match, whose default collation is i;ascii-casemap.
    init(calDAV element: DAVXML.Element) throws(DAVError) {
        try self.init(element: element, defaultCollation: .asciiCasemap,
                      unsupported: DAVCondition(DAVXML.Name.calDAV("supported-collation"), status: 403))
    }
}

extension TimeRange {
    /// CALDAV:time-range with UTC start and/or end (RFC 4791 §9.9); end must follow start.
    init(element: DAVXML.Element) throws(DAVError) {
        func instant(_ attribute: String) throws(DAVError) -> Int? {
            guard let text = element.attributes[DAVXML.Name("", attribute)] else { return nil }
            guard text.hasSuffix("Z") || text.hasSuffix("z"), let value = try? ICalendarDateTime.parse(text) else {
                throw DAVError(.validFilter, "time-range \(attribute) must be a UTC date-time like 20261123T000000Z")
            }
            return value
        }
        self.init(start: try instant("start"), end: try instant("end"))
        guard start != nil || end != nil else { throw DAVError(.validFilter, "time-range needs start or end") }
        if let start, let end, end <= start { throw DAVError(.validFilter, "time-range end must be after its start") }
    }
}
