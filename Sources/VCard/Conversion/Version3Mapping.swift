/// vCard 4.0 properties rewritten as vCard 3.0 (RFC 6350 Appendix A, read backwards).
enum Version3Mapping {
    static func map(_ properties: [VCardProperty]) -> [VCardProperty] {
        var result: [VCardProperty] = []
        let hasXAnniversary = properties.contains { $0.hasName("X-ANNIVERSARY") }
        for original in properties {
            var property = original
            if let preference = property[parameter: "PREF"] {
                property.removeParameters(named: "PREF")
                if Int(preference.trimmingASCIISpaces) == 1, !property.types.contains("pref") { property.addType("pref") }
            }
            switch property.canonicalName {
            case "PHOTO", "LOGO", "SOUND", "KEY":
                property = media(property)
            case "BDAY", "REV":
                property = date(property)
            case "ANNIVERSARY" where !hasXAnniversary:
                property.name = "X-ANNIVERSARY"
                property = date(property)
            case "KIND":
                if VCardKind(rawValue: property.textValue) == .individual { continue }
                property.name = "X-ADDRESSBOOKSERVER-KIND"
            case "MEMBER":
                property.name = "X-ADDRESSBOOKSERVER-MEMBER"
            case "GEO":
                if property.value.lowercased().hasPrefix("geo:") {
                    let body = property.value.dropFirst(4).split(separator: ";").first ?? ""
                    let parts = body.split(separator: ",")
                    if parts.count >= 2 { property.value = parts[0] + ";" + parts[1] }
                }
            case "TEL":
                property = telephone(property)
            case "ADR":
                if let label = property[parameter: "LABEL"] {
                    property.removeParameters(named: "LABEL")
                    result.append(property)
                    let parameters = property.parameters.filter { $0.hasName("TYPE") }
                    result.append(VCardProperty(group: property.group, name: "LABEL", parameters: parameters,
                                                text: ParameterEscaping.decode(label)))
                    continue
                }
            default:
                break
            }
            result.append(property)
        }
        return result
    }

    /// A `data:` URI becomes base64 with `ENCODING=b` and a `TYPE` token; a URI keeps
    /// `VALUE=uri` and its `MEDIATYPE` becomes a `TYPE` token.
    static func media(_ original: VCardProperty) -> VCardProperty {
        var property = original
        let value = property.value.trimmingASCIISpaces
        if value.lowercased().hasPrefix("data:"), let (bytes, type) = VCardMedia.decodeDataURI(value) {
            let mediaType = type ?? property[parameter: "MEDIATYPE"]
            property.value = Base64.encode(bytes)
            property.removeParameters(named: "VALUE")
            property.removeParameters(named: "MEDIATYPE")
            property.removeParameters(named: "TYPE")
            property.parameters.insert(VCardParameter(name: "ENCODING", value: "b"), at: 0)
            if let mediaType { property.parameters.insert(VCardParameter(name: "TYPE", value: VCardMedia.token(forMediaType: mediaType)), at: 1) }
        } else if property.transferEncoding == nil {
            if let mediaType = property[parameter: "MEDIATYPE"] {
                property.removeParameters(named: "MEDIATYPE")
                property.parameters.append(VCardParameter(name: "TYPE", value: VCardMedia.token(forMediaType: mediaType)))
            }
            if property[parameter: "VALUE"] == nil { property.parameters.insert(VCardParameter(name: "VALUE", value: "uri"), at: 0) }
        }
        return property
    }

    /// A date in the extended ISO 8601 form; a date without a year becomes Apple's
    /// `1604-MM-DD` with `X-APPLE-OMIT-YEAR=1604`.
    static func date(_ original: VCardProperty) -> VCardProperty {
        var property = original
        guard property[parameter: "VALUE"]?.lowercased() != "text", case .date(var date) = VCardDateOrText(property) else {
            return property
        }
        property.removeParameters(named: "VALUE")
        if date.year == nil, date.month != nil, date.day != nil {
            date.year = 1604
            property.setParameter("X-APPLE-OMIT-YEAR", "1604")
        }
        property.value = date.extendedFormat
        return property
    }

    /// A `tel:` URI becomes the number as text, an extension written `x123`.
    static func telephone(_ original: VCardProperty) -> VCardProperty {
        var property = original
        let telephone = VCardTelephone(property)
        guard telephone.isURI else { return property }
        property.removeParameters(named: "VALUE")
        property.value = TextEscaping.escape(telephone.number + (telephone.phoneExtension.map { " x" + $0 } ?? ""))
        return property
    }
}
