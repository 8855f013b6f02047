import VCard
import WebDAV

/// What CARDDAV:address-data in a report's DAV:prop asks for (RFC 6352 §10.4): a vCard
/// version (content-type and version attributes) and, optionally, only some properties.
///
/// A card answered as stored needs no parsing; one converted or cut down is parsed,
/// rewritten and serialized.
struct AddressDataRequest: Sendable {
    /// The version to answer in; `nil` answers each card in its own.
    var version: VCardVersion?
    /// The properties to keep (upper-cased names), or `nil` for all. The properties a card
    /// cannot do without (``alwaysKept``) are kept too.
    var properties: Set<String>?

    /// What a card keeps whatever was asked for, so that the answer is still a valid card.
    static let alwaysKept: Set<String> = ["VERSION", "UID", "FN", "N"]

    init(version: VCardVersion?, properties: Set<String>?) {
        self.version = version
        self.properties = properties
    }

    /// Decodes a CARDDAV:address-data element. An unserved media type or version is
    /// `supported-address-data-conversion` (RFC 6352 §8.7).
    init(element: DAVXML.Element) throws(DAVError) {
        version = try AddressDataType.version(contentType: element.attributes[DAVXML.Name("", "content-type")],
                                              version: element.attributes[DAVXML.Name("", "version")])
        if element.attributes[DAVXML.Name("", "content-type")] != nil || element.attributes[DAVXML.Name("", "version")] != nil {
            version = version ?? .v3_0
        }
        if element.elements.contains(where: { $0.name == .cardDAV("allprop") }) {
            properties = nil
        } else {
            let names = element.elements.filter { $0.name == .cardDAV("prop") }.compactMap { $0.attributes[DAVXML.Name("", "name")]?.uppercased() }
            properties = names.isEmpty ? nil : Set(names)
        }
    }

    /// Whether every card is answered as stored.
    var isVerbatim: Bool { version == nil && properties == nil }

    /// The card as asked for; the stored bytes when nothing changes, or when they do not
    /// parse (they were checked when stored).
    func render(_ card: Card) -> [UInt8] {
        guard !isVerbatim, var parsed = try? VCardParser().parseCard(card.data) else { return card.data }
        if let version, parsed.version != version { parsed = parsed.converted(to: version) }
        if let properties {
            parsed.properties = parsed.properties.filter { properties.contains($0.canonicalName) || Self.alwaysKept.contains($0.canonicalName) }
        }
        return VCardSerializer().serialize(parsed)
    }
}

/// The vCard media types and versions this server serves, and how a request names one.
enum AddressDataType {
    /// The versions a card can be asked for in (RFC 6352 §6.2.2 requires 3.0).
    static let servedVersions: [VCardVersion] = [.v3_0, .v4_0]

    /// The version named by a content type and version; `nil` when neither says one.
    static func version(contentType: String?, version: String?) throws(DAVError) -> VCardVersion? {
        if let contentType, contentType.split(separator: ";").first?.trimmingSpaces.lowercased() != "text/vcard" {
            throw DAVError(.supportedAddressDataConversion, "address data is served as text/vcard, not \(contentType)")
        }
        guard let version else { return nil }
        guard let known = VCardVersion(text: version), servedVersions.contains(known) else {
            throw DAVError(.supportedAddressDataConversion, "vCard \(version) is not served; ask for 3.0 or 4.0")
        }
        return known
    }

    /// The version an Accept header prefers (`text/vcard; version=4.0`), if it names one
    /// this server serves; GET answers in it.
    static func version(accept: String?) -> VCardVersion? {
        guard let accept else { return nil }
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
            guard parts.first == "text/vcard" || parts.first == "text/x-vcard" else { continue }
            for parameter in parts.dropFirst() where parameter.hasPrefix("version=") {
                let value = parameter.dropFirst("version=".count).filter { $0 != "\"" }
                if let version = VCardVersion(text: value), servedVersions.contains(version) { return version }
            }
        }
        return nil
    }
}
