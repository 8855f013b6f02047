/// A content line (RFC 5545 §3.1): name, parameters and the value as raw text.
///
/// The value is stored exactly as it appears after unfolding, with escapes intact, so
/// unknown and X- properties survive a round trip. Typed access parses on demand
/// (see ``dateTimeValue()``, ``durationValue()``, ``recurrenceRule()``, ``textValue``).
public struct Property: Sendable {
    /// The property name, upper-cased (`DTSTART`, `X-APPLE-TRAVEL-ADVISORY`).
    public var name: String
    /// Parameters in their original order.
    public var parameters: [Parameter]
    /// The raw value text, escapes included.
    public var value: String
    /// The 1-based physical line where the property started in its source, or 0.
    public var line: Int
    /// The 1-based column (in characters) where the value starts in its source, or 0.
    public var valueColumn: Int = 0

    /// Creates a property from a raw (already escaped) value.
    public init(name: String, parameters: [Parameter] = [], value: String, line: Int = 0) {
        self.name = name.uppercased()
        self.parameters = parameters
        self.value = value
        self.line = line
    }

    /// Creates a TEXT property, escaping `text` as RFC 5545 §3.3.11 requires.
    public init(name: String, parameters: [Parameter] = [], text: String) {
        self.init(name: name, parameters: parameters, value: TextEscaping.escape(text))
    }

    /// The first value of the named parameter, if present.
    public subscript(parameter name: String) -> String? {
        let upper = name.uppercased()
        return parameters.first { $0.name == upper }?.value
    }

    /// The value with TEXT escapes resolved (RFC 5545 §3.3.11).
    public var textValue: String { TextEscaping.unescape(value) }

    /// The value split at unescaped commas, each part unescaped (CATEGORIES, RESOURCES).
    public var textListValue: [String] { TextEscaping.splitList(value).map(TextEscaping.unescape) }
}

extension Property: Equatable, Hashable {
    // The source line is bookkeeping, not content.
    public static func == (lhs: Property, rhs: Property) -> Bool {
        lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters)
        hasher.combine(value)
    }
}
