import Foundation
import WebDAV

/// What an address book query requires of a card, for a store to find its candidates by:
/// a value of one indexed property that, folded (``fold(_:)``), equals, starts with, ends
/// with or contains `text` (folded as well). A card that matches the query holds such a
/// value in its ``CardIndex/terms``, whatever the query's collation.
public struct CardSearchTerm: Hashable, Sendable {
    /// The property's name, upper-cased, as in ``CardIndex/Field/property``.
    public var property: String
    /// The text, folded.
    public var text: String
    public var match: TextMatch.MatchType

    public init(property: String, text: String, match: TextMatch.MatchType) {
        self.property = property.uppercased()
        self.text = Self.fold(text)
        self.match = match
    }

    /// Text as terms hold it: lower-cased and in Unicode's composed form, as stores compare
    /// bytes and a client may send `é` decomposed where the card holds it composed.
    public static func fold(_ text: String) -> String {
        let lower = text.lowercased()
        return lower.utf8.allSatisfy { $0 < 0x80 } ? lower : lower.precomposedStringWithCanonicalMapping
    }

    /// Whether a term of ``CardIndex/terms`` satisfies this one.
    public func admits(_ term: CardIndex.Field) -> Bool {
        guard term.property == property else { return false }
        switch match {
        case .equals: return term.text == text
        case .startsWith: return term.text.hasPrefix(text)
        case .endsWith: return term.text.hasSuffix(text)
        case .contains: return term.text.contains(text)
        }
    }
}
