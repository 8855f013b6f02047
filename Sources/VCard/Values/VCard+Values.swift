/// Typed access to the common properties, computed from the raw values on each call.
extension VCard {
    /// `FN`, the formatted name, escapes resolved.
    public var formattedName: String? { self["FN"]?.textValue }

    /// `N`, the structured name.
    public var name: VCardName? { self["N"].map(VCardName.init) }

    /// Every `NICKNAME` value, in order.
    public var nicknames: [String] {
        properties(named: "NICKNAME").flatMap(\.textListValue).filter { !$0.isEmpty }
    }

    /// `ORG`: the organization name, then its units.
    public var organization: [String]? { self["ORG"]?.semicolonComponentsValue }

    /// Every `EMAIL`, in order.
    public var emails: [VCardEmail] { properties(named: "EMAIL").map(VCardEmail.init) }

    /// Every `TEL`, in order.
    public var telephones: [VCardTelephone] { properties(named: "TEL").map(VCardTelephone.init) }

    /// Every `ADR`, in order.
    public var addresses: [VCardAddress] { properties(named: "ADR").map(VCardAddress.init) }

    /// Every `URL`, escapes resolved.
    public var urls: [String] { properties(named: "URL").map { $0.textValue.trimmingASCIISpaces } }

    /// `UID`, text or a URI such as `urn:uuid:…`, white space trimmed.
    public var uid: String? { self["UID"].map { $0.textValue.trimmingASCIISpaces } }

    /// `REV`, the last revision.
    public var revision: VCardDateOrText? { self["REV"].map(VCardDateOrText.init) }

    /// `BDAY`.
    public var birthday: VCardDateOrText? { self["BDAY"].map(VCardDateOrText.init) }

    /// `ANNIVERSARY` (4.0), or Apple's and Evolution's `X-ANNIVERSARY` (3.0).
    public var anniversary: VCardDateOrText? { (self["ANNIVERSARY"] ?? self["X-ANNIVERSARY"]).map(VCardDateOrText.init) }

    /// `PHOTO`, decoded; `nil` when absent or when its bytes do not decode.
    public var photo: VCardMedia? { self["PHOTO"].flatMap(VCardMedia.init) }

    /// `LOGO`, decoded; `nil` when absent or when its bytes do not decode.
    public var logo: VCardMedia? { self["LOGO"].flatMap(VCardMedia.init) }

    /// `KIND` (4.0) or Apple's `X-ADDRESSBOOKSERVER-KIND` (3.0); `individual` when absent.
    public var kind: VCardKind {
        (self["KIND"] ?? self["X-ADDRESSBOOKSERVER-KIND"]).map { VCardKind(rawValue: $0.textValue) } ?? .individual
    }

    /// The members of a group card: `MEMBER` (4.0) or `X-ADDRESSBOOKSERVER-MEMBER` (3.0).
    public var members: [String] {
        properties.filter { $0.hasName("MEMBER") || $0.hasName("X-ADDRESSBOOKSERVER-MEMBER") }
            .map { $0.textValue.trimmingASCIISpaces }
    }

    /// Every `CATEGORIES` value, in order.
    public var categories: [String] {
        properties(named: "CATEGORIES").flatMap(\.textListValue).filter { !$0.isEmpty }
    }

    /// Every `NOTE`, escapes resolved.
    public var notes: [String] { properties(named: "NOTE").map(\.textValue) }
}
