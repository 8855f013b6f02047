/// vCard 3.0 properties rewritten as vCard 4.0 (RFC 6350 Appendix A).
enum Version4Mapping {
    static func map(_ properties: [VCardProperty]) -> [VCardProperty] {
        var result: [VCardProperty] = []
        var labels: [VCardProperty] = []
        let hasAnniversary = properties.contains { $0.hasName("ANNIVERSARY") }
        for original in properties {
            var property = original
            if property.removeType("pref"), property[parameter: "PREF"] == nil {
                property.parameters.append(VCardParameter(name: "PREF", value: "1"))
            }
            switch property.canonicalName {
            case "PHOTO", "LOGO", "SOUND", "KEY":
                property = media(property)
            case "BDAY", "ANNIVERSARY", "REV":
                property = date(property)
            case "X-ANNIVERSARY" where !hasAnniversary:
                property.name = "ANNIVERSARY"
                property = date(property)
            case "X-ADDRESSBOOKSERVER-KIND":
                property.name = "KIND"
            case "X-ADDRESSBOOKSERVER-MEMBER":
                property.name = "MEMBER"
            case "GEO":
                let parts = property.value.split(separator: ";", omittingEmptySubsequences: false)
                if parts.count == 2, !property.value.lowercased().hasPrefix("geo:") {
                    property.value = "geo:" + parts[0].trimmingASCIISpaces + "," + parts[1].trimmingASCIISpaces
                }
            case "LABEL":
                labels.append(property)
                result.append(property)  // placeholder, resolved below
                continue
            default:
                break
            }
            result.append(property)
        }
        return attach(labels, to: result)
    }

    /// A base64 value becomes a `data:` URI; a URI's `TYPE` token becomes `MEDIATYPE`.
    static func media(_ original: VCardProperty) -> VCardProperty {
        var property = original
        let name = property.canonicalName
        if property.transferEncoding == .base64 {
            let type = VCardMedia.mediaType(of: property) ?? "application/octet-stream"
            let compact = String(property.value.filter { !$0.isWhitespace })
            property.value = "data:\(type);base64,\(compact)"
            property.removeParameters(named: "ENCODING")
            property.removeParameters(named: "TYPE")
            property.removeParameters(named: "MEDIATYPE")
            property.removeParameters(named: "VALUE")
        } else if let token = property.types.first, property[parameter: "MEDIATYPE"] == nil {
            property.removeParameters(named: "TYPE")
            property.parameters.append(VCardParameter(name: "MEDIATYPE", value: VCardMedia.mediaType(forToken: token, property: name)))
        }
        return property
    }

    /// A date in the basic ISO 8601 form; Apple's omitted year becomes `--MMDD`.
    static func date(_ original: VCardProperty) -> VCardProperty {
        var property = original
        guard property[parameter: "VALUE"]?.lowercased() != "text" else { return property }
        switch VCardDateOrText(property) {
        case .date(let date):
            property.value = date.basicFormat
            property.removeParameters(named: "X-APPLE-OMIT-YEAR")
            property.removeParameters(named: "VALUE")
        case .text:
            property.setParameter("VALUE", "text")
        }
        return property
    }

    /// Each `LABEL` becomes the `LABEL` parameter of the `ADR` with the same types (or
    /// the first one without a label), or of a new empty `ADR` in its place.
    static func attach(_ labels: [VCardProperty], to properties: [VCardProperty]) -> [VCardProperty] {
        guard !labels.isEmpty else { return properties }
        var result = properties
        var removals: [Int] = []
        for (index, label) in result.enumerated() where label.hasName("LABEL") {
            let wanted = Set(label.types.filter { $0 != "pref" })
            let candidates = result.indices.filter { result[$0].hasName("ADR") && result[$0][parameter: "LABEL"] == nil }
            let match = candidates.first { Set(result[$0].types.filter { $0 != "pref" }) == wanted }
                ?? (candidates.count == 1 ? candidates.first : nil)
            let text = ParameterEscaping.encode(label.textValue)
            if let match {
                result[match].parameters.append(VCardParameter(name: "LABEL", values: [text], quoted: [true]))
                removals.append(index)
            } else {
                var address = VCardProperty(group: label.group, name: "ADR", parameters: label.parameters, value: ";;;;;;")
                address.parameters.append(VCardParameter(name: "LABEL", values: [text], quoted: [true]))
                result[index] = address
            }
        }
        for index in removals.reversed() { result.remove(at: index) }
        return result
    }
}
