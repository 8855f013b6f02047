/// An `EMAIL` property (RFC 6350 §6.4.2): the address, its types and preference.
public struct VCardEmail: Sendable, Hashable {
    /// The address, escapes resolved and white space trimmed.
    public var address: String
    /// Lower-cased `TYPE` values, 2.1 bare types included (`internet`, `work`).
    public var types: [String]
    /// 1 (most preferred) to 100, from `PREF` or `TYPE=pref`.
    public var preference: Int?

    /// Reads an `EMAIL` property.
    public init(_ property: VCardProperty) {
        address = property.textValue.trimmingASCIISpaces
        types = property.types
        preference = property.preference
    }
}
