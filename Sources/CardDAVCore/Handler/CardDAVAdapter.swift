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
public struct CardDAVAdapter: DAVAdapter {
    public let store: any AddressBookStore
    public let configuration: DAVConfiguration
    let properties = CardDAVProperties.table

    /// The media type of a stored card.
    public static let cardContentType = "text/vcard; charset=utf-8"

    public init(store: any AddressBookStore, configuration: DAVConfiguration = DAVConfiguration()) {
        self.store = store
        self.configuration = configuration
    }

    public var tree: String { CardDAVPath.tree }
    public var complianceClasses: [String] { ["addressbook"] }
    public var methods: [String] { Self.methods }
    public var principalProperties: [PropertyTable<ServerPath>.Definition] { CardDAVProperties.principal }

    /// Methods this adapter answers, for 405 responses.
    public static let methods = ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", "PROPFIND", "PROPPATCH", "MKCOL", "REPORT", "COPY", "MOVE"]

    /// Handles one request; protocol and storage errors become responses, never throws.
    public func handle(_ request: DAVRequest, in context: DAVContext) async -> DAVResponse {
        do throws(DAVError) {
            guard let path = CardDAVPath(request.path), path.user.map(context.owns) ?? true else {
                throw DAVError.notFound("nothing at \(request.path)")
            }
            return try await dispatch(request, target: try await resolve(path), in: context)
        } catch {
            return .error(error.namingPrivilege(for: request))
        }
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
