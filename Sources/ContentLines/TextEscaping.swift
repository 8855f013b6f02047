/// Text value escaping, the same in iCalendar (RFC 5545 §3.3.11) and vCard (RFC 6350 §3.4,
/// RFC 2426 §4).
///
/// In a text value a backslash escapes `\`, `;`, `,` and a line break (`\n` or `\N`).
/// Unescaping is lenient: an unknown escape such as `\:` (seen from some Outlook versions)
/// yields the character itself, and a lone trailing backslash is kept.
public enum TextEscaping {
    /// Escapes `text` for use as a text value.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        var previousWasCR = false
        for byte in text.utf8 {
            switch byte {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x3B: out += [0x5C, 0x3B]
            case 0x2C: out += [0x5C, 0x2C]
            case 0x0D: out += [0x5C, 0x6E]
            case 0x0A: if !previousWasCR { out += [0x5C, 0x6E] }
            default: out.append(byte)
            }
            previousWasCR = byte == 0x0D
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Resolves the escapes of a text value.
    public static func unescape(_ value: String) -> String {
        guard value.utf8.contains(0x5C) else { return value }
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        var escaping = false
        for byte in value.utf8 {
            if escaping {
                switch byte {
                case 0x6E, 0x4E: out.append(0x0A)  // \n, \N
                default: out.append(byte)          // \\ \; \, and lenient others
                }
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                out.append(byte)
            }
        }
        if escaping { out.append(0x5C) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Splits a raw value at commas that are not escaped, keeping escapes in the parts.
    public static func splitList(_ value: String) -> [String] {
        split(value, at: 0x2C)
    }

    /// Splits a raw structured value (vCard's `N`, `ADR`) at semicolons that are not
    /// escaped, keeping escapes in the parts.
    public static func splitComponents(_ value: String) -> [String] {
        split(value, at: 0x3B)
    }

    /// A structured value: components separated by `;`, the values of each component by
    /// `,`, every value escaped.
    public static func joinComponents(_ components: [[String]]) -> String {
        components.map { $0.map(escape).joined(separator: ",") }.joined(separator: ";")
    }

    /// Splits a raw value at unescaped occurrences of `separator` (an ASCII byte).
    static func split(_ value: String, at separator: UInt8) -> [String] {
        guard value.utf8.contains(separator) else { return [value] }
        var parts: [String] = []
        var current: [UInt8] = []
        var escaping = false
        for byte in value.utf8 {
            if escaping {
                current.append(byte)
                escaping = false
            } else if byte == 0x5C {
                current.append(byte)
                escaping = true
            } else if byte == separator {
                parts.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(byte)
            }
        }
        parts.append(String(decoding: current, as: UTF8.self))
        return parts
    }

    /// Rewrites a raw text value with canonical escapes: `\N` becomes `\n`, stray `;` and
    /// `,` are escaped, unknown escapes are dropped. Idempotent.
    public static func normalize(_ value: String, isList: Bool) -> String {
        if isList {
            return splitList(value).map { escape(unescape($0)) }.joined(separator: ",")
        }
        return escape(unescape(value))
    }
}
