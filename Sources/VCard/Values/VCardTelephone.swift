/// A `TEL` property (RFC 6350 §6.4.1): a number as text (3.0) or a `tel:` URI (4.0),
/// with its types and preference.
public struct VCardTelephone: Sendable, Hashable {
    /// The value as written, escapes resolved (`+1 555 0100`, `tel:+1-555-0100;ext=2`).
    public var value: String
    /// The number: the value without a `tel:` scheme and without URI parameters.
    public var number: String
    /// The extension, from a `tel:` URI's `ext=` parameter.
    public var phoneExtension: String?
    /// Whether the value is a `tel:` URI.
    public var isURI: Bool
    /// Lower-cased `TYPE` values, 2.1 bare types included (`work`, `voice`, `cell`).
    public var types: [String]
    /// 1 (most preferred) to 100, from `PREF` or `TYPE=pref`.
    public var preference: Int?

    /// Reads a `TEL` property.
    public init(_ property: VCardProperty) {
        value = property.textValue.trimmingASCIISpaces
        types = property.types
        preference = property.preference
        let lower = value.lowercased()
        if lower.hasPrefix("tel:") {
            isURI = true
            let rest = value.dropFirst(4).split(separator: ";", omittingEmptySubsequences: false)
            number = rest.first.map(String.init) ?? ""
            phoneExtension = rest.dropFirst().first { $0.lowercased().hasPrefix("ext=") }.map { String($0.dropFirst(4)) }
        } else {
            isURI = false
            number = value
            phoneExtension = nil
        }
    }
}
