import NIOCore

/// One HTTP request as the protocol sees it, free of any HTTP framework.
public struct DAVRequest: Sendable {
    /// The method, upper-cased (`PROPFIND`, `REPORT`, `MKCALENDAR`).
    public var method: String
    /// The path without query string, still percent-encoded.
    public var path: String
    /// Header fields by lower-cased name; repeated fields joined with ", ".
    public var headers: [String: String]
    /// The whole body; the binding enforces the size limit while collecting it.
    public var body: [UInt8]

    public init(method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method.uppercased()
        self.path = path
        // Bindings usually pass lower-cased names already; then the dictionary is kept as is.
        let isLowercased = headers.keys.allSatisfy { !$0.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } }
        self.headers = isLowercased ? headers : Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { "\($0), \($1)" })
        self.body = body
    }

    /// A header value by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// RFC 8144 `Prefer: return=minimal`, or the older `Brief: t` Apple clients send.
    public var prefersMinimal: Bool {
        if header("brief")?.trimmingSpaces.lowercased() == "t" { return true }
        return header("prefer")?.split(separator: ",").contains { $0.trimmingSpaces.lowercased() == "return=minimal" } ?? false
    }
}

/// One HTTP response: status, header fields in order, body.
///
/// The body is a NIO buffer, the type the binding writes to the socket, made once when
/// the answer is made: an answer kept by a response cache is then sent again without a
/// copy, and takes only its own length in memory (see ``ByteBuffer/exactCopy(of:)``).
public struct DAVResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: ByteBuffer
    /// For a 5xx answer: what failed underneath (a store's error and its cause), for the
    /// binding to log once with the request; never sent.
    public var failure: (any Error)?
    /// Whether the same request from the same principal gets the same answer while the
    /// calendar it names stays as it is (a listing, a query, a multiget), so that it may
    /// be kept; never for answers that depend on the time (free-busy) or on anything else.
    public var isRepeatable = false

    /// The response marked ``isRepeatable`` when it is a 207: for the reports whose answer
    /// depends only on the request, the principal and the collection it names (not those
    /// that follow hrefs to principals).
    public func repeatableIfMultiStatus() -> DAVResponse {
        var response = self
        response.isRepeatable = status == 207
        return response
    }

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.init(status: status, headers: headers, buffer: ByteBuffer.exactCopy(of: body))
    }

    public init(status: Int, headers: [(name: String, value: String)], buffer: ByteBuffer) {
        self.status = status
        self.headers = headers
        self.body = buffer
    }

    /// The body's bytes, copied out.
    public var bodyBytes: [UInt8] { Array(body.readableBytesView) }

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// A 207 Multi-Status response carrying XML.
    package static func multiStatus(_ writer: XMLWriter) -> DAVResponse {
        DAVResponse(status: 207, headers: [("Content-Type", "application/xml; charset=utf-8")], body: writer.bytes)
    }

    /// The 404 for a path that does not exist, or that the principal may not reach.
    public static var notFound: DAVResponse { error(DAVError.notFound()) }

    /// The response for an error: a `DAV:error` body with the condition, or a plain text message.
    package static func error(_ error: DAVError) -> DAVResponse {
        var response = body(of: error)
        if error.status >= 500 { response.failure = error }
        return response
    }

    private static func body(of error: DAVError) -> DAVResponse {
        guard let condition = error.condition else {
            return DAVResponse(status: error.status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((error.message + "\n").utf8))
        }
        var writer = XMLWriter()
        writer.start(DAVXML.Name(DAVXML.Namespace.dav, "error"), declaringNamespaces: true)
        if let href = error.href, let privilege = error.privilege {
            // RFC 3744 §7.1.1: each resource and the privilege missing on it.
            writer.start(condition.name)
            writer.start(DAVXML.Name(DAVXML.Namespace.dav, "resource"))
            writer.element(DAVXML.Name(DAVXML.Namespace.dav, "href"), text: href)
            writer.start(DAVXML.Name(DAVXML.Namespace.dav, "privilege"))
            writer.element(DAVXML.Name(DAVXML.Namespace.dav, privilege))
            writer.end()
            writer.end()
            writer.end()
        } else if let href = error.href {
            writer.start(condition.name)
            writer.element(DAVXML.Name(DAVXML.Namespace.dav, "href"), text: href)
            writer.end()
        } else {
            writer.element(condition.name)
        }
        // RFC 4918 §16 allows more content in DAV:error; the message helps people debugging.
        writer.element(DAVXML.Name(DAVXML.Namespace.calendarServer, "error-description"), text: error.message)
        writer.end()
        return DAVResponse(status: error.status, headers: [("Content-Type", "application/xml; charset=utf-8")], body: writer.bytes)
    }
}

/// Who is asking, and facts about this request the protocol needs.
public struct DAVContext: Sendable {
    /// The authenticated principal's name.
    public var principal: String
    /// Seconds since the epoch, for Last-Modified and creation dates.
    public var now: Int
    /// The principal's email addresses: its calendar user addresses (RFC 4791 §6.2.1) as
    /// `mailto:` URIs, which clients match against ORGANIZER and ATTENDEE to find "me".
    public var emailAddresses: [String]
    /// The request asked for `Prefer: return=minimal` or `Brief: t` (RFC 8144 §3): property
    /// listings leave out what was not found. Set by the handler from the request.
    public var prefersMinimal = false
    /// Where an adapter finds resources outside its own tree (the engine, which sets it).
    public var directory: (any DAVDirectory)?
    /// The accounts that delegated their calendars to the principal, with the access each
    /// gave (set by the engine when it has delegation).
    public var delegators: [Delegator] = []
    /// The principal's own delegates (set by the engine when it has delegation).
    public var delegates: [(user: String, access: ShareAccess)] = []
    /// Set when an adapter answers a delegate's request as the delegator (``principal``
    /// is then the delegator).
    public var onBehalf: OnBehalf?
    /// The principal's name as a person (their principal's DAV:displayname), if they have one.
    public var displayName: String?
    /// Other accounts' principals a principal-property-search named exactly
    /// (``PrincipalLookup``): its answer shows their names and addresses.
    public var found: [FoundPrincipal] = []

    public init(principal: String, now: Int, emailAddresses: [String] = []) {
        self.principal = principal
        self.now = now
        self.emailAddresses = emailAddresses
    }

    /// Whether the principal owns what `user` names. Byte for byte: Swift's `==` treats
    /// canonically equivalent strings as equal, and two such names are two accounts.
    public func owns(_ user: String) -> Bool {
        user.utf8.elementsEqual(principal.utf8)
    }

    /// What the principal may do in `user`'s calendars: everything in its own, what a
    /// delegator allowed in theirs, nothing elsewhere.
    public func access(to user: String) -> ShareAccess? {
        if owns(user) { return onBehalf?.access ?? .readWrite }
        return delegators.first { $0.user.utf8.elementsEqual(user.utf8) }?.access
    }

    /// `user`'s principal as a search found it, if it did.
    public func foundPrincipal(_ user: String) -> FoundPrincipal? {
        found.first { $0.user.utf8.elementsEqual(user.utf8) }
    }

    /// Whether `user`'s principal may be read: the principal's own, a delegator's or a delegate's.
    public func knows(_ user: String) -> Bool {
        access(to: user) != nil || delegates.contains { $0.user.utf8.elementsEqual(user.utf8) }
    }
}

/// Limits and choices of one server.
public struct DAVConfiguration: Sendable {
    /// CALDAV:max-resource-size, in bytes.
    public var maxResourceSize: Int
    /// Parsing limits for request bodies.
    public var xmlLimits: XMLReader.Limits
    /// Where XML bodies of ``offloadedBodySize`` bytes or more are parsed, so that the
    /// parse does not hold up the other connections served on the caller's thread; `nil`
    /// parses them in place.
    public var blockingWork: (any BlockingWork)?
    public var offloadedBodySize = 64 << 10

    public init(maxResourceSize: Int = 10 << 20, xmlLimits: XMLReader.Limits = XMLReader.Limits(), blockingWork: (any BlockingWork)? = nil) {
        self.maxResourceSize = maxResourceSize
        self.xmlLimits = xmlLimits
        self.blockingWork = blockingWork
    }
}

/// Runs work that keeps a thread busy for long (parsing a large body) away from the
/// threads that serve connections.
public protocol BlockingWork: Sendable {
    func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result
}
