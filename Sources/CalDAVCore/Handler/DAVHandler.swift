/// The WebDAV/CalDAV protocol as one function: a request in, a response out.
///
/// The handler knows no HTTP framework and no storage engine: a binding turns its
/// framework's request into a ``DAVRequest`` after authenticating the principal, and
/// storage plugs in through ``CalendarStore``, and optionally ``ResourceTreeStore`` for
/// plain WebDAV collections beside the calendars. Authorization happens here, so every
/// binding enforces it the same way: a principal sees only its own resources, and
/// anything else answers 404, as if it did not exist.
///
/// ```swift
/// let handler = DAVHandler(store: InMemoryCalendarStore(), resources: InMemoryResourceTreeStore())
/// let response = await handler.handle(DAVRequest(method: "PROPFIND", path: "/dav/calendars/amal/"),
///                                     in: DAVContext(principal: "amal", now: now))
/// ```
public struct DAVHandler: Sendable {
    public let store: any CalendarStore
    /// Plain collections and files; without it, the home holds only calendars and a plain
    /// MKCOL is refused.
    public let resources: (any ResourceTreeStore)?
    public let configuration: DAVConfiguration
    /// Answers to repeated reads of unchanged calendars, if the server keeps them.
    public let responseCache: ResponseCache?
    let properties = PropertyTable.standard

    /// - Parameters:
    ///   - store: the calendars.
    ///   - resources: plain WebDAV collections and files in the same homes, if any.
    ///   - configuration: limits and choices of this server.
    ///   - responseCache: where answers to repeated PROPFIND and REPORT requests on
    ///     unchanged calendars are kept; `nil` computes every answer.
    public init(store: any CalendarStore, resources: (any ResourceTreeStore)? = nil, configuration: DAVConfiguration = DAVConfiguration(),
                responseCache: ResponseCache? = nil) {
        self.store = store
        self.resources = resources
        self.configuration = configuration
        self.responseCache = responseCache
    }

    /// Methods this handler answers, for OPTIONS and 405 responses.
    public static let methods = ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", "PROPFIND", "PROPPATCH", "MKCALENDAR", "MKCOL", "REPORT", "COPY", "MOVE"]

    /// Handles one request; protocol and storage errors become responses, never throws.
    public func handle(_ request: DAVRequest, in context: DAVContext) async -> DAVResponse {
        var context = context
        context.prefersMinimal = Self.prefersMinimal(request)
        // One request reads each collection once, however many steps ask for it.
        let scoped = DAVHandler(store: RequestScopedStore(store), resources: resources, configuration: configuration, responseCache: responseCache)
        do {
            var response = try await scoped.dispatch(request, in: context)
            if context.prefersMinimal && response.status == 207 { response.headers.append(("Preference-Applied", "return=minimal")) }
            return response
        } catch {
            return .error(error.namingPrivilege(for: request))
        }
    }

    /// RFC 8144 `Prefer: return=minimal`, or the older `Brief: t` Apple clients send.
    static func prefersMinimal(_ request: DAVRequest) -> Bool {
        if request.header("brief")?.trimmingSpaces.lowercased() == "t" { return true }
        return request.header("prefer")?.split(separator: ",").contains { $0.trimmingSpaces.lowercased() == "return=minimal" } ?? false
    }

    private func dispatch(_ request: DAVRequest, in context: DAVContext) async throws(DAVError) -> DAVResponse {
        if request.method == "OPTIONS" { return options() }
        guard let path = DAVPath(request.path) else { throw DAVError.notFound() }
        guard context.mayReach(path) else { throw DAVError.notFound() }
        if request.method == "GET" || request.method == "HEAD", case .object(let user, let calendar, let name) = path,
           let found = try await calendarObject(named: name, in: CalendarReference(owner: user, name: calendar)) {
            guard let object = found else { throw DAVError.notFound("no object \(name)") }
            return getResponse(object, includeBody: request.method == "GET")
        }
        if let location = try await plainPath(path) {
            return try await dispatchPlain(request, path: path, location: location, context: context)
        }
        if let responseCache, request.method == "PROPFIND" || request.method == "REPORT", case .calendar(let user, let name) = path {
            return try await cachedRead(request, path: path, collection: try await collection(user, name), context: context, cache: responseCache)
        }
        switch request.method {
        case "PROPFIND": return try await propFind(request, path: path, context: context)
        case "PROPPATCH": return try await propPatch(request, path: path, context: context)
        case "REPORT": return try await report(request, path: path, context: context)
        case "GET": return try await get(path, includeBody: true)
        case "HEAD": return try await get(path, includeBody: false)
        case "PUT": return try await put(request, path: path, context: context)
        case "DELETE": return try await delete(request, path: path)
        case "COPY": return try await copyOrMove(request, path: path, context: context, keepSource: true)
        case "MOVE": return try await copyOrMove(request, path: path, context: context, keepSource: false)
        case "MKCALENDAR", "MKCOL": return try await makeCalendar(request, path: path, context: context)
        default:
            throw DAVError(status: 405, message: "\(request.method) is not supported here; allowed: \(Self.methods.joined(separator: ", "))")
        }
    }

    // MARK: Shared steps

    /// Runs a store operation, turning its error into a protocol error.
    func storing<T>(_ operation: () async throws(StoreError) -> T) async throws(DAVError) -> T {
        do { return try await operation() } catch { throw DAVError(error) }
    }

    /// The collection a path names, or 404.
    func collection(_ user: String, _ name: String) async throws(DAVError) -> CalendarCollection {
        let reference = CalendarReference(owner: user, name: name)
        guard let collection = try await storing({ () async throws(StoreError) in try await store.calendar(reference) }) else {
            throw DAVError.notFound("no calendar \(name)")
        }
        return collection
    }

    /// The resource at a path, or 404.
    func resource(at path: DAVPath) async throws(DAVError) -> Resource {
        if let location = try await plainPath(path), !location.isRoot { return try await plainResource(at: location) }
        switch path {
        case .serverRoot, .root, .principals, .homes: return .collection(path)
        case .principal(let user): return .principal(user: user)
        case .home(let user):
            let calendars = try await storing { () async throws(StoreError) in try await store.calendars(of: user) }
            return .home(user: user, calendars: calendars)
        case .calendar(let user, let name): return .calendar(try await collection(user, name))
        case .object(let user, let name, let objectName):
            let collection = try await collection(user, name)
            guard let object = try await storing({ () async throws(StoreError) in
                try await store.object(named: objectName, in: collection.reference)
            }) else { throw DAVError.notFound("no object \(objectName)") }
            return .object(collection, object)
        case .nested:
            // Only plain collections nest: inside a calendar (or without a tree) there is nothing.
            throw DAVError.notFound()
        }
    }

    /// Parses an XML body, or answers 400 with the reason.
    func xml(_ body: [UInt8]) async throws(DAVError) -> DAVXML.Element {
        let reader = XMLReader(limits: configuration.xmlLimits)
        do {
            if body.count >= configuration.offloadedBodySize, let blocking = configuration.blockingWork {
                return try await blocking.run { try reader.parse(body) }
            }
            return try reader.parse(body)
        } catch let error as XMLReader.ReadError {
            throw DAVError.badRequest(error.reason)
        } catch {
            throw DAVError(status: 503, message: "the request could not be read now; try again")
        }
    }
}
