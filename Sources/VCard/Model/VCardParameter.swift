/// A property parameter (RFC 6350 §5): a name and its values, as written.
///
/// The name keeps the case it was written in; compare it with ``hasName(_:)``. Values are
/// kept without surrounding quotes and with RFC 6868 caret escapes (`^n`, `^^`, `^'`) as
/// written. The serializer quotes a value when it contains `:`, `;` or `,`, or when it
/// was quoted in the input.
///
/// A vCard 2.1 bare parameter such as `WORK` in `TEL;WORK;VOICE:…` has a name and no
/// values (``isBare``), and is written back without `=`.
public struct VCardParameter: Hashable, Sendable {
    /// The parameter name as written (`TYPE`, `type`, `X-ABLabel`, or a 2.1 bare token).
    public var name: String
    /// The values in order; empty for a 2.1 bare parameter.
    public var values: [String]
    /// Whether each value was written in double quotes, so a round trip keeps quoting
    /// that was not strictly needed.
    public var quoted: [Bool]

    /// Creates a parameter with `name=values` (joined with commas when written).
    public init(name: String, values: [String], quoted: [Bool]? = nil) {
        self.name = name
        self.values = values
        self.quoted = quoted ?? values.map { _ in false }
    }

    /// Creates a parameter with a single value.
    public init(name: String, value: String) {
        self.init(name: name, values: [value])
    }

    /// Creates a vCard 2.1 bare parameter (`WORK`, `QUOTED-PRINTABLE`).
    public init(bare name: String) {
        self.init(name: name, values: [])
    }

    /// Whether this is a 2.1 bare parameter: a name with no `=` and no value.
    public var isBare: Bool { values.isEmpty }

    /// The first value, which is the only one for single-valued parameters.
    public var value: String { values.first ?? "" }

    /// The name upper-cased, for comparisons.
    public var canonicalName: String { name.uppercased() }

    /// Whether the name matches `other`, ignoring ASCII case.
    public func hasName(_ other: String) -> Bool {
        name.count == other.count && name.uppercased() == other.uppercased()
    }
}
