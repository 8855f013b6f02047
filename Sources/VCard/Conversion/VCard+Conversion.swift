/// Conversion between vCard 3.0 and 4.0 (RFC 6350 Appendix A, RFC 6352 §10.4).
extension VCard {
    /// The card rewritten for `target`.
    ///
    /// A card converted to its own version is returned unchanged. Otherwise:
    /// - vCard 2.1 and legacy encodings are normalized first: quoted-printable and
    ///   `CHARSET` values are decoded to UTF-8 and escaped as text, bare parameters
    ///   (`TEL;WORK;VOICE:`) become `TYPE=work,voice`, `ENCODING=BASE64` becomes `b`.
    /// - To 4.0: a base64 `PHOTO`, `LOGO`, `SOUND` or `KEY` with `TYPE=JPEG` becomes a
    ///   `data:` URI; `TYPE=pref` becomes `PREF=1`; `BDAY`, `ANNIVERSARY` and `REV` take
    ///   the basic ISO 8601 form (Apple's `X-APPLE-OMIT-YEAR` becomes `--MMDD`);
    ///   `X-ADDRESSBOOKSERVER-KIND` and `-MEMBER` become `KIND` and `MEMBER`;
    ///   `X-ANNIVERSARY` becomes `ANNIVERSARY`; a `LABEL` property becomes the `LABEL`
    ///   parameter of the matching `ADR`; `GEO:lat;lon` becomes a `geo:` URI.
    /// - To 3.0: the reverse of each of those, plus a `tel:` URI `TEL` becomes text and an
    ///   empty `N` is added when missing (RFC 2426 requires it).
    /// - `FN` is derived (from `N`, `ORG` or `EMAIL`) when a 2.1 card has none, and
    ///   `VERSION` is updated in place.
    ///
    /// vCard 2.1 is read but not written: asking for ``VCardVersion/v2_1`` returns a 2.1
    /// card unchanged and converts any other card to 3.0. Properties that have no
    /// counterpart in the target version are kept as written.
    public func converted(to target: VCardVersion) -> VCard {
        let source = version ?? .v3_0
        if source == target { return self }
        if target == .v2_1 { return converted(to: .v3_0) }
        var result = VCard(properties: properties.map { LegacyNormalization.normalize($0, isVersion21: source == .v2_1) }, line: line)
        switch target {
        case .v4_0: result.properties = Version4Mapping.map(result.properties)
        case .v3_0, .v2_1: result.properties = Version3Mapping.map(result.properties)
        }
        result.setVersion(target)
        result.addFormattedNameIfMissing()
        if target == .v3_0, result["N"] == nil {
            let index = (result.properties.firstIndex { $0.hasName("FN") } ?? result.properties.count - 1) + 1
            result.properties.insert(VCardProperty(name: "N", value: ";;;;"), at: min(index, result.properties.count))
        }
        return result
    }

    /// Sets `VERSION` where it is, or first when missing.
    mutating func setVersion(_ version: VCardVersion) {
        if let index = properties.firstIndex(where: { $0.hasName("VERSION") }) {
            properties[index].value = version.rawValue
            properties[index].parameters = []
        } else {
            properties.insert(VCardProperty(name: "VERSION", value: version.rawValue), at: 0)
        }
    }

    /// Adds `FN` (required by 3.0 and 4.0, optional in 2.1) from `N`, `ORG` or `EMAIL`.
    mutating func addFormattedNameIfMissing() {
        guard self["FN"] == nil else { return }
        var text = name?.displayName ?? ""
        if text.isEmpty { text = organization?.first ?? "" }
        if text.isEmpty { text = emails.first?.address ?? "" }
        let index = (properties.firstIndex { $0.hasName("VERSION") } ?? -1) + 1
        properties.insert(VCardProperty(name: "FN", text: text), at: index)
    }
}

/// Property names whose values are URIs, dates or tokens rather than text: their values
/// are never re-escaped by a conversion.
enum NonTextProperties {
    static let names: Set<String> = [
        "VERSION", "URL", "PHOTO", "LOGO", "SOUND", "KEY", "MEMBER", "SOURCE", "FBURL", "CALURI", "CALADRURI",
        "IMPP", "UID", "GEO", "TZ", "BDAY", "ANNIVERSARY", "X-ANNIVERSARY", "REV", "KIND", "GENDER",
        "X-ADDRESSBOOKSERVER-MEMBER", "X-ADDRESSBOOKSERVER-KIND", "CLIENTPIDMAP", "RELATED", "LANG", "PRODID",
    ]
}
