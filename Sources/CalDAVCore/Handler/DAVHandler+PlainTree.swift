extension DAVHandler {
    /// Where a path lies in the owner's tree of plain collections, or `nil` when it names
    /// a calendar, lies inside one, lies outside the home, or the handler has no tree.
    /// The home itself is the tree's root. Which it is comes from storage: a name in the
    /// home is a calendar when the calendar store has it.
    func plainPath(_ path: DAVPath) async throws(DAVError) -> ResourcePath? {
        guard resources != nil, let location = path.resourcePath else { return nil }
        guard let top = location.segments.first else { return location }
        let calendar = try await storing { () async throws(StoreError) in
            try await store.calendar(CalendarReference(owner: location.owner, name: top))
        }
        return calendar == nil ? location : nil
    }

    /// The tree of plain collections; only called once ``plainPath(_:)`` found a location.
    func requireTree() throws(DAVError) -> any ResourceTreeStore {
        guard let resources else { throw DAVError.notFound() }
        return resources
    }

    /// The plain resource at `location`, or 404.
    func plainResource(at location: ResourcePath) async throws(DAVError) -> Resource {
        let tree = try requireTree()
        guard let resource = try await storing({ () async throws(StoreError) in try await tree.resource(at: location) }) else {
            throw DAVError.notFound("nothing at \(DAVPath(location, isCollection: false).href)")
        }
        return .plain(resource)
    }

    /// Methods on a path in the plain tree: WebDAV (RFC 4918) without calendar rules,
    /// except that calendars are made only directly in the home.
    func dispatchPlain(_ request: DAVRequest, path: DAVPath, location: ResourcePath, context: DAVContext) async throws(DAVError) -> DAVResponse {
        switch request.method {
        case "PROPFIND": return try await propFind(request, path: path, context: context)
        case "PROPPATCH": return try await propPatch(request, path: path, context: context)
        case "GET": return try await getPlain(location, includeBody: true)
        case "HEAD": return try await getPlain(location, includeBody: false)
        case "PUT": return try await putPlain(request, path: path, location: location)
        case "DELETE": return try await deletePlain(request, location: location)
        case "COPY": return try await copyOrMovePlain(request, location: location, context: context, keepSource: true)
        case "MOVE": return try await copyOrMovePlain(request, location: location, context: context, keepSource: false)
        case "MKCOL": return try await makeCollection(request, path: path, location: location, context: context)
        case "MKCALENDAR": return try await makeCalendarBesidePlain(request, path: path, location: location, context: context)
        case "REPORT":
            _ = try await plainResource(at: location)
            throw DAVError(.supportedReport, "\(path.href) is a plain WebDAV collection or file; calendar reports apply to calendar collections")
        default:
            throw DAVError(status: 405, message: "\(request.method) is not supported here; allowed: \(Self.methods.joined(separator: ", "))")
        }
    }

    /// MKCALENDAR at a free name in the home; inside a plain collection it is refused
    /// (RFC 4791 §5.3.1.1: calendars are not nested in other collections here).
    func makeCalendarBesidePlain(_ request: DAVRequest, path: DAVPath, location: ResourcePath, context: DAVContext) async throws(DAVError) -> DAVResponse {
        guard location.segments.count == 1 else {
            throw DAVError(.calendarCollectionLocationOK, "calendars are created directly in the calendar home, not inside plain collections")
        }
        let tree = try requireTree()
        if try await storing({ () async throws(StoreError) in try await tree.resource(at: location) }) != nil {
            throw DAVError(.resourceMustBeNull, "\(path.href) exists already")
        }
        return try await makeCalendar(request, path: path, context: context)
    }
}
