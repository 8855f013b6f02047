/// A property parameter (RFC 5545 §3.2): a name and one or more values.
///
/// Values are kept as written, without surrounding quotes; the serializer quotes a value
/// when it contains `:`, `;` or `,` (RFC 5545 §3.1) or when it was quoted in the input.
/// RFC 6868 caret escapes (`^n`, `^^`, `^'`) are kept as written.
public struct Parameter: Hashable, Sendable {
    /// The parameter name, upper-cased (`TZID`, `CN`, `X-FOO`).
    public var name: String
    /// The values in order; most parameters have exactly one.
    public var values: [String]
    /// Whether each value was written in double quotes. Preserved so that a parse and
    /// serialize round trip keeps quoting that was not strictly needed.
    public var quoted: [Bool]

    /// Creates a parameter.
    public init(name: String, values: [String], quoted: [Bool]? = nil) {
        self.name = name.uppercased()
        self.values = values
        self.quoted = quoted ?? values.map { _ in false }
    }

    /// Creates a parameter with a single value.
    public init(name: String, value: String) {
        self.init(name: name, values: [value])
    }

    /// The first value, which is the only one for single-valued parameters.
    public var value: String { values.first ?? "" }
}
