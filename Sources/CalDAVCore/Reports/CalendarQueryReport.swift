import ICalendar
import WebDAV

extension CalDAVAdapter {
    /// CALDAV:calendar-query (RFC 4791 §7.8): the store's index narrows candidates by the
    /// component type and time range; ``CalendarQueryMatcher`` confirms each exactly.
    func calendarQuery(_ root: DAVXML.Element, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        guard let filterElement = root.element(named: DAVXML.Name.calDAV("filter")) else {
            throw DAVError(.validFilter, "calendar-query needs a CALDAV:filter")
        }
        let filter = try CompFilter(filter: filterElement)
        let timeZone = root.element(named: DAVXML.Name.calDAV("timezone"))?.text
        if let timeZone { try Self.checkTimeZone(timeZone) }
        let query = PropFindRequest(reportRoot: root)
        let calendarData = try calendarDataRequest(root)
        var writer = XMLWriter()
        writer.start(DAVXML.Name.dav("multistatus"), declaringNamespaces: true)
        for collection in try await reportCollections(target, "calendar-query") {
            let (zone, zoneText) = Self.floatingZoneDefinition(request: timeZone, collection: collection)
            let matcher = CalendarQueryMatcher(filter: filter, floatingZone: zone)
            for object in try await candidates(for: filter, in: collection) {
                if let range = filter.eventTimeRange, let instance = object.singleInstance {
                    // The index holds the event's one instance: decided without parsing.
                    guard instance.overlaps(range) else { continue }
                } else if let range = filter.eventTimeRange,
                          let overlaps = keptInstancesOverlap(object, range, floatingZone: zone, definedBy: zoneText) {
                    guard overlaps else { continue }
                } else {
                    guard let calendar = try? ICalendarParser().parseCalendar(object.data), matcher.matches(calendar) else { continue }
                }
                writeResponse(for: .object(collection, object), query: query, context: context, inReport: true,
                              calendarData: calendarData, floatingZone: zone, into: &writer)
            }
        }
        writer.end()
        return .multiStatus(writer)
    }

    /// The objects of `collection` the index cannot rule out for `filter`.
    private func candidates(for filter: CompFilter, in collection: CalendarCollection) async throws(DAVError) -> [CalendarObject] {
        let inner = filter.compFilters.count == 1 ? filter.compFilters.first : nil
        if let inner, !inner.isNotDefined {
            // Floating times may lie up to 14 hours either side of UTC; the index widens them already.
            return try await storing { () async throws(StoreError) in
                try await store.objects(in: collection.reference, overlapping: inner.timeRange ?? TimeRange(start: nil, end: nil), componentType: inner.name)
            }
        }
        if let range = filter.timeRange {
            return try await storing { () async throws(StoreError) in
                try await store.objects(in: collection.reference, overlapping: range, componentType: nil)
            }
        }
        return try await storing { () async throws(StoreError) in try await store.objects(in: collection.reference) }
    }

    /// A request's CALDAV:timezone must be an iCalendar object with exactly one VTIMEZONE
    /// (RFC 4791 §9.8); anything else is `valid-calendar-data`.
    static func checkTimeZone(_ text: String) throws(DAVError) {
        guard let calendar = try? ICalendarParser().parseCalendar(text),
              calendar.components.filter({ $0.name == ComponentName.timeZone }).count == 1,
              calendar.components.allSatisfy({ $0.name == ComponentName.timeZone }) else {
            throw DAVError(.validCalendarData, "CALDAV:timezone must be an iCalendar object holding exactly one VTIMEZONE")
        }
    }

    /// The zone floating times are read in: the request's CALDAV:timezone, else the
    /// collection's calendar-timezone, else UTC (RFC 4791 §7.3).
    static func floatingZone(request: String?, collection: CalendarCollection) -> any ZoneRules {
        floatingZoneDefinition(request: request, collection: collection).rules
    }

    /// ``floatingZone(request:collection:)`` with the text that defined it (empty for UTC).
    static func floatingZoneDefinition(request: String?, collection: CalendarCollection) -> (rules: any ZoneRules, text: String) {
        for text in [request, collection.timeZone].compactMap({ $0 }) {
            if let calendar = try? ICalendarParser().parseCalendar(text),
               let definition = calendar.components.first(where: { $0.name == ComponentName.timeZone }),
               let tzid = definition[PropertyName.timeZoneID]?.value {
                if let rules = TimeZoneResolver(calendar: calendar).rules(for: tzid) { return (rules, text) }
            }
        }
        return (FixedOffsetZone.utc, "")
    }

    /// Whether an instance of `object`'s events overlaps `range`, from the instances kept
    /// for the years the range spans (each year expanded once per object's bytes); `nil`
    /// when nothing is kept for them and they cannot be (no cache, an open or long range,
    /// a series too dense or not expandable), and the object is matched as usual.
    private func keptInstancesOverlap(_ object: CalendarObject, _ range: TimeRange, floatingZone: any ZoneRules,
                                      definedBy zoneText: String) -> Bool? {
        guard let yearInstances, let years = YearInstances.years(of: range) else { return nil }
        var parsed: Component??
        for year in years {
            let key = YearInstancesKey(data: object.data, floatingZone: zoneText, year: year)
            let kept = yearInstances.instances(for: key) {
                if parsed == nil { parsed = .some(try? ICalendarParser().parseCalendar(object.data)) }
                return parsed!.flatMap { YearInstances.expand($0, year: year, floatingZone: floatingZone) }
            }
            guard let kept else { return nil }
            if kept.overlaps(range) { return true }
        }
        return false
    }
}
