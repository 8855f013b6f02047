/// A delivery address, the `ADR` property (RFC 6350 §6.3.1): seven components, each a
/// list, plus the address types and the `LABEL` parameter of vCard 4.0.
public struct VCardAddress: Sendable, Hashable {
    /// Post office box.
    public var postOfficeBox: [String]
    /// Extended address (apartment or suite).
    public var extendedAddress: [String]
    /// Street address.
    public var street: [String]
    /// Locality (city).
    public var locality: [String]
    /// Region (state or province).
    public var region: [String]
    /// Postal code.
    public var postalCode: [String]
    /// Country name.
    public var country: [String]
    /// Lower-cased `TYPE` values (`home`, `work`).
    public var types: [String]
    /// The formatted label (`LABEL` parameter, RFC 6868 escapes resolved), if any.
    public var label: String?

    /// Reads the value and parameters of an `ADR` property.
    public init(_ property: VCardProperty) {
        let parts = property.componentsValue
        func part(_ index: Int) -> [String] { index < parts.count ? parts[index] : [] }
        postOfficeBox = part(0)
        extendedAddress = part(1)
        street = part(2)
        locality = part(3)
        region = part(4)
        postalCode = part(5)
        country = part(6)
        types = property.types
        label = property[parameter: "LABEL"].map(ParameterEscaping.decode)
    }

    /// The seven components in the order of the `ADR` value.
    public var components: [[String]] {
        [postOfficeBox, extendedAddress, street, locality, region, postalCode, country]
    }
}
