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
        do {
            var response = try await dispatch(request, in: context)
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

    /// Resolves the path once, then hands the target to the method.
    private func dispatch(_ request: DAVRequest, in context: DAVContext) async throws(DAVError) -> DAVResponse {
        if request.method == "OPTIONS" { return options() }
        guard let path = DAVPath(request.path) else { throw DAVError.notFound() }
        guard context.mayReach(path) else { throw DAVError.notFound() }
        let target = try await resolve(path)
        if case .plain(let location, let resource) = target.kind {
            return try await dispatchPlain(request, target: target, location: location, resource: resource, context: context)
        }
        if let responseCache, request.method == "PROPFIND" || request.method == "REPORT", case .calendar(let collection) = target.kind {
            return try await cachedRead(request, target: target, collection: collection, context: context, cache: responseCache)
        }
        switch request.method {
        case "PROPFIND": return try await propFind(request, target: target, context: context)
        case "PROPPATCH": return try await propPatch(request, target: target, context: context)
        case "REPORT": return try await report(request, target: target, context: context)
        case "GET": return try await get(target, includeBody: true)
        case "HEAD": return try await get(target, includeBody: false)
        case "PUT": return try await put(request, target: target, context: context)
        case "DELETE": return try await delete(request, target: target)
        case "COPY": return try await copyOrMove(request, target: target, context: context, keepSource: true)
        case "MOVE": return try await copyOrMove(request, target: target, context: context, keepSource: false)
        case "MKCALENDAR", "MKCOL": return try await makeCalendar(request, target: target, context: context)
        default:
            throw DAVError(status: 405, message: "\(request.method) is not supported here; allowed: \(Self.methods.joined(separator: ", "))")
        }
    }

    // MARK: Shared steps

    /// Runs a store operation, turning its error into a protocol error.
    func storing<T>(_ operation: () async throws(StoreError) -> T) async throws(DAVError) -> T {
        do { return try await operation() } catch { throw DAVError(error) }
    }

    /// The resource another path names (an href in a request body), or 404.
    func resource(at path: DAVPath) async throws(DAVError) -> Resource {
        try await resource(of: try await resolve(path))
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
