import VCard

/// What a store keeps beside a card's bytes: its UID (unique per book, RFC 6352 §5.1) and
/// the text of the properties address book queries usually look at, so that such a query
/// reads these instead of parsing every card.
public struct CardIndex: Hashable, Sendable {
    /// One indexed property value: the property's name, upper-cased, and its text as
    /// text-match compares it (``CardIndex/text(of:)``).
    public struct Field: Hashable, Sendable {
        public var property: String
        public var text: String

        public init(property: String, text: String) {
            self.property = property
            self.text = text
        }
    }

    public var uid: String
    public var fields: [Field]

    public init(uid: String, fields: [Field]) {
        self.uid = uid
        self.fields = fields
    }

    /// The index of a parsed card.
    public init(uid: String, card: VCard) {
        self.uid = uid
        fields = card.properties.compactMap { property in
            let name = property.canonicalName
            return Self.indexedProperties.contains(name) ? Field(property: name, text: Self.text(of: property)) : nil
        }
    }

    /// The properties whose values are indexed; a query that names only these (and no
    /// parameters) is answered from the index.
    public static let indexedProperties: Set<String> = [
        "FN", "N", "NICKNAME", "EMAIL", "TEL", "ORG", "UID", "CATEGORIES", "TITLE", "KIND", "X-ADDRESSBOOKSERVER-KIND",
    ]

    /// A property's value as CARDDAV:text-match compares it (RFC 6352 §10.5.4): the value
    /// with its transfer encoding and escapes resolved.
    public static func text(of property: VCardProperty) -> String { property.textValue }

    /// The fields of ``termProperties`` with their text folded (``CardSearchTerm/fold(_:)``),
    /// each once: what a store finds a query's candidates by
    /// (``AddressBookStore/searchIndex(of:matching:)``). A card whose field matches a
    /// text-match under any collation has a term that the match's ``CardSearchTerm`` admits.
    public var terms: [Field] {
        var seen = Set<Field>()
        return fields.filter { Self.termProperties.contains($0.property) }
            .map { Field(property: $0.property, text: CardSearchTerm.fold(Self.clean($0.text))) }.filter { seen.insert($0).inserted }
    }

    /// The properties people search by (names, addresses, numbers), which get terms: each
    /// term is an entry in a store's index, written with the card, so the others (a UID,
    /// a kind, categories), rarely searched, are matched from ``fields`` alone.
    public static let termProperties: Set<String> = ["FN", "N", "NICKNAME", "EMAIL", "TEL", "ORG"]

    // MARK: Storage form

    /// The fields as one string, for a store's text column: `NAME US text RS` for each
    /// field (unit and record separators, which decoded vCard text never holds).
    public var encodedFields: String {
        var out = ""
        for field in fields {
            out += field.property
            out.unicodeScalars.append(Self.unitSeparator)
            out += Self.clean(field.text)
            out.unicodeScalars.append(Self.recordSeparator)
        }
        return out
    }

    /// Reads ``encodedFields`` back.
    public init(uid: String, encodedFields: String) {
        self.uid = uid
        fields = encodedFields.unicodeScalars.split(separator: Self.recordSeparator).compactMap { record in
            guard let split = record.firstIndex(of: Self.unitSeparator) else { return nil }
            var property = String.UnicodeScalarView(), text = String.UnicodeScalarView()
            property.append(contentsOf: record[..<split])
            text.append(contentsOf: record[record.index(after: split)...])
            return Field(property: String(property), text: String(text))
        }
    }

    private static let unitSeparator: Unicode.Scalar = "\u{1F}"
    private static let recordSeparator: Unicode.Scalar = "\u{1E}"

    /// The text without the two separators (a QUOTED-PRINTABLE value could decode to them).
    private static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == unitSeparator || $0 == recordSeparator }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != unitSeparator && $0 != recordSeparator }))
    }
}
