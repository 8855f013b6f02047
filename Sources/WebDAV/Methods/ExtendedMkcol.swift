/// The body of an extended MKCOL (RFC 5689 §5.1), or of a protocol's own variant of it
/// (CalDAV's MKCALENDAR): the resource type asked for, and the other properties to set.
public struct ExtendedMkcol: Sendable {
    /// The children of DAV:resourcetype, when the body names one.
    public let resourceTypes: Set<DAVXML.Name>?
    /// Every other property of the body's DAV:set elements, in order.
    public let properties: [DAVXML.Element]

    /// Decodes `root`, which must be `expected` (DAV:mkcol unless a protocol says otherwise).
    public init(_ root: DAVXML.Element, expected: DAVXML.Name = .dav("mkcol")) throws(DAVError) {
        guard root.name == expected else { throw DAVError.badRequest("expected \(expected), got \(root.name)") }
        let all = root.elements.filter { $0.name == .dav("set") }.compactMap { $0.element(named: .dav("prop")) }.flatMap(\.elements)
        resourceTypes = all.first { $0.name == .dav("resourcetype") }.map { Set($0.elements.map(\.name)) }
        properties = all.filter { $0.name != .dav("resourcetype") }
    }

    /// The precondition RFC 5689 §3 gives a resource type the server cannot make here.
    public static let validResourceType = DAVCondition(.dav("valid-resourcetype"), status: 403)
}
