/// Rewrites what vCard 2.1 and old 3.0 writers send into plain 3.0/4.0 form: decoded
/// UTF-8 text with vCard 3.0 escapes, `TYPE=` instead of bare parameters, `ENCODING=b`.
enum LegacyNormalization {
    static func normalize(_ original: VCardProperty, isVersion21: Bool) -> VCardProperty {
        var property = original
        let name = property.canonicalName
        let encoding = property.transferEncoding
        let isText = !NonTextProperties.names.contains(name)

        // Transfer encodings and charsets.
        switch encoding {
        case .quotedPrintable?:
            let decoded = property.decodedText
            property.value = isText ? escapedText(decoded, isVersion21: isVersion21) : stripLineBreaks(decoded)
        case .base64?:
            property.value = String(property.value.filter { !$0.isWhitespace })
        default:
            if isVersion21, isText { property.value = escapedText(property.value, isVersion21: true) }
        }
        property.parameters = property.parameters.filter { parameter in
            if parameter.hasName("CHARSET") { return false }
            if parameter.isBare, VCardTransferEncoding(token: parameter.name) != nil { return false }
            if parameter.hasName("ENCODING") { return false }
            return true
        }
        if encoding == .base64 {
            property.parameters.insert(VCardParameter(name: "ENCODING", value: "b"), at: 0)
        }

        // Bare types become one TYPE parameter.
        let isMedia = ["PHOTO", "LOGO", "SOUND", "KEY"].contains(name)
        let bare = property.parameters.filter(\.isBare).map { isMedia ? $0.name.uppercased() : $0.name.lowercased() }
        if !bare.isEmpty {
            property.parameters.removeAll(where: \.isBare)
            property.parameters.append(VCardParameter(name: "TYPE", values: bare))
        }
        if isVersion21 {
            for index in property.parameters.indices where property.parameters[index].hasName("VALUE") {
                if property.parameters[index].value.lowercased() == "url" {
                    property.parameters[index] = VCardParameter(name: property.parameters[index].name, value: "uri")
                }
            }
        }
        return property
    }

    /// A decoded text value in vCard 3.0 form. A 2.1 value has no comma escapes, so each
    /// `;`-separated component is unescaped and escaped again; a 3.0 value only needs
    /// its raw line breaks escaped.
    static func escapedText(_ text: String, isVersion21: Bool) -> String {
        if isVersion21 {
            return TextEscaping.splitComponents(text).map { component in
                let plain = TextEscaping.unescape(component)
                var out = ""
                for character in plain {
                    switch character {
                    case "\\": out += "\\\\"
                    case ",": out += "\\,"
                    case ";": out += "\\;"
                    case "\n", "\r\n", "\r": out += "\\n"
                    default: out.append(character)
                    }
                }
                return out
            }.joined(separator: ";")
        }
        var out = ""
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" { out += "\\n" } else { out.append(character) }
        }
        return out
    }

    static func stripLineBreaks(_ text: String) -> String {
        String(text.filter { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
    }
}
