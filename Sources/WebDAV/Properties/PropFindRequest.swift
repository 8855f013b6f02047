/// What a PROPFIND, or a REPORT's DAV:prop, asks for (RFC 4918 §9.1).
public enum PropFindRequest: Equatable, Sendable {
    case allProp(include: [DAVXML.Name])
    case propName
    case properties([DAVXML.Name])

    /// Decodes a DAV:propfind body; an empty body means allprop.
    public init(_ root: DAVXML.Element?) throws(DAVError) {
        guard let root else { self = .allProp(include: []); return }
        guard root.name == .dav("propfind") else { throw DAVError.badRequest("expected DAV:propfind, got \(root.name)") }
        // RFC 4918 §14.20: exactly one of prop, allprop and propname.
        let kinds = ["prop", "allprop", "propname"].filter { root.element(named: .dav($0)) != nil }
        guard kinds.count <= 1 else { throw DAVError.badRequest("DAV:propfind takes one of prop, allprop and propname, not \(kinds.joined(separator: " and "))") }
        if root.element(named: .dav("propname")) != nil {
            self = .propName
        } else if root.element(named: .dav("allprop")) != nil {
            self = .allProp(include: root.element(named: .dav("include"))?.elements.map(\.name) ?? [])
        } else if let prop = root.element(named: .dav("prop")) {
            self = .properties(prop.elements.map(\.name))
        } else {
            throw DAVError.badRequest("DAV:propfind needs prop, allprop or propname")
        }
    }
}

extension PropFindRequest {
    /// The properties a REPORT's DAV:prop asks for (allprop when absent).
    public init(reportRoot root: DAVXML.Element) {
        if let prop = root.element(named: .dav("prop")) {
            self = .properties(prop.elements.map(\.name))
        } else {
            self = .allProp(include: [])
        }
    }
}
