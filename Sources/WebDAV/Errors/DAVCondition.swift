/// A precondition or postcondition element reported in a `DAV:error` body, with the
/// status the RFCs give it: 403 when retrying cannot help, 409 when the client can fix
/// the conflict (RFC 4791 §1.3, RFC 4918 §16).
public struct DAVCondition: Hashable, Sendable {
    /// The element written inside `DAV:error`.
    public let name: DAVXML.Name
    /// The HTTP status that goes with it.
    public let status: Int

    public init(_ name: DAVXML.Name, status: Int) {
        self.name = name
        self.status = status
    }

    private static func dav(_ local: String, _ status: Int) -> DAVCondition {
        DAVCondition(DAVXML.Name(DAVXML.Namespace.dav, local), status: status)
    }

    /// RFC 6578 §3.2: the sync token is unknown, stale or from another collection.
    public static let validSyncToken = dav("valid-sync-token", 403)
    /// RFC 3744 §7.1.1: the principal lacks a privilege (Jadwal's read-only calendars).
    public static let needPrivileges = dav("need-privileges", 403)
    /// RFC 4918 §16: MKCOL or MKCALENDAR on a resource that exists.
    public static let resourceMustBeNull = dav("resource-must-be-null", 405)
    /// RFC 4918 §16: PROPPATCH of a live property the server computes.
    public static let cannotModifyProtectedProperty = dav("cannot-modify-protected-property", 403)
    /// RFC 4918 §9.1: PROPFIND with Depth: infinity, which we refuse.
    public static let propfindFiniteDepth = dav("propfind-finite-depth", 403)
    /// RFC 3253 §3.6: a REPORT the resource does not support.
    public static let supportedReport = dav("supported-report", 403)
}
