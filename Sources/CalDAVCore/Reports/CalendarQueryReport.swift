import ICalendar

extension DAVHandler {
    /// CALDAV:calendar-query (RFC 4791 §7.8): the store's index narrows candidates by the
    /// component type and time range; ``CalendarQueryMatcher`` confirms each exactly.
    func calendarQuery(_ root: DAVXML.Element, path: DAVPath, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let collection = try await reportTarget(path, "calendar-query")
        guard let filterElement = root.element(named: PropertyTable.calDAV("filter")) else {
            throw DAVError(.validFilter, "calendar-query needs a CALDAV:filter")
        }
        let filter = try CompFilter(filter: filterElement)
        let zone = Self.floatingZone(request: root.element(named: PropertyTable.calDAV("timezone"))?.text, collection: collection)
        let matcher = CalendarQueryMatcher(filter: filter, floatingZone: zone)
        let inner = filter.compFilters.count == 1 ? filter.compFilters.first : nil
        let candidates: [CalendarObject]
        if let inner, !inner.isNotDefined {
            // Floating times may lie up to 14 hours either side of UTC; the index widens them already.
            candidates = try await storing { () async throws(StoreError) in
                try await store.objects(in: collection.reference, overlapping: inner.timeRange ?? TimeRange(start: nil, end: nil), componentType: inner.name)
            }
        } else if let range = filter.timeRange {
            candidates = try await storing { () async throws(StoreError) in
                try await store.objects(in: collection.reference, overlapping: range, componentType: nil)
            }
        } else {
            candidates = try await storing { () async throws(StoreError) in try await store.objects(in: collection.reference) }
        }
        let query = requestedProperties(root)
        let calendarData = try calendarDataRequest(root)
        var writer = XMLWriter()
        writer.start(PropertyTable.dav("multistatus"), declaringNamespaces: true)
        for object in candidates {
            guard let calendar = try? ICalendarParser().parseCalendar(object.data), matcher.matches(calendar) else { continue }
            writeResponse(for: .object(collection, object), query: query, context: context, inReport: true,
                          calendarData: calendarData, floatingZone: zone, into: &writer)
        }
        writer.end()
        return .multiStatus(writer)
    }

    /// The zone floating times are read in: the request's CALDAV:timezone, else the
    /// collection's calendar-timezone, else UTC (RFC 4791 §7.3).
    static func floatingZone(request: String?, collection: CalendarCollection) -> any ZoneRules {
        for text in [request, collection.timeZone].compactMap({ $0 }) {
            if let calendar = try? ICalendarParser().parseCalendar(text),
               let definition = calendar.components.first(where: { $0.name == ComponentName.timeZone }),
               let tzid = definition[PropertyName.timeZoneID]?.value {
                if let rules = TimeZoneResolver(calendar: calendar).rules(for: tzid) { return rules }
            }
        }
        return FixedOffsetZone.utc
    }
}
