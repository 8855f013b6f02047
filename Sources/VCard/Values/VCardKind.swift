/// What a card describes (`KIND`, RFC 6350 §6.1.4): an individual, a group, an
/// organization, a location, or another (lower-cased) token.
public struct VCardKind: RawRepresentable, Sendable, Hashable {
    /// The kind, lower-cased.
    public let rawValue: String

    /// Creates a kind from a token, lower-casing it.
    public init(rawValue: String) { self.rawValue = rawValue.trimmingASCIISpaces.lowercased() }

    /// A person (the default when `KIND` is absent).
    public static let individual = VCardKind(rawValue: "individual")
    /// A group of cards, listed by `MEMBER` (Apple: `X-ADDRESSBOOKSERVER-MEMBER`).
    public static let group = VCardKind(rawValue: "group")
    /// An organization.
    public static let org = VCardKind(rawValue: "org")
    /// A place.
    public static let location = VCardKind(rawValue: "location")
}
