/// The WebDAV engine: one function from a request to a response for the whole DAV tree.
///
/// The engine serves what every protocol shares: OPTIONS, the server root, `/dav/`, and
/// the principals (RFC 3744, RFC 5397), with their properties, PROPFIND and the principal
/// reports. Each protocol is an adapter (``DAVAdapter``) that serves a tree of its own
/// under `/dav/` and adds properties to the principals (CalDAV's `calendar-home-set`).
/// Authorization happens here and in the adapters alike: a principal reaches only its
/// own resources, and anything else answers 404, as if it did not exist.
///
/// ```swift
/// let server = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore()))
/// let response = await server.handle(DAVRequest(method: "PROPFIND", path: "/dav/principals/amal/"),
///                                    in: DAVContext(principal: "amal", now: now))
/// ```
public struct DAVServer: DAVResponding, DAVDirectory {
    public let adapters: [any DAVAdapter]
    public let configuration: DAVConfiguration
    private let adapterByTree: [String: any DAVAdapter]
    private let properties: PropertyTable<ServerPath>
    private let searchable: [SearchableProperty]
    /// Every method the server answers somewhere, for OPTIONS and 405 answers.
    public let methods: [String]
    private let compliance: String
    /// Delegation of calendar homes; `nil` turns it off.
    public let delegation: Delegation?
    /// Where a principal search finds other accounts named exactly; `nil` finds only one's own.
    public let lookup: PrincipalLookup?

    /// - Parameters:
    ///   - adapters: the protocols, each in its own tree.
    ///   - configuration: limits and choices of this server.
    ///   - delegation: where delegations are kept, to let people delegate their calendars
    ///     (the proxy groups of principals); the context of every request then says whom the
    ///     principal acts for.
    ///   - lookup: where a principal-property-search finds other accounts by their exact
    ///     user name or email address (to pick a delegate, to name an attendee).
    public init(_ adapters: [any DAVAdapter], configuration: DAVConfiguration = DAVConfiguration(), delegation: Delegation? = nil,
                lookup: PrincipalLookup? = nil) {
        self.adapters = adapters
        self.configuration = configuration
        self.delegation = delegation
        self.lookup = lookup
        adapterByTree = Dictionary(adapters.map { ($0.tree, $0) }, uniquingKeysWith: { first, _ in first })
        properties = PropertyTable(PropertyTable<ServerPath>.common + adapters.flatMap(\.principalProperties)
            + (delegation == nil ? [] : DelegationProperties.principal))
        searchable = [SearchableProperty(name: .dav("displayname"), description: "Display name") { context in
            [context.principal, context.displayName].compactMap { $0 }.joined(separator: " ")
        }]
            + adapters.flatMap(\.searchableProperties)
        var methods = ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", "PROPFIND", "PROPPATCH", "REPORT", "COPY", "MOVE", "MKCOL"]
        for method in adapters.flatMap(\.methods) where !methods.contains(method) { methods.append(method) }
        self.methods = methods
        var classes = ["1", "3"]
        for name in adapters.flatMap(\.complianceClasses) where !classes.contains(name) { classes.append(name) }
        // caldav-proxy §5.1.
        if delegation != nil { classes.append("calendar-proxy") }
        compliance = classes.joined(separator: ", ")
    }

    public init(_ adapters: any DAVAdapter..., configuration: DAVConfiguration = DAVConfiguration()) {
        self.init(adapters, configuration: configuration)
    }

    /// Handles one request; protocol and storage errors become responses, never throws.
    public func handle(_ request: DAVRequest, in context: DAVContext) async -> DAVResponse {
        var context = context
        context.prefersMinimal = request.prefersMinimal
        context.directory = self
        if let delegation, let shares = try? await delegation.shares.shares(involving: context.principal, in: Delegation.tree) {
            var delegators: [Delegator] = []
            for share in shares.received {
                delegators.append(Delegator(user: share.owner, access: share.access, emailAddresses: await delegation.emailAddresses(share.owner)))
            }
            context.delegators = delegators
            context.delegates = shares.given.map { ($0.sharee, $0.access) }
        }
        var response: DAVResponse
        if request.method == "OPTIONS" {
            response = options
        } else if let path = ServerPath(request.path) {
            if case .tree(let name) = path {
                response = await adapterByTree[name]?.handle(request, in: context) ?? .notFound
            } else {
                do throws(DAVError) {
                    response = try await answer(request, at: path, in: context)
                } catch {
                    response = .error(error)
                }
            }
        } else {
            response = .notFound
        }
        if context.prefersMinimal && response.status == 207 { response.headers.append(("Preference-Applied", "return=minimal")) }
        return response
    }

    /// OPTIONS (RFC 4918 §9.1, RFC 4791 §5.1): the compliance classes and methods.
    var options: DAVResponse {
        DAVResponse(status: 200, headers: [("DAV", compliance), ("Allow", methods.joined(separator: ", ")), ("Content-Length", "0")])
    }

    /// A request for one of the engine's own resources.
    private func answer(_ request: DAVRequest, at path: ServerPath, in context: DAVContext) async throws(DAVError) -> DAVResponse {
        if let user = path.user, !context.knows(user) { throw DAVError.notFound() }
        if case .proxyGroup = path, delegation == nil { throw DAVError.notFound() }
        switch request.method {
        case "PROPFIND": return try await propFind(request, at: path, in: context)
        case "PROPPATCH":
            let update = try PropertyUpdate(try await configuration.parseXML(request.body))
            if case .proxyGroup(let user, let access) = path, let delegation, context.owns(user) {
                return try await updateGroup(update, of: user, access: access, delegation: delegation, in: context)
            }
            return PropertyUpdate.answer(href: path.href, results: update.instructions.map { ($0.property.name, 403) }, context: context)
        case "REPORT":
            let root = try await configuration.parseXML(request.body)
            if root.name == .dav("expand-property") {
                return try await ExpandPropertyReport(root).answer(for: node(path), in: context)
            }
            return try await principalReport(root, request: request, at: path.href, searchesPrincipals: true, in: context)
        case _ where methods.contains(request.method):
            throw DAVError(status: 405, message: "\(request.method) does not apply to \(path.href); it is read with PROPFIND and REPORT")
        default:
            throw DAVError(status: 405, message: "\(request.method) is not supported here; allowed: \(methods.joined(separator: ", "))")
        }
    }

    /// PROPFIND with Depth 0 or 1 (RFC 4918 §9.1); Depth infinity is refused.
    private func propFind(_ request: DAVRequest, at path: ServerPath, in context: DAVContext) async throws(DAVError) -> DAVResponse {
        let depth = try Depth.ofPropFind(request)
        let query = try PropFindRequest(request.body.isEmpty ? nil : try await configuration.parseXML(request.body))
        var listed = [path]
        // Other users' principals stay private: only one's own is listed.
        if depth == .one, path == .principals { listed.append(.principal(user: context.principal)) }
        // A principal's proxy groups are its members (caldav-proxy §5.2).
        if depth == .one, delegation != nil, case .principal(let user) = path, context.owns(user) {
            listed += [.proxyGroup(user: user, access: .read), .proxyGroup(user: user, access: .readWrite)]
        }
        var writer = XMLWriter()
        writer.start(.dav("multistatus"), declaringNamespaces: true)
        for resource in listed {
            properties.writeResponse(for: resource, query: query, context: context, configuration: configuration, into: &writer)
        }
        writer.end()
        return .multiStatus(writer)
    }

    private func node(_ path: ServerPath) -> DAVNode {
        DAVNode(path, table: properties, configuration: configuration)
    }

    public func node(at path: String, in context: DAVContext) async -> DAVNode? {
        switch ServerPath(path) {
        case nil: return nil
        case .tree(let name)?: return await adapterByTree[name]?.node(at: path, in: context)
        case .principal(let user)? where !context.knows(user): return nil
        case .proxyGroup(let user, _)? where delegation == nil || !context.knows(user): return nil
        case let path?: return node(path)
        }
    }

    public func principalReport(_ root: DAVXML.Element, request: DAVRequest, searchesPrincipals: Bool,
                                in context: DAVContext) async throws(DAVError) -> DAVResponse {
        try await principalReport(root, request: request, at: request.path, searchesPrincipals: searchesPrincipals, in: context)
    }

    /// DAV:principal-property-search (RFC 3744 §9.4) and DAV:principal-search-property-set
    /// (§9.5), sent to `href`, a resource that exists and answers them when
    /// `searchesPrincipals`. The directory a user can search holds their own principal and
    /// those of others the search names exactly (``PrincipalLookup``): other users' names and
    /// addresses stay private. The search is defined for Depth 0 only (400 otherwise); with
    /// DAV:apply-to-principal-collection-set it may be sent to any resource.
    private func principalReport(_ root: DAVXML.Element, request: DAVRequest, at href: String, searchesPrincipals: Bool,
                                 in context: DAVContext) async throws(DAVError) -> DAVResponse {
        switch root.name {
        case .dav("principal-property-search"):
            if let depth = request.header("depth"), depth.trimmingSpaces != "0" {
                throw DAVError.badRequest("principal-property-search is defined for Depth 0 only (RFC 3744 §9.4)")
            }
            let search = try PrincipalSearch(root)
            guard searchesPrincipals || search.appliesToPrincipalCollections else {
                throw DAVError(.supportedReport, "principal searches run on the principal collection")
            }
            var writer = XMLWriter()
            writer.start(.dav("multistatus"), declaringNamespaces: true)
            if search.matches(searchable, in: context) {
                properties.writeResponse(for: .principal(user: context.principal), query: search.query, context: context,
                                         configuration: configuration, into: &writer)
            }
            var shown = context
            shown.found = await found(by: search, in: context)
            for principal in shown.found {
                properties.writeResponse(for: .principal(user: principal.user), query: search.query, context: shown,
                                         configuration: configuration, into: &writer)
            }
            writer.end()
            return .multiStatus(writer)
        case .dav("principal-search-property-set"):
            guard searchesPrincipals else { throw DAVError(.supportedReport, "principal searches run on the principal collection") }
            var writer = XMLWriter()
            writer.start(.dav("principal-search-property-set"), declaringNamespaces: true)
            for property in searchable {
                writer.start(.dav("principal-search-property"))
                writer.start(.dav("prop"))
                writer.element(property.name)
                writer.end()
                writer.element(.dav("description"), text: property.description)
                writer.end()
            }
            writer.end()
            return DAVResponse(status: 200, headers: [("Content-Type", "application/xml; charset=utf-8")], body: writer.bytes)
        default:
            throw DAVError(.supportedReport, "the \(root.name.local) report is not supported on \(href)")
        }
    }

    /// The other accounts a search names exactly and whose principals match it, as the
    /// principal's own would.
    private func found(by search: PrincipalSearch, in context: DAVContext) async -> [FoundPrincipal] {
        guard let lookup, !search.conditions.isEmpty else { return [] }
        var found: [FoundPrincipal] = []
        for text in PrincipalLookup.candidates(of: search) {
            guard let principal = await lookup.find(text), !context.owns(principal.user),
                  !found.contains(where: { $0.user.utf8.elementsEqual(principal.user.utf8) }) else { continue }
            var theirs = DAVContext(principal: principal.user, now: context.now, emailAddresses: principal.emailAddresses)
            theirs.displayName = principal.displayName
            if search.matches(searchable, in: theirs) { found.append(principal) }
        }
        return found
    }
}

extension ServerPath: DAVDescribed {
    public var resourceTypes: [DAVXML.Name] {
        switch self {
        case .principal: return [.dav("principal")]
        case .proxyGroup(_, let access): return [.dav("principal"), .calendarServer(Delegation.groupName(access))]
        default: return [.dav("collection")]
        }
    }
    public var displayName: String? {
        switch self {
        case .principal(let user): return user
        case .proxyGroup(_, let access): return Delegation.groupName(access)
        default: return nil
        }
    }
    public func displayName(in context: DAVContext) -> String? {
        if case .principal(let user) = self, context.owns(user), let name = context.displayName { return name }
        if case .principal(let user) = self, let name = context.foundPrincipal(user)?.displayName { return name }
        return displayName
    }
    public var entityTag: String? { nil }
    public var contentType: String? { nil }
    public var contentLength: Int? { nil }
    public var lastModified: Int? { nil }
    public var creationDate: Int? { nil }
    public var owner: String? { user }
    public var privileges: [String] { ["read"] }
    public var supportedReports: [DAVXML.Name] { [.dav("expand-property"), .dav("principal-property-search"), .dav("principal-search-property-set")] }
    public var collectionTag: String? { nil }
    public var deadProperties: [DAVXML.Name: [UInt8]] { [:] }
}

extension Depth {
    /// The Depth of a PROPFIND: 0 or 1; infinity, the default, is refused (RFC 4918 §9.1,
    /// `propfind-finite-depth`), as large collections would make it expensive.
    public static func ofPropFind(_ request: DAVRequest) throws(DAVError) -> Depth {
        guard let depth = Depth(header: request.header("depth"), default: .infinity) else {
            throw DAVError.badRequest("Depth must be 0, 1 or infinity")
        }
        if depth == .infinity { throw DAVError(.propfindFiniteDepth, "PROPFIND with Depth: infinity is not supported; use 0 or 1") }
        return depth
    }
}
