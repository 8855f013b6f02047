/// The check a CardDAV server makes before storing an address object (RFC 6352 §5.1),
/// and the fields it keeps to index and search it.
///
/// ```swift
/// let fields = try VCard.validateForStorage(Array(body))
/// store(uid: fields.uid, name: fields.formattedName, emails: fields.emails, card: fields.card)
/// ```
public struct VCardStorageFields: Sendable, Hashable {
    /// The card, as parsed (not converted).
    public var card: VCard
    /// `VERSION`: 3.0 or 4.0.
    public var version: VCardVersion
    /// `UID`, white space trimmed; never empty.
    public var uid: String
    /// `FN`, escapes resolved (may be empty).
    public var formattedName: String
    /// `N`, if present.
    public var name: VCardName?
    /// Every `NICKNAME` value.
    public var nicknames: [String]
    /// `ORG`: the organization, then its units; empty when absent.
    public var organization: [String]
    /// Every `EMAIL` address, in order.
    public var emails: [String]
    /// Every `TEL` value as written (escapes resolved), in order.
    public var telephones: [String]
    /// `KIND` (or Apple's `X-ADDRESSBOOKSERVER-KIND`); `individual` when absent.
    public var kind: VCardKind
}

extension VCard {
    /// Parses `bytes` as one address object and returns what a server stores about it.
    ///
    /// Throws a ``VCardError`` with the line and column when the text does not parse,
    /// when it holds no card or more than one (`invalidStructure`), when `VERSION` is not
    /// 3.0 or 4.0 (`unsupportedVersion`; convert a 2.1 card with ``converted(to:)``
    /// first), or when `UID` or `FN` is missing (`missingProperty`).
    public static func validateForStorage(_ bytes: [UInt8], limits: VCardParserLimits = .default) throws(VCardError) -> VCardStorageFields {
        try VCardParser(limits: limits).parseCard(bytes).storageFields()
    }

    /// Checks this card as ``validateForStorage(_:limits:)`` does, without parsing.
    public func storageFields() throws(VCardError) -> VCardStorageFields {
        guard let versionProperty = self["VERSION"] else {
            throw VCardError(.missingProperty, "the card has no VERSION", line: line, column: 1)
        }
        guard let version, version != .v2_1 else {
            throw VCardError(.unsupportedVersion, "VERSION \(versionProperty.value) is not supported here; use 3.0 or 4.0",
                             line: versionProperty.line, column: 1)
        }
        guard let uid, !uid.isEmpty else {
            throw VCardError(.missingProperty, "the card has no UID", line: self["UID"]?.line ?? line, column: 1)
        }
        guard let formattedName else {
            throw VCardError(.missingProperty, "the card has no FN", line: line, column: 1)
        }
        return VCardStorageFields(
            card: self, version: version, uid: uid, formattedName: formattedName, name: name,
            nicknames: nicknames, organization: organization ?? [], emails: emails.map(\.address),
            telephones: telephones.map(\.value), kind: kind)
    }
}
