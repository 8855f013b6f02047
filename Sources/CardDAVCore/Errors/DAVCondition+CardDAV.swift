import WebDAV

/// The preconditions of CardDAV (RFC 6352 §5.1.1, §6.3.2.1, §8.6, §8.7).
extension DAVCondition {
    private static func cardDAV(_ local: String, _ status: Int) -> DAVCondition {
        DAVCondition(.cardDAV(local), status: status)
    }

    /// RFC 6352 §6.3.2.1: only vCard can be stored.
    public static let supportedAddressData = cardDAV("supported-address-data", 403)
    /// RFC 6352 §6.3.2.1: the body is not a valid vCard holding one address object.
    public static let validAddressData = cardDAV("valid-address-data", 403)
    /// RFC 6352 §6.3.2.1: another card in the book holds the UID. Carries its href.
    public static let cardNoUIDConflict = cardDAV("no-uid-conflict", 409)
    /// RFC 6352 §6.3.2.1: the card is larger than max-resource-size.
    public static let cardMaxResourceSize = cardDAV("max-resource-size", 403)
    /// RFC 6352 §5.1.1: address books are created only in the address book home.
    public static let addressBookCollectionLocationOK = cardDAV("addressbook-collection-location-ok", 403)
    /// RFC 6352 §8.7: address-data asks for a media type or version that is not served.
    public static let supportedAddressDataConversion = cardDAV("supported-address-data-conversion", 403)
    /// RFC 6352 §8.6: a filter naming something the server cannot filter on.
    public static let supportedFilter = cardDAV("supported-filter", 403)
    /// RFC 6352 §8.3: a collation the server does not know.
    public static let supportedCollation = cardDAV("supported-collation", 403)
}
