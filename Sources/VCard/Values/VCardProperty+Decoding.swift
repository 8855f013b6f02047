import Foundation

/// A transfer encoding named by an `ENCODING` parameter (or a 2.1 bare parameter).
public enum VCardTransferEncoding: String, Sendable, Hashable {
    /// vCard 2.1 `QUOTED-PRINTABLE`.
    case quotedPrintable
    /// `ENCODING=b` (3.0) or `ENCODING=BASE64` (2.1).
    case base64
    /// vCard 2.1 `8BIT`: raw bytes, nothing to decode.
    case eightBit
    /// vCard 2.1 `7BIT`: ASCII, nothing to decode.
    case sevenBit

    /// Reads an encoding token, ignoring case.
    public init?(token: String) {
        switch token.uppercased() {
        case "QUOTED-PRINTABLE": self = .quotedPrintable
        case "B", "BASE64": self = .base64
        case "8BIT": self = .eightBit
        case "7BIT": self = .sevenBit
        default: return nil
        }
    }
}

extension VCardProperty {
    /// The transfer encoding of the raw value, from `ENCODING=` or a 2.1 bare token.
    public var transferEncoding: VCardTransferEncoding? {
        for parameter in parameters {
            if parameter.isBare, let encoding = VCardTransferEncoding(token: parameter.name) { return encoding }
            if parameter.hasName("ENCODING"), let encoding = VCardTransferEncoding(token: parameter.value) { return encoding }
        }
        return nil
    }

    /// The `CHARSET` parameter of 2.1 and 3.0 writers, if any.
    public var charset: String? { self[parameter: "CHARSET"] }

    /// The value with its transfer encoding removed: quoted-printable decoded in the
    /// `CHARSET` named (UTF-8 when none), otherwise the raw value. Text escapes are kept.
    public var decodedText: String {
        guard transferEncoding == .quotedPrintable else { return value }
        return Charset.decodeLeniently(QuotedPrintable.decode(value), charset: charset)
    }

    /// The value as text: transfer encoding removed and escapes resolved (RFC 6350 §3.4).
    public var textValue: String { TextEscaping.unescape(decodedText) }

    /// The value split at unescaped commas, each part unescaped (`CATEGORIES`, `NICKNAME`).
    public var textListValue: [String] {
        TextEscaping.splitList(decodedText).map(TextEscaping.unescape)
    }

    /// A structured value (`N`, `ADR`): split at unescaped `;`, each component split at
    /// unescaped `,`, every part unescaped. An empty component is an empty list.
    public var componentsValue: [[String]] {
        TextEscaping.splitComponents(decodedText).map { component in
            component.isEmpty ? [] : TextEscaping.splitList(component).map(TextEscaping.unescape)
        }
    }

    /// The value split at unescaped `;` only, each part unescaped (`ORG`).
    public var semicolonComponentsValue: [String] {
        TextEscaping.splitComponents(decodedText).map(TextEscaping.unescape)
    }

    /// The bytes of a base64 value (`ENCODING=b` or `ENCODING=BASE64`), white space
    /// ignored; `nil` when the value is not base64-encoded or does not decode.
    public var base64Bytes: [UInt8]? {
        guard transferEncoding == .base64 else { return nil }
        return Base64.decode(value)
    }

    /// The `TYPE` values, lower-cased and without repeats, including vCard 2.1 bare
    /// types (`TEL;WORK;VOICE:` gives `work`, `voice`) and values of a quoted list
    /// (`TYPE="work,voice"`).
    public var types: [String] {
        var result: [String] = []
        func add(_ item: String) {
            let lower = item.trimmingASCIISpaces.lowercased()
            if !lower.isEmpty, !result.contains(lower) { result.append(lower) }
        }
        for parameter in parameters {
            if parameter.isBare {
                if VCardTransferEncoding(token: parameter.name) == nil { add(parameter.name) }
            } else if parameter.hasName("TYPE") {
                for item in parameter.values { item.split(separator: ",").forEach { add(String($0)) } }
            }
        }
        return result
    }

    /// The preference (1 is most preferred): `PREF=n` (4.0) or `TYPE=pref` (3.0, 2.1) as 1.
    public var preference: Int? {
        if let text = self[parameter: "PREF"], let level = Int(text.trimmingASCIISpaces) { return level }
        return types.contains("pref") ? 1 : nil
    }
}

/// Base64 (RFC 4648) without line length rules: white space is ignored when decoding.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        var compact = text.utf8.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
        // Some writers leave out the padding.
        while compact.count % 4 != 0 { compact.append(0x3D) }
        guard let data = Data(base64Encoded: Data(compact)) else { return nil }
        return [UInt8](data)
    }

    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
