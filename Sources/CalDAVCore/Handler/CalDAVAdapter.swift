import WebDAV

/// CalDAV (RFC 4791 and its extensions) as an adapter of the WebDAV engine: it serves the
/// tree of calendar homes, `/dav/calendars/`, and gives principals their
/// `calendar-home-set` and calendar user addresses.
///
/// The adapter knows no HTTP framework and no storage engine: storage plugs in through
/// ``CalendarStore``, and optionally ``ResourceTreeStore`` for plain WebDAV collections
/// beside the calendars. Authorization happens here, so every binding enforces it the
/// same way: a principal sees only its own resources, and anything else answers 404, as
/// if it did not exist.
///
/// ```swift
/// let server = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore(), resources: InMemoryResourceTreeStore()))
/// let response = await server.handle(DAVRequest(method: "PROPFIND", path: "/dav/calendars/amal/"),
///                                    in: DAVContext(principal: "amal", now: now))
/// ```
///
/// A request is answered in two steps, ``prepare(_:in:)`` (the path resolved, once) and
/// ``answer(_:)``, so that a decorator (a cache of answers, say) can look at what the path
/// names before the answer is computed, without resolving it again.
public struct CalDAVAdapter: PreparingAdapter {
    public let store: any CalendarStore
    /// Plain collections and files; without it, the home holds only calendars and a plain
    /// MKCOL is refused.
    public let resources: (any ResourceTreeStore)?
    public let configuration: DAVConfiguration
    /// Where calendar-query keeps recurring objects' instances by year; `nil` expands every
    /// window.
    public let yearInstances: (any YearInstancesCache)?
    /// Scheduling (RFC 6638); `nil` turns it off: no inbox or outbox, and writes of
    /// objects with attendees send nothing.
    public let scheduling: CalendarScheduling?
    /// Sharing of calendars between users; `nil` turns it off.
    public let sharing: CalendarSharing?
    /// The store beneath sharing: every user's own calendars, for what a share's owner holds.
    let ownCalendars: any CalendarStore
    /// Where who changed which object is recorded, if anywhere.
    public let journal: (any ChangeJournal)?
    let properties = CalDAVProperties.table

    /// - Parameters:
    ///   - store: the calendars.
    ///   - resources: plain WebDAV collections and files in the same homes, if any.
    ///   - configuration: limits and choices of this server.
    ///   - yearInstances: keeps recurring objects' instances for calendar-query.
    ///   - scheduling: who calendar users are and where messages to others go, to schedule.
    ///   - sharing: where shares are kept, to share calendars; the store then shows accepted
    ///     shares in sharees' homes (``SharingCalendarStore``).
    ///   - journal: where each write of an object is recorded with who made it.
    public init(store: any CalendarStore, resources: (any ResourceTreeStore)? = nil, configuration: DAVConfiguration = DAVConfiguration(),
                yearInstances: (any YearInstancesCache)? = nil, scheduling: CalendarScheduling? = nil, sharing: CalendarSharing? = nil,
                journal: (any ChangeJournal)? = nil) {
        self.journal = journal
        self.store = sharing.map { SharingCalendarStore(primary: store, shares: $0.shares) } ?? store
        ownCalendars = store
        self.sharing = sharing
        self.resources = resources
        self.configuration = configuration
        self.yearInstances = yearInstances
        self.scheduling = scheduling
    }

    public var tree: String { DAVPath.tree }
    public var complianceClasses: [String] {
        ["calendar-access"] + (scheduling == nil ? [] : ["calendar-auto-schedule"]) + (sharing == nil ? [] : ["calendarserver-sharing"])
            + ["extended-mkcol"]
    }
    public var methods: [String] { scheduling == nil && sharing == nil ? Self.methods : Self.methods + ["POST"] }
    public var principalProperties: [PropertyTable<ServerPath>.Definition] {
        CalDAVProperties.principal + (scheduling == nil ? [] : CalDAVProperties.schedulingPrincipal)
            + (sharing == nil ? [] : CalDAVProperties.sharingPrincipal)
    }
    public var searchableProperties: [SearchableProperty] { CalDAVProperties.searchable }

    /// Methods that change nothing: all a read-only delegate may send.
    static let readMethods: Set<String> = ["OPTIONS", "GET", "HEAD", "PROPFIND", "REPORT"]

    /// The context of a delegate's request in `user`'s home: the delegator's, remembering who asked.
    private func acting(for user: String, access: ShareAccess, _ context: DAVContext) -> DAVContext {
        var acting = context
        acting.onBehalf = OnBehalf(delegate: context.principal, access: access)
        acting.principal = user
        // The engine read the delegator's addresses with the delegation; no second lookup.
        acting.emailAddresses = context.delegators.first { $0.user.utf8.elementsEqual(user.utf8) }?.emailAddresses ?? []
        acting.delegators = []
        acting.delegates = []
        return acting
    }

    /// Methods this adapter answers, for 405 responses.
    public static let methods = ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", "PROPFIND", "PROPPATCH", "MKCALENDAR", "MKCOL", "REPORT", "COPY", "MOVE"]

    /// Handles one request; protocol and storage errors become responses, never throws.
    public func handle(_ request: DAVRequest, in context: DAVContext) async -> DAVResponse {
        await answer(await prepare(request, in: context))
    }

    /// The first step of ``handle(_:in:)``: resolves the request's path to what it names.
    public func prepare(_ request: DAVRequest, in context: DAVContext) async -> PreparedRequest {
        guard let path = DAVPath(request.path), context.mayReach(path) else {
            return PreparedRequest(request: request, context: context, target: .failure(DAVError.notFound()))
        }
        var context = context
        if let user = path.user, !context.owns(user), let access = context.access(to: user) {
            // A delegate acts as the delegator, within what the delegator allowed.
            guard access == .readWrite || Self.readMethods.contains(request.method) else {
                return PreparedRequest(request: request, context: context, target: .failure(DAVError(
                    .needPrivileges, "\(user) lets you read their calendars, not change them")))
            }
            context = acting(for: user, access: access, context)
        }
        do {
            // DELETE needs the object only to schedule its cancellation.
            let target = try await resolve(path, readingObject: request.method != "DELETE" || scheduling != nil, now: context.now)
            return PreparedRequest(request: request, context: context, target: .success(target))
        } catch {
            return PreparedRequest(request: request, context: context, target: .failure(error))
        }
    }

    /// The second step of ``handle(_:in:)``: the response to a prepared request. A 207 to a
    /// PROPFIND on a calendar, or to one of CalDAV's reports on it, is marked
    /// ``DAVResponse/isRepeatable``: it depends only on the request, the principal and the
    /// calendar's state (the reports that follow hrefs to principals are not).
    public func answer(_ prepared: PreparedRequest) async -> DAVResponse {
        let (request, context) = (prepared.request, prepared.context)
        do throws(DAVError) {
            var response = try await dispatch(request, target: prepared.target.get(), in: context)
            if response.status == 207, prepared.calendar != nil, request.method == "PROPFIND" {
                response.isRepeatable = true
            }
            return response
        } catch {
            return .error(error.namingPrivilege(for: request))
        }
    }

    /// A calendar's state, when the path names one (answers about an object or a home are
    /// not kept: a home's depend on every calendar in it).
    public func collectionState(of prepared: PreparedRequest) -> CollectionState? {
        // A delegate's answers depend on the delegation too; they are few, and not kept.
        prepared.context.onBehalf == nil ? prepared.calendar?.cacheState : nil
    }

    public func node(at path: String, in context: DAVContext) async -> DAVNode? {
        guard let path = DAVPath(path), context.mayReach(path), let found = try? await resource(at: path) else { return nil }
        return DAVNode(found, table: properties, configuration: configuration)
    }

    /// Hands the resolved target to the method.
    private func dispatch(_ request: DAVRequest, target: DAVTarget, in context: DAVContext) async throws(DAVError) -> DAVResponse {
        if case .plain(let location, let resource) = target.kind {
            return try await dispatchPlain(request, target: target, location: location, resource: resource, context: context)
        }
        switch request.method {
        case "PROPFIND": return try await propFind(request, target: target, context: context)
        case "PROPPATCH": return try await propPatch(request, target: target, context: context)
        case "REPORT": return try await report(request, target: target, context: context)
        case "GET": return try await get(target, includeBody: true)
        case "HEAD": return try await get(target, includeBody: false)
        case "PUT": return try await put(request, target: target, context: context)
        case "DELETE": return try await delete(request, target: target, context: context)
        case "POST" where scheduling != nil || sharing != nil: return try await post(request, target: target, context: context)
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
        try await configuration.parseXML(body)
    }
}
