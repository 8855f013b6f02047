import Foundation
import WebDAV

/// A DAV:principal-property-search request (RFC 3744 §9.4).
struct PrincipalSearch: Sendable {
    /// One DAV:property-search: the properties to look in and the text to find.
    struct Condition: Sendable {
        let properties: [DAVXML.Name]
        let match: String
    }

    let conditions: [Condition]
    /// `test="anyof"`: one condition suffices; otherwise all must hold.
    let anyOf: Bool
    let query: PropFindRequest

    /// Properties a search may look in, reported by DAV:principal-search-property-set.
    static let searchable: [(name: DAVXML.Name, description: String)] = [
        (DAVXML.Name.dav("displayname"), "Display name"),
        (DAVXML.Name.calDAV("calendar-user-address-set"), "Calendar user address"),
    ]

    init(_ root: DAVXML.Element) throws(DAVError) {
        var conditions: [Condition] = []
        for search in root.elements where search.name == DAVXML.Name.dav("property-search") {
            guard let match = search.element(named: DAVXML.Name.dav("match")),
                  let prop = search.element(named: DAVXML.Name.dav("prop")) else {
                throw DAVError.badRequest("DAV:property-search needs DAV:prop and DAV:match")
            }
            conditions.append(Condition(properties: prop.elements.map(\.name), match: match.text))
        }
        self.conditions = conditions
        anyOf = root.attributes[DAVXML.Name("", "test")] == "anyof"
        // python caldav 3.x writes the wanted properties beside an empty DAV:prop rather
        // than inside it; read them from either place.
        let structural: Set = [DAVXML.Name.dav("property-search"), DAVXML.Name.dav("prop"), DAVXML.Name.dav("apply-to-principal-collection-set")]
        let stray = root.elements.filter { !structural.contains($0.name) }.map(\.name)
        if let prop = root.element(named: DAVXML.Name.dav("prop")) {
            query = .properties(prop.elements.map(\.name) + stray)
        } else {
            query = stray.isEmpty ? .allProp(include: []) : .properties(stray)
        }
    }

    /// Whether a condition holds: one of its properties contains the text, ignoring case.
    func holds(_ condition: Condition, value: (DAVXML.Name) -> String?) -> Bool {
        condition.properties.contains { name in
            guard PrincipalSearch.searchable.contains(where: { $0.name == name }), let text = value(name) else { return false }
            return text.range(of: condition.match, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
    }
}

extension DAVHandler {
    /// DAV:principal-property-search (RFC 3744 §9.4). The directory a user can search
    /// holds only their own principal: other users' names and addresses stay private.
    /// With no DAV:property-search (as some clients send to list principals), every
    /// visible principal matches. The report is defined for Depth 0 only (400 otherwise);
    /// with DAV:apply-to-principal-collection-set it may be sent to any resource, as it then
    /// searches the principal collections that resource names.
    func principalPropertySearch(_ root: DAVXML.Element, target: DAVTarget, depth: String?, context: DAVContext) async throws(DAVError) -> DAVResponse {
        if let depth, depth.trimmingSpaces != "0" {
            throw DAVError.badRequest("principal-property-search is defined for Depth 0 only (RFC 3744 §9.4)")
        }
        if root.element(named: DAVXML.Name.dav("apply-to-principal-collection-set")) != nil {
            _ = try await resource(of: target)  // 404 for a path that names nothing
        } else {
            try requirePrincipalCollection(target.path)
        }
        let search = try PrincipalSearch(root)
        let candidate = Resource.principal(user: context.principal)
        let value = { (name: DAVXML.Name) -> String? in
            if name == DAVXML.Name.calDAV("calendar-user-address-set") {
                return (context.emailAddresses.map { "mailto:" + $0 } + [DAVPath.principal(user: context.principal).href]).joined(separator: " ")
            }
            switch self.properties.definition(name)?.provider(candidate, context, self.configuration) {
            case .text(let text): return text
            case .href(let href): return href
            default: return nil
            }
        }
        let results = search.conditions.map { search.holds($0, value: value) }
        let matches = search.conditions.isEmpty || (search.anyOf ? results.contains(true) : !results.contains(false))
        var writer = XMLWriter()
        writer.start(DAVXML.Name.dav("multistatus"), declaringNamespaces: true)
        if matches { writeResponse(for: candidate, query: search.query, context: context, into: &writer) }
        writer.end()
        return .multiStatus(writer)
    }

    /// DAV:principal-search-property-set (RFC 3744 §9.5): what principal-property-search
    /// can look in.
    func principalSearchPropertySet(path: DAVPath) throws(DAVError) -> DAVResponse {
        try requirePrincipalCollection(path)
        var writer = XMLWriter()
        writer.start(DAVXML.Name.dav("principal-search-property-set"), declaringNamespaces: true)
        for (name, description) in PrincipalSearch.searchable {
            writer.start(DAVXML.Name.dav("principal-search-property"))
            writer.start(DAVXML.Name.dav("prop"))
            writer.element(name)
            writer.end()
            writer.element(DAVXML.Name.dav("description"), text: description)
            writer.end()
        }
        writer.end()
        return DAVResponse(status: 200, headers: [("Content-Type", "application/xml; charset=utf-8")], body: writer.bytes)
    }

    private func requirePrincipalCollection(_ path: DAVPath) throws(DAVError) {
        switch path {
        case .serverRoot, .root, .principals, .homes, .principal: return
        default: throw DAVError(.supportedReport, "principal searches run on the principal collection")
        }
    }
}
