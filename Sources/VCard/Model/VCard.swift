/// One vCard: the ordered properties between `BEGIN:VCARD` and `END:VCARD`.
///
/// The model is lossless: `VERSION` is an ordinary property kept where it was written,
/// and properties, groups, parameters and raw values are kept as read, so parsing and
/// serializing again gives back every property. Typed values are computed on demand
/// (``formattedName``, ``name``, ``emails``, ``telephones``, …).
///
/// ```swift
/// let cards = try VCardParser().parse(Array(text.utf8))
/// for card in cards { print(card.formattedName ?? "", card.emails.map(\.address)) }
/// ```
public struct VCard: Sendable {
    /// The properties in their original order, `VERSION` included.
    public var properties: [VCardProperty]
    /// The 1-based line of `BEGIN:VCARD` in the source, or 0.
    public var line: Int

    /// Creates a card from its properties.
    public init(properties: [VCardProperty] = [], line: Int = 0) {
        self.properties = properties
        self.line = line
    }

    /// The card's `VERSION`, if present and known.
    public var version: VCardVersion? {
        self["VERSION"].flatMap { VCardVersion(text: $0.value) }
    }

    /// Every property named `name` (any case), in order.
    public func properties(named name: String) -> [VCardProperty] {
        properties.filter { $0.hasName(name) }
    }

    /// The first property named `name` (any case).
    public subscript(name: String) -> VCardProperty? {
        properties.first { $0.hasName(name) }
    }

    /// Every property of `group` (any case), in order.
    public func properties(inGroup group: String) -> [VCardProperty] {
        let upper = group.uppercased()
        return properties.filter { $0.group?.uppercased() == upper }
    }

    /// Removes every property named `name` (any case).
    public mutating func removeProperties(named name: String) {
        properties.removeAll { $0.hasName(name) }
    }
}

extension VCard: Equatable, Hashable {
    // The source line is bookkeeping, not content.
    public static func == (lhs: VCard, rhs: VCard) -> Bool {
        lhs.properties == rhs.properties
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(properties)
    }
}
