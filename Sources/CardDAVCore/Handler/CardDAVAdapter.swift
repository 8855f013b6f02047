import WebDAV

/// CardDAV (RFC 6352, with RFC 6578 sync) as an adapter of the WebDAV engine: it serves
/// the tree of address book homes, `/dav/addressbooks/`, and gives principals their
/// `addressbook-home-set`.
///
/// The adapter knows no HTTP framework and no storage engine: storage plugs in through
/// ``AddressBookStore``. Authorization happens here: a principal sees only its own
/// resources, and anything else answers 404, as if it did not exist.
///
/// ```swift
/// let server = DAVServer([CalDAVAdapter(store: calendars), CardDAVAdapter(store: InMemoryAddressBookStore())])
/// ```
public struct CardDAVAdapter: PreparingAdapter {
    public let store: any AddressBookStore
    public let configuration: DAVConfiguration
    let properties = CardDAVProperties.table

    /// The media type of a stored card.
    public static let cardContentType = "text/vcard; charset=utf-8"

    /// Where shares of address books are kept, if they may be shared.
    public let shares: (any CollectionShareStore)?

    /// - Parameters:
    ///   - store: the address books.
    ///   - configuration: limits and choices of this server.
    ///   - shares: where shares are kept, to share address books; the store then shows
    ///     accepted shares in sharees' homes (``SharingAddressBookStore``).
    public init(store: any AddressBookStore, configuration: DAVConfiguration = DAVConfiguration(), shares: (any CollectionShareStore)? = nil) {
        self.store = shares.map { SharingAddressBookStore(primary: store, shares: $0) } ?? store
        self.configuration = configuration
        self.shares = shares
    }

    public var tree: String { CardDAVPath.tree }
    public var complianceClasses: [String] { ["addressbook"] }
    public var methods: [String] { Self.methods }
    public var principalProperties: [PropertyTable<ServerPath>.Definition] { CardDAVProperties.principal }

    /// Methods this adapter answers, for 405 responses.
    public static let methods = ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", "PROPFIND", "PROPPATCH", "MKCOL", "REPORT", "COPY", "MOVE"]

    /// Handles one request; protocol and storage errors become responses, never throws.
    public func handle(_ request: DAVRequest, in context: DAVContext) async -> DAVResponse {
        await answer(await prepare(request, in: context))
    }

    /// A request whose path has been resolved.
    public struct Prepared: Sendable {
        let request: DAVRequest
        let context: DAVContext
        let target: Result<CardDAVTarget, DAVError>
    }

    /// The first step of ``handle(_:in:)``: resolves the request's path to what it names.
    public func prepare(_ request: DAVRequest, in context: DAVContext) async -> Prepared {
        guard let path = CardDAVPath(request.path), path.user.map(context.owns) ?? true else {
            return Prepared(request: request, context: context, target: .failure(DAVError.notFound("nothing at \(request.path)")))
        }
        do {
            return Prepared(request: request, context: context, target: .success(try await resolve(path)))
        } catch {
            return Prepared(request: request, context: context, target: .failure(error))
        }
    }

    /// The second step of ``handle(_:in:)``. A 207 to a PROPFIND on an address book, or to
    /// one of CardDAV's reports on it, is marked ``DAVResponse/isRepeatable``: it depends only
    /// on the request, the principal and the book's state (the reports that follow hrefs to
    /// principals are not).
    public func answer(_ prepared: Prepared) async -> DAVResponse {
        let request = prepared.request
        do throws(DAVError) {
            var response = try await dispatch(request, target: prepared.target.get(), in: prepared.context)
            if response.status == 207, book(of: prepared) != nil, request.method == "PROPFIND" {
                response.isRepeatable = true
            }
            return response
        } catch {
            return .error(error.namingPrivilege(for: request))
        }
    }

    /// An address book's state, when the path names one.
    public func collectionState(of prepared: Prepared) -> CollectionState? {
        book(of: prepared).map { book in
            CollectionState(changePosition: book.changePosition, parts: [book.syncID, book.displayName, book.bookDescription, book.sharing?.digest],
                            deadProperties: book.deadProperties)
        }
    }

    private func book(of prepared: Prepared) -> AddressBook? {
        guard case .success(let target) = prepared.target, case .book(let book) = target.kind else { return nil }
        return book
    }

    public func node(at path: String, in context: DAVContext) async -> DAVNode? {
        guard let path = CardDAVPath(path), path.user.map(context.owns) ?? true,
              let target = try? await resolve(path), let found = try? await resource(of: target) else { return nil }
        return DAVNode(found, table: properties, configuration: configuration)
    }

    private func dispatch(_ request: DAVRequest, target: CardDAVTarget, in context: DAVContext) async throws(DAVError) -> DAVResponse {
        switch request.method {
        case "PROPFIND": return try await propFind(request, target: target, context: context)
        case "PROPPATCH": return try await propPatch(request, target: target, context: context)
        case "REPORT": return try await report(request, target: target, context: context)
        case "GET": return try await get(request, target: target, includeBody: true)
        case "HEAD": return try await get(request, target: target, includeBody: false)
        case "PUT": return try await put(request, target: target)
        case "DELETE": return try await delete(request, target: target)
        case "COPY": return try await copyOrMove(request, target: target, context: context, keepSource: true)
        case "MOVE": return try await copyOrMove(request, target: target, context: context, keepSource: false)
        case "MKCOL": return try await makeAddressBook(request, target: target, context: context)
        default:
            throw DAVError(status: 405, message: "\(request.method) is not supported here; allowed: \(Self.methods.joined(separator: ", "))")
        }
    }

    // MARK: Shared steps

    /// Runs a store operation, turning its error into a protocol error.
    func storing<T>(_ operation: () async throws(StoreError) -> T) async throws(DAVError) -> T {
        do { return try await operation() } catch { throw DAVError(error, uidConflict: .cardNoUIDConflict) }
    }

    /// Parses an XML body, or answers 400 with the reason.
    func xml(_ body: [UInt8]) async throws(DAVError) -> DAVXML.Element {
        try await configuration.parseXML(body)
    }

    /// Writes one DAV:response with the properties `query` asks for; in reports, a card's
    /// CARDDAV:address-data as `addressData` asks.
    func writeResponse(
        for resource: CardResource, query: PropFindRequest, context: DAVContext, addressData: AddressDataRequest? = nil,
        into writer: inout XMLWriter
    ) {
        properties.writeResponse(
            for: resource, query: query, context: context, configuration: configuration,
            override: { name in
                guard let addressData, name == .cardDAV("address-data"), case .card(_, let card) = resource else { return nil }
                return addressData.isVerbatim ? .utf8Text(card.data) : .utf8Text(addressData.render(card))
            },
            into: &writer)
    }
}
