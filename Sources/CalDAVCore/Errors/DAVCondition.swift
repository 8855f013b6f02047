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

    private static func calDAV(_ local: String, _ status: Int) -> DAVCondition {
        DAVCondition(DAVXML.Name(DAVXML.Namespace.calDAV, local), status: status)
    }

    private static func dav(_ local: String, _ status: Int) -> DAVCondition {
        DAVCondition(DAVXML.Name(DAVXML.Namespace.dav, local), status: status)
    }

    /// RFC 4791 §5.3.2.1: the body is not valid iCalendar.
    public static let validCalendarData = calDAV("valid-calendar-data", 403)
    /// RFC 4791 §5.3.2.1: the iCalendar is not a valid calendar object resource (§4.1).
    public static let validCalendarObjectResource = calDAV("valid-calendar-object-resource", 403)
    /// RFC 4791 §5.3.2.1: the component type is not supported by the collection.
    public static let supportedCalendarComponent = calDAV("supported-calendar-component", 403)
    /// RFC 4791 §5.3.2.1: only text/calendar is accepted.
    public static let supportedCalendarData = calDAV("supported-calendar-data", 403)
    /// RFC 4791 §5.3.2.1: another resource in the collection holds the UID. Carries its href.
    public static let noUIDConflict = calDAV("no-uid-conflict", 409)
    /// RFC 4791 §5.3.2.1: the resource is larger than max-resource-size.
    public static let maxResourceSize = calDAV("max-resource-size", 403)
    /// RFC 4791 §5.3.1.1: calendars may be created only in the calendar home.
    public static let calendarCollectionLocationOK = calDAV("calendar-collection-location-ok", 403)
    /// RFC 4791 §9.9: a time range whose end is not after its start.
    public static let validFilter = calDAV("valid-filter", 403)
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
