/// A text-match (RFC 4791 §9.7.5, RFC 6352 §10.5.4): a comparison of a value with a text
/// under a collation (RFC 4790), possibly negated.
public struct TextMatch: Hashable, Sendable {
    /// The collations CalDAV and CardDAV require, plus octets.
    public enum Collation: String, Hashable, Sendable, CaseIterable {
        case asciiCasemap = "i;ascii-casemap"
        case unicodeCasemap = "i;unicode-casemap"
        case octet = "i;octet"
    }

    /// How the text must sit in the value (RFC 6352 §10.5.4; CalDAV knows only `contains`).
    public enum MatchType: String, Hashable, Sendable, CaseIterable {
        case equals, contains
        case startsWith = "starts-with"
        case endsWith = "ends-with"
    }

    public var text: String
    public var collation: Collation
    public var matchType: MatchType = .contains
    public var isNegated = false

    public init(text: String, collation: Collation = .asciiCasemap) {
        self.text = text
        self.collation = collation
    }

    /// Decodes a text-match element.
    /// - Parameters:
    ///   - defaultCollation: the protocol's default (CalDAV's is i;ascii-casemap, CardDAV's
    ///     i;unicode-casemap).
    ///   - unsupported: the protocol's `supported-collation` precondition, for an unknown
    ///     collation; an unknown match type is `unsupported` too.
    public init(element: DAVXML.Element, defaultCollation: Collation, unsupported: DAVCondition) throws(DAVError) {
        self.init(text: element.text, collation: defaultCollation)
        if let collation = element.attributes[DAVXML.Name("", "collation")] {
            guard let known = Collation(rawValue: collation) else { throw DAVError(unsupported, "collation \(collation) is not supported") }
            self.collation = known
        }
        if let type = element.attributes[DAVXML.Name("", "match-type")] {
            guard let known = MatchType(rawValue: type.lowercased()) else { throw DAVError(unsupported, "match-type \(type) is not supported") }
            matchType = known
        }
        isNegated = element.attributes[DAVXML.Name("", "negate-condition")]?.lowercased() == "yes"
    }

    /// Whether `value` matches under the collation and match type, negated if asked.
    public func matches(_ value: String) -> Bool {
        let (folded, wanted): (String, String)
        switch collation {
        case .octet: (folded, wanted) = (value, text)
        case .asciiCasemap: (folded, wanted) = (Self.asciiLower(value), Self.asciiLower(text))
        case .unicodeCasemap: (folded, wanted) = (value.lowercased(), text.lowercased())
        }
        let found: Bool
        switch matchType {
        // Compared as scalars, not grapheme clusters: a collation compares code points.
        case .contains: found = wanted.isEmpty || folded.contains(wanted)
        case .equals: found = folded.unicodeScalars.elementsEqual(wanted.unicodeScalars)
        case .startsWith: found = folded.unicodeScalars.starts(with: wanted.unicodeScalars)
        case .endsWith: found = folded.unicodeScalars.reversed().starts(with: wanted.unicodeScalars.reversed())
        }
        return found != isNegated
    }

    private static func asciiLower(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
