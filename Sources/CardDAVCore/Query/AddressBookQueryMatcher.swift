import VCard
import WebDAV

/// Decides whether a card matches an ``AddressBookQuery`` (RFC 6352 §10.5), from the parsed
/// card or from its index alone.
///
/// A test over several instances of a property (two EMAILs) holds when one instance
/// passes it; a prop-filter without tests holds when the property exists.
struct AddressBookQueryMatcher: Sendable {
    /// One instance of a property: its text (``CardIndex/text(of:)``) and its parameters.
    struct Instance {
        var text: String
        var parameters: [VCardParameter]
    }

    let query: AddressBookQuery

    /// Whether the parsed `card` matches.
    func matches(_ card: VCard) -> Bool {
        matches { name in
            card.properties.filter { $0.canonicalName == name }.map { Instance(text: CardIndex.text(of: $0), parameters: $0.parameters) }
        }
    }

    /// Whether the card with this index matches; only for queries ``AddressBookQuery/isAnsweredByIndex``.
    func matches(_ index: CardIndex) -> Bool {
        matches { name in index.fields.filter { $0.property == name }.map { Instance(text: $0.text, parameters: []) } }
    }

    private func matches(instances: (String) -> [Instance]) -> Bool {
        let filters = query.propertyFilters
        guard !filters.isEmpty else { return true }
        let passes = { (filter: AddressBookQuery.PropertyFilter) in Self.passes(filter, instances(filter.name)) }
        return query.test == .allOf ? filters.allSatisfy(passes) : filters.contains(where: passes)
    }

    private static func passes(_ filter: AddressBookQuery.PropertyFilter, _ found: [Instance]) -> Bool {
        if filter.isNotDefined { return found.isEmpty }
        guard !found.isEmpty else { return false }
        var tests: [(Instance) -> Bool] = filter.textMatches.map { match in { match.matches($0.text) } }
        tests += filter.parameterFilters.map { parameter in { passes(parameter, $0) } }
        guard !tests.isEmpty else { return true }
        let holds = { (test: (Instance) -> Bool) in found.contains(where: test) }
        return filter.test == .allOf ? tests.allSatisfy(holds) : tests.contains(where: holds)
    }

    private static func passes(_ filter: AddressBookQuery.ParameterFilter, _ instance: Instance) -> Bool {
        var values: [String] = []
        var present = false
        for parameter in instance.parameters {
            if parameter.hasName(filter.name) {
                present = true
                values += parameter.values
            } else if parameter.isBare && filter.name == "TYPE" {
                // vCard 2.1's bare parameters (TEL;WORK) are types.
                present = true
                values.append(parameter.name)
            }
        }
        if filter.isNotDefined { return !present }
        guard present else { return false }
        guard let match = filter.textMatch else { return true }
        return values.contains(where: match.matches)
    }
}
