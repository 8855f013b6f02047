import Foundation

/// A principal property a DAV:principal-property-search may look in (RFC 3744 §9.5):
/// its name, a description for people, and its value as searchable text.
public struct SearchableProperty: Sendable {
    public let name: DAVXML.Name
    public let description: String
    /// The text a search matches for the principal of `context`.
    public let text: @Sendable (DAVContext) -> String?

    public init(name: DAVXML.Name, description: String, text: @escaping @Sendable (DAVContext) -> String?) {
        self.name = name
        self.description = description
        self.text = text
    }
}

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
    /// DAV:apply-to-principal-collection-set: search the principal collections the
    /// resource the report was sent to names.
    let appliesToPrincipalCollections: Bool

    init(_ root: DAVXML.Element) throws(DAVError) {
        var conditions: [Condition] = []
        for search in root.elements where search.name == .dav("property-search") {
            guard let match = search.element(named: .dav("match")), let prop = search.element(named: .dav("prop")) else {
                throw DAVError.badRequest("DAV:property-search needs DAV:prop and DAV:match")
            }
            conditions.append(Condition(properties: prop.elements.map(\.name), match: match.text))
        }
        self.conditions = conditions
        anyOf = root.attributes[DAVXML.Name("", "test")] == "anyof"
        appliesToPrincipalCollections = root.element(named: .dav("apply-to-principal-collection-set")) != nil
        // python caldav 3.x writes the wanted properties beside an empty DAV:prop rather
        // than inside it; read them from either place.
        let structural: Set = [DAVXML.Name.dav("property-search"), .dav("prop"), .dav("apply-to-principal-collection-set")]
        let stray = root.elements.filter { !structural.contains($0.name) }.map(\.name)
        if let prop = root.element(named: .dav("prop")) {
            query = .properties(prop.elements.map(\.name) + stray)
        } else {
            query = stray.isEmpty ? .allProp(include: []) : .properties(stray)
        }
    }

    /// Whether the principal of `context` matches: with no DAV:property-search (as some
    /// clients send to list principals) every visible principal does.
    func matches(_ searchable: [SearchableProperty], in context: DAVContext) -> Bool {
        guard !conditions.isEmpty else { return true }
        let results = conditions.map { condition in
            condition.properties.contains { name in
                guard let property = searchable.first(where: { $0.name == name }), let text = property.text(context) else { return false }
                return text.range(of: condition.match, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
        return anyOf ? results.contains(true) : !results.contains(false)
    }
}
