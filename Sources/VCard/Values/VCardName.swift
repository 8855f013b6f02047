/// The structured name of the `N` property (RFC 6350 §6.2.2): five components, each a
/// list because a component may hold several values (`Doe;John;Philip,Paul;;`).
public struct VCardName: Sendable, Hashable {
    /// Family names (surnames).
    public var familyNames: [String]
    /// Given names.
    public var givenNames: [String]
    /// Additional (middle) names.
    public var additionalNames: [String]
    /// Honorific prefixes (`Dr.`).
    public var honorificPrefixes: [String]
    /// Honorific suffixes (`Jr.`).
    public var honorificSuffixes: [String]

    /// Creates a name.
    public init(familyNames: [String] = [], givenNames: [String] = [], additionalNames: [String] = [],
                honorificPrefixes: [String] = [], honorificSuffixes: [String] = []) {
        self.familyNames = familyNames
        self.givenNames = givenNames
        self.additionalNames = additionalNames
        self.honorificPrefixes = honorificPrefixes
        self.honorificSuffixes = honorificSuffixes
    }

    /// Reads the value of an `N` property; missing components are empty.
    public init(_ property: VCardProperty) {
        let parts = property.componentsValue
        func part(_ index: Int) -> [String] { index < parts.count ? parts[index] : [] }
        self.init(familyNames: part(0), givenNames: part(1), additionalNames: part(2),
                  honorificPrefixes: part(3), honorificSuffixes: part(4))
    }

    /// The five components in the order of the `N` value.
    public var components: [[String]] {
        [familyNames, givenNames, additionalNames, honorificPrefixes, honorificSuffixes]
    }

    /// A display form: prefixes, given, additional, family names and suffixes joined by
    /// spaces.
    public var displayName: String {
        (honorificPrefixes + givenNames + additionalNames + familyNames + honorificSuffixes)
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}
