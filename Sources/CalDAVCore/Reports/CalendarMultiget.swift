import WebDAV

extension CalDAVAdapter {
    /// CALDAV:calendar-multiget (RFC 4791 §7.9): the listed objects, each with the asked
    /// properties; an href that names nothing gets its own 404 inside the 207. Sent to a
    /// calendar, an object in it or a calendar home, it answers for the objects within.
    func calendarMultiget(_ root: DAVXML.Element, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let (user, scope): (String, String?)
        var collections: [String: CalendarCollection] = [:]
        switch target.kind {
        case .calendar(let collection), .object(let collection, _):
            (user, scope) = (collection.reference.owner, collection.reference.name)
            collections[collection.reference.name] = collection
        case .home(let owner): (user, scope) = (owner, nil)
        case .missing: throw DAVError.notFound("nothing at \(target.path.href)")
        default: throw DAVError(.supportedReport, "calendar-multiget applies to calendars, their objects and calendar homes")
        }
        let query = PropFindRequest(reportRoot: root)
        let calendarData = try calendarDataRequest(root)
        var wanted: [String: [String: String]] = [:]  // calendar -> object name -> href as sent
        var unknown: [String] = []
        for href in root.elements.filter({ $0.name == DAVXML.Name.dav("href") }).map(\.text) {
            if case .object(let owner, let calendar, let objectName)? = DAVPath(PathSegments.pathOfHref(href)), context.owns(owner), scope == nil || scope == calendar {
                wanted[calendar, default: [:]][objectName] = href
            } else {
                unknown.append(href)
            }
        }
        var writer = XMLWriter()
        writer.start(DAVXML.Name.dav("multistatus"), declaringNamespaces: true)
        for calendarName in wanted.keys.sorted() {
            let names = wanted[calendarName]!
            var cached = collections[calendarName]
            if cached == nil {
                cached = try await storing { () async throws(StoreError) in try await store.calendar(CalendarReference(owner: user, name: calendarName)) }
            }
            guard let collection = cached else {
                unknown += names.values.sorted()
                continue
            }
            let zone = Self.floatingZone(request: nil, collection: collection)
            let objects = try await storing { () async throws(StoreError) in try await store.objects(named: names.keys.sorted(), in: collection.reference) }
            let found = Set(objects.map(\.name))
            for object in objects {
                writeResponse(for: .object(collection, object), query: query, context: context, inReport: true,
                              calendarData: calendarData, floatingZone: zone, into: &writer)
            }
            unknown += names.keys.sorted().filter { !found.contains($0) }.map { names[$0]! }
        }
        for href in unknown { writer.statusResponse(href: href, status: 404) }
        writer.end()
        return .multiStatus(writer)
    }
}
