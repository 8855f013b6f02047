/// One DAV protocol over the engine: CalDAV serves `/dav/calendars/`, CardDAV
/// `/dav/addressbooks/`. The engine (``DAVServer``) answers the root, the principals and
/// OPTIONS, and hands every request under the adapter's tree to it, with
/// ``DAVContext/directory`` set so that the adapter can follow hrefs into other trees.
public protocol DAVAdapter: DAVResponding {
    /// The first segment under `/dav/` of the tree this protocol serves (`calendars`).
    var tree: String { get }
    /// The DAV compliance classes this protocol adds (`calendar-access`, RFC 4791 §5.1).
    var complianceClasses: [String] { get }
    /// The methods this protocol answers in its tree.
    var methods: [String] { get }
    /// The properties this protocol gives a principal (`calendar-home-set`).
    var principalProperties: [PropertyTable<ServerPath>.Definition] { get }
    /// The principal properties this protocol adds that a principal-property-search may
    /// look in (RFC 3744 §9.5).
    var searchableProperties: [SearchableProperty] { get }
    /// The resource an href in this tree names, for reports that follow hrefs.
    func node(at path: String, in context: DAVContext) async -> DAVNode?
}

extension DAVAdapter {
    public var searchableProperties: [SearchableProperty] { [] }
}
