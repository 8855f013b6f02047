import WebDAV

extension CalDAVAdapter {
    /// The tree of plain collections; only called for targets in it.
    func requireTree() throws(DAVError) -> any ResourceTreeStore {
        guard let resources else { throw DAVError.notFound() }
        return resources
    }

    /// Methods on a path in the plain tree: WebDAV (RFC 4918) without calendar rules,
    /// except that calendars are made only directly in the home.
    func dispatchPlain(_ request: DAVRequest, target: DAVTarget, location: ResourcePath, resource: PlainResource?,
                       context: DAVContext) async throws(DAVError) -> DAVResponse {
        switch request.method {
        case "PROPFIND": return try await propFind(request, target: target, context: context)
        case "PROPPATCH": return try await propPatch(request, target: target, context: context)
        case "GET": return try await getPlain(location, resource: resource, includeBody: true)
        case "HEAD": return try await getPlain(location, resource: resource, includeBody: false)
        case "PUT": return try await putPlain(request, path: target.path, location: location)
        case "DELETE": return try await deletePlain(request, location: location)
        case "COPY": return try await copyOrMovePlain(request, location: location, resource: resource, context: context, keepSource: true)
        case "MOVE": return try await copyOrMovePlain(request, location: location, resource: resource, context: context, keepSource: false)
        case "MKCOL": return try await makeCollection(request, target: target, location: location, context: context)
        case "MKCALENDAR": return try await makeCalendarBesidePlain(request, target: target, location: location, context: context)
        case "REPORT":
            guard resource != nil else { throw DAVError.notFound("nothing at \(target.path.href)") }
            throw DAVError(.supportedReport, "\(target.path.href) is a plain WebDAV collection or file; calendar reports apply to calendar collections")
        default:
            throw DAVError(status: 405, message: "\(request.method) is not supported here; allowed: \(Self.methods.joined(separator: ", "))")
        }
    }

    /// MKCALENDAR at a free name in the home; inside a plain collection it is refused
    /// (RFC 4791 §5.3.1.1: calendars are not nested in other collections here).
    func makeCalendarBesidePlain(_ request: DAVRequest, target: DAVTarget, location: ResourcePath,
                                 context: DAVContext) async throws(DAVError) -> DAVResponse {
        guard location.segments.count == 1 else {
            throw DAVError(.calendarCollectionLocationOK, "calendars are created directly in the calendar home, not inside plain collections")
        }
        if case .plain(_, _?) = target.kind {
            throw DAVError(.resourceMustBeNull, "\(target.path.href) exists already")
        }
        return try await makeCalendar(request, target: target, context: context)
    }
}
