import WebDAV

extension CalDAVAdapter {
    /// REPORT (RFC 3253 §3.6) dispatch by the body's root element.
    func report(_ request: DAVRequest, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let root = try await xml(request.body)
        switch root.name {
        case DAVXML.Name.calDAV("calendar-multiget"): return try await calendarMultiget(root, target: target, context: context).repeatableIfMultiStatus()
        case DAVXML.Name.calDAV("calendar-query"): return try await calendarQuery(root, target: target, context: context).repeatableIfMultiStatus()
        case DAVXML.Name.calDAV("free-busy-query"): return try await freeBusyQuery(root, target: target, context: context).repeatableIfMultiStatus()
        case DAVXML.Name.dav("sync-collection"): return try await syncCollection(root, target: target, context: context).repeatableIfMultiStatus()
        case DAVXML.Name.dav("expand-property"):
            let node = DAVNode(try await resource(of: target), table: properties, configuration: configuration)
            return try await ExpandPropertyReport(root).answer(for: node, in: context)
        case DAVXML.Name.dav("principal-property-search"), DAVXML.Name.dav("principal-search-property-set"):
            let resource = try await resource(of: target)  // 404 for a path that names nothing
            guard let directory = context.directory else { throw DAVError(.supportedReport, "principal searches run on the principal collection") }
            return try await directory.principalReport(root, request: request, searchesPrincipals: resource.supportedReports.contains(root.name),
                                                       in: context)
        default:
            throw DAVError(.supportedReport, "the \(root.name.local) report is not supported on \(target.path.href)")
        }
    }

    /// The calendars a query runs over (RFC 4791 §7.8): a calendar, or every calendar of a
    /// home; anything else is `supported-report`.
    func reportCollections(_ target: DAVTarget, _ report: String) async throws(DAVError) -> [CalendarCollection] {
        switch target.kind {
        case .calendar(let collection): return [collection]
        case .home(let user): return try await storing { () async throws(StoreError) in try await store.calendars(of: user) }.filter { !$0.isScheduleInbox }
        case .missing: throw DAVError.notFound("nothing at \(target.path.href)")
        default: throw DAVError(.supportedReport, "\(report) applies to calendars and calendar homes")
        }
    }

    /// The calendar collection a collection report runs on, or `supported-report`.
    func reportTarget(_ target: DAVTarget, _ report: String) throws(DAVError) -> CalendarCollection {
        switch target.kind {
        case .calendar(let collection): return collection
        case .missing: throw DAVError.notFound("nothing at \(target.path.href)")
        default: throw DAVError(.supportedReport, "\(report) applies to calendar collections")
        }
    }

    /// The CALDAV:calendar-data element of a report's DAV:prop, decoded.
    func calendarDataRequest(_ root: DAVXML.Element) throws(DAVError) -> CalendarDataRequest? {
        guard let element = root.element(named: DAVXML.Name.dav("prop"))?.element(named: DAVXML.Name.calDAV("calendar-data")) else { return nil }
        return try CalendarDataRequest(element: element)
    }
}
