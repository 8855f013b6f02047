import WebDAV

/// CARDDAV:addressbook-query's filter and limit (RFC 6352 §8.6, §10.5).
public struct AddressBookQuery: Hashable, Sendable {
    /// How the tests of a filter or prop-filter combine.
    public enum Test: String, Hashable, Sendable {
        case anyOf = "anyof"
        case allOf = "allof"
    }

    /// CARDDAV:prop-filter: a test on the properties named `name`.
    public struct PropertyFilter: Hashable, Sendable {
        /// The property name, upper-cased, without a group.
        public var name: String
        public var test: Test = .anyOf
        /// Matches cards without the property.
        public var isNotDefined = false
        public var textMatches: [TextMatch] = []
        public var parameterFilters: [ParameterFilter] = []

        public init(name: String) { self.name = name.uppercased() }
    }

    /// CARDDAV:param-filter: a test on a parameter of a property.
    public struct ParameterFilter: Hashable, Sendable {
        public var name: String
        public var isNotDefined = false
        public var textMatch: TextMatch?

        public init(name: String) { self.name = name.uppercased() }
    }

    public var test: Test = .anyOf
    public var propertyFilters: [PropertyFilter] = []
    /// CARDDAV:limit's nresults, when given.
    public var limit: Int?

    public init(test: Test = .anyOf, propertyFilters: [PropertyFilter] = [], limit: Int? = nil) {
        self.test = test
        self.propertyFilters = propertyFilters
        self.limit = limit
    }

    /// A term every matching card holds in its ``CardIndex/terms``: that of a text-match
    /// that must hold (not negated, in a prop-filter that must hold and whose tests must
    /// all hold); `nil` when no one term must. Stores find the candidates by it.
    public var requiredTerm: CardSearchTerm? {
        guard propertyFilters.count == 1 || test == .allOf else { return nil }
        for filter in propertyFilters where !filter.isNotDefined && CardIndex.termProperties.contains(filter.name) {
            guard filter.test == .allOf || filter.textMatches.count + filter.parameterFilters.count == 1 else { continue }
            if let match = filter.textMatches.first(where: { !$0.isNegated && !$0.text.isEmpty }) {
                return CardSearchTerm(property: filter.name, text: match.text, match: match.matchType)
            }
        }
        return nil
    }

    /// Whether the index (``CardIndex``) can answer the filter: every filter names an
    /// indexed property and tests no parameter.
    public var isAnsweredByIndex: Bool {
        propertyFilters.allSatisfy { CardIndex.indexedProperties.contains($0.name) && $0.parameterFilters.isEmpty }
    }
}

extension AddressBookQuery {
    /// Decodes a CARDDAV:addressbook-query element's filter and limit.
    init(report root: DAVXML.Element) throws(DAVError) {
        guard let filter = root.element(named: .cardDAV("filter")) else {
            throw DAVError(.supportedFilter, "addressbook-query needs a CARDDAV:filter (RFC 6352 §8.6)")
        }
        test = try Self.test(filter)
        propertyFilters = try filter.elements.filter { $0.name == .cardDAV("prop-filter") }.map { element throws(DAVError) in
            try PropertyFilter(element: element)
        }
        if let nresults = root.element(named: .cardDAV("limit"))?.element(named: .cardDAV("nresults")) {
            guard let value = Int(nresults.text.trimmingSpaces), value > 0 else {
                throw DAVError.badRequest("CARDDAV:nresults must be a positive integer")
            }
            limit = value
        }
    }

    static func test(_ element: DAVXML.Element) throws(DAVError) -> Test {
        guard let value = element.attributes[DAVXML.Name("", "test")] else { return .anyOf }
        guard let test = Test(rawValue: value.lowercased()) else { throw DAVError.badRequest("test is anyof or allof, not '\(value)'") }
        return test
    }

    static func name(_ element: DAVXML.Element) throws(DAVError) -> String {
        guard let name = element.attributes[DAVXML.Name("", "name")], !name.isEmpty else {
            throw DAVError(.supportedFilter, "\(element.name.local) needs a name")
        }
        // A group prefix (item1.EMAIL) names the property all the same.
        return String(name.split(separator: ".").last ?? Substring(name))
    }
}

extension AddressBookQuery.PropertyFilter {
    init(element: DAVXML.Element) throws(DAVError) {
        self.init(name: try AddressBookQuery.name(element))
        test = try AddressBookQuery.test(element)
        for child in element.elements {
            switch child.name {
            case .cardDAV("is-not-defined"): isNotDefined = true
            case .cardDAV("text-match"): textMatches.append(try TextMatch(cardDAV: child))
            case .cardDAV("param-filter"): parameterFilters.append(try AddressBookQuery.ParameterFilter(element: child))
            default: throw DAVError(.supportedFilter, "\(child.name) is not a filter element of prop-filter")
            }
        }
        if isNotDefined && (!textMatches.isEmpty || !parameterFilters.isEmpty) {
            throw DAVError(.supportedFilter, "is-not-defined stands alone in a prop-filter")
        }
    }
}

extension AddressBookQuery.ParameterFilter {
    init(element: DAVXML.Element) throws(DAVError) {
        self.init(name: try AddressBookQuery.name(element))
        for child in element.elements {
            switch child.name {
            case .cardDAV("is-not-defined"): isNotDefined = true
            case .cardDAV("text-match"): textMatch = try TextMatch(cardDAV: child)
            default: throw DAVError(.supportedFilter, "\(child.name) is not a filter element of param-filter")
            }
        }
    }
}

extension TextMatch {
    /// Decodes a CARDDAV:text-match, whose default collation is i;unicode-casemap.
    init(cardDAV element: DAVXML.Element) throws(DAVError) {
        try self.init(element: element, defaultCollation: .unicodeCasemap, unsupported: .supportedCollation)
    }
}
