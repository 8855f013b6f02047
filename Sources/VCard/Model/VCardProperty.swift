/// A content line of a vCard (RFC 6350 §3.3): `[group.]name *(;param) : value`.
///
/// The value is stored exactly as it appears after unfolding, escapes and transfer
/// encodings intact (for a vCard 2.1 quoted-printable value, with its soft line breaks
/// removed), so unknown and X- properties survive a round trip. Typed access decodes on
/// demand: ``decodedText``, ``textValue``, ``textListValue``, ``componentsValue``, and the
/// value types in the `Values` folder.
public struct VCardProperty: Sendable {
    /// The group, as in `item1` for `item1.EMAIL`, or `nil`.
    public var group: String?
    /// The property name as written (`EMAIL`, `email`, `X-ABLabel`).
    public var name: String
    /// Parameters in their original order.
    public var parameters: [VCardParameter]
    /// The raw value text, escapes and transfer encoding included.
    public var value: String
    /// The 1-based physical line where the property started in its source, or 0.
    public var line: Int

    /// Creates a property from a raw (already escaped and encoded) value.
    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], value: String, line: Int = 0) {
        self.group = group
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
    }

    /// Creates a text property, escaping `text` as RFC 6350 §3.4 requires.
    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], text: String) {
        self.init(group: group, name: name, parameters: parameters, value: TextEscaping.escape(text))
    }

    /// Creates a structured property (`N`, `ADR`, `ORG`): components separated by `;`,
    /// the values of each component by `,`, every value escaped.
    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], components: [[String]]) {
        self.init(group: group, name: name, parameters: parameters,
                  value: TextEscaping.joinComponents(components))
    }

    /// The name upper-cased, for comparisons.
    public var canonicalName: String { name.uppercased() }

    /// Whether the name matches `other`, ignoring ASCII case.
    public func hasName(_ other: String) -> Bool {
        name.utf8.count == other.utf8.count && name.uppercased() == other.uppercased()
    }

    /// The first value of the first parameter named `name` (any case), if present.
    public subscript(parameter name: String) -> String? {
        parameters.first { $0.hasName(name) && !$0.isBare }?.value
    }

    /// Every value of every parameter named `name` (any case), in order.
    public func parameterValues(_ name: String) -> [String] {
        parameters.filter { $0.hasName(name) }.flatMap(\.values)
    }

    /// Whether a parameter named `name` (any case) is present.
    public func hasParameter(_ name: String) -> Bool {
        parameters.contains { $0.hasName(name) }
    }
}

extension VCardProperty: Equatable, Hashable {
    // The source line is bookkeeping, not content.
    public static func == (lhs: VCardProperty, rhs: VCardProperty) -> Bool {
        lhs.group == rhs.group && lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(group)
        hasher.combine(name)
        hasher.combine(parameters)
        hasher.combine(value)
    }
}
