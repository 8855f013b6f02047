import ICalendar
import WebDAV

extension CalDAVAdapter {
    /// PROPFIND with Depth 0 or 1 (RFC 4918 §9.1); Depth infinity is refused.
    func propFind(_ request: DAVRequest, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let depth = try Depth.ofPropFind(request)
        let query = try PropFindRequest(request.body.isEmpty ? nil : try await xml(request.body))
        let found = try await resource(of: target)
        var resources = [found]
        if depth == .one {
            switch found {
            case .home(let user, let calendars):
                resources += calendars.map(Resource.calendar)
                if sharing != nil { resources.append(.notifications(user: user, try await notifications(of: user))) }
                if let tree = self.resources {
                    // Plain collections sit beside the calendars, typed DAV:collection only.
                    let plain = try await storing { () async throws(StoreError) in try await tree.members(of: .root(of: user)) }
                    resources += plain.map(Resource.plain)
                }
            case .plain(let collection) where collection.isCollection:
                let tree = try requireTree()
                let members = try await storing { () async throws(StoreError) in try await tree.members(of: collection.path) }
                resources += members.map(Resource.plain)
            case .notifications(_, let notifications):
                resources += notifications.map { Resource.notification(user: context.principal, $0) }
            case .calendar(let collection):
                let objects = try await storing { () async throws(StoreError) in try await store.listing(of: collection.reference) }
                resources += objects.map { Resource.object(collection, $0) }
            case .homes:
                resources.append(try await resource(at: .home(user: context.principal)))
            default: break
            }
        }
        var writer = XMLWriter()
        writer.start(DAVXML.Name(DAVXML.Namespace.dav, "multistatus"), declaringNamespaces: true)
        for resource in resources {
            writeResponse(for: resource, query: query, context: context, into: &writer)
        }
        writer.end()
        return .multiStatus(writer)
    }

    /// Writes one DAV:response with the properties `query` asks for. In REPORTs
    /// (`inReport`), CALDAV:calendar-data of an object is its stored text (RFC 4791 §9.6).
    func writeResponse(
        for resource: Resource, query: PropFindRequest, context: DAVContext, inReport: Bool = false,
        calendarData: CalendarDataRequest? = nil, floatingZone: any ZoneRules = FixedOffsetZone.utc, into writer: inout XMLWriter
    ) {
        properties.writeResponse(
            for: resource, query: query, context: context, configuration: configuration,
            override: { name in
                guard inReport, name == .calDAV("calendar-data"), case .object(_, let object) = resource else { return nil }
                guard let calendarData, calendarData.changesData else { return .utf8Text(object.data) }
                return .text(calendarData.render(object, floatingZone: floatingZone))
            },
            into: &writer)
    }
}
