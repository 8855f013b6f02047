import Foundation

/// The `CHARSET` parameter of vCard 2.1 and 3.0 writers: decodes bytes in a named
/// character set into a string.
enum Charset {
    /// Decodes `bytes` in the charset named `name` (IANA name, any case); `nil` when the
    /// charset is unknown or the bytes are not valid in it.
    static func decode(_ bytes: [UInt8], charset name: String?) -> String? {
        guard let name, let encoding = encoding(named: name) else {
            return String(validating: bytes, as: UTF8.self)
        }
        if encoding == .utf8 { return String(validating: bytes, as: UTF8.self) }
        return String(data: Data(bytes), encoding: encoding)
    }

    /// Decodes `bytes` in the named charset, falling back to UTF-8 and then to
    /// Windows-1252 (which accepts any byte), so that the result is always text.
    static func decodeLeniently(_ bytes: [UInt8], charset name: String?) -> String {
        if let text = decode(bytes, charset: name) { return text }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(data: Data(bytes), encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `name` is a charset this library can decode.
    static func isKnown(_ name: String) -> Bool { encoding(named: name) != nil }

    static func encoding(named name: String) -> String.Encoding? {
        switch name.lowercased() {
        case "utf-8", "utf8": return .utf8
        case "us-ascii", "ascii": return .ascii
        case "iso-8859-1", "latin1", "iso8859-1", "iso_8859-1": return .isoLatin1
        case "iso-8859-2", "latin2": return .isoLatin2
        case "windows-1250", "cp1250": return .windowsCP1250
        case "windows-1251", "cp1251": return .windowsCP1251
        case "windows-1252", "cp1252": return .windowsCP1252
        case "windows-1253", "cp1253": return .windowsCP1253
        case "windows-1254", "cp1254": return .windowsCP1254
        case "utf-16", "utf16": return .utf16
        case "utf-16le": return .utf16LittleEndian
        case "utf-16be": return .utf16BigEndian
        case "shift_jis", "shift-jis", "sjis": return .shiftJIS
        case "euc-jp": return .japaneseEUC
        case "macintosh", "mac": return .macOSRoman
        default: return nil
        }
    }
}
