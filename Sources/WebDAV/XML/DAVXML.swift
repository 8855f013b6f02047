/// XML vocabulary of WebDAV, CalDAV and CardDAV: qualified names, namespaces, and the value tree
/// requests are read into.
public enum DAVXML {
    /// XML namespaces used by WebDAV (RFC 4918), CalDAV (RFC 4791), CardDAV (RFC 6352) and
    /// Apple's extensions.
    public enum Namespace {
        public static let dav = "DAV:"
        public static let calDAV = "urn:ietf:params:xml:ns:caldav"
        public static let cardDAV = "urn:ietf:params:xml:ns:carddav"
        public static let calendarServer = "http://calendarserver.org/ns/"
        public static let appleICal = "http://apple.com/ns/ical/"
    }

    /// A namespace-qualified element or attribute name.
    public struct Name: Hashable, Sendable, CustomStringConvertible {
        public var namespace: String
        public var local: String

        public init(_ namespace: String, _ local: String) {
            self.namespace = namespace
            self.local = local
        }

        /// Clark notation, `{DAV:}prop`.
        public var description: String { "{\(namespace)}\(local)" }
    }
}

extension DAVXML.Name {
    /// A name in WebDAV's namespace, `DAV:`.
    public static func dav(_ local: String) -> DAVXML.Name { DAVXML.Name(DAVXML.Namespace.dav, local) }
    /// A name in CalDAV's namespace.
    public static func calDAV(_ local: String) -> DAVXML.Name { DAVXML.Name(DAVXML.Namespace.calDAV, local) }
    /// A name in CardDAV's namespace.
    public static func cardDAV(_ local: String) -> DAVXML.Name { DAVXML.Name(DAVXML.Namespace.cardDAV, local) }
    /// A name in the CalendarServer extensions' namespace (getctag, error-description).
    public static func calendarServer(_ local: String) -> DAVXML.Name { DAVXML.Name(DAVXML.Namespace.calendarServer, local) }
    /// A name in Apple iCal's namespace (calendar-color, calendar-order).
    public static func appleICal(_ local: String) -> DAVXML.Name { DAVXML.Name(DAVXML.Namespace.appleICal, local) }
}
