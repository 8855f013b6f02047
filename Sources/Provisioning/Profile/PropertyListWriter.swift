import Foundation

/// Writes a ``PropertyListValue`` as an XML property list (Apple's PLIST 1.0 DTD).
///
/// Own writer rather than `PropertyListSerialization`: the output is the same on every
/// platform, dictionary keys come out sorted, and the escaping is ours to test.
enum PropertyListWriter {
    static func xml(_ root: PropertyListValue) -> Data {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(root, depth: 0, into: &out)
        out += "</plist>\n"
        return Data(out.utf8)
    }

    private static func write(_ value: PropertyListValue, depth: Int, into out: inout String) {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .string(let text):
            out += indent + "<string>" + escaped(text) + "</string>\n"
        case .integer(let number):
            out += indent + "<integer>\(number)</integer>\n"
        case .boolean(let flag):
            out += indent + (flag ? "<true/>\n" : "<false/>\n")
        case .array(let items):
            guard !items.isEmpty else { out += indent + "<array/>\n"; return }
            out += indent + "<array>\n"
            for item in items { write(item, depth: depth + 1, into: &out) }
            out += indent + "</array>\n"
        case .dictionary(let entries):
            guard !entries.isEmpty else { out += indent + "<dict/>\n"; return }
            out += indent + "<dict>\n"
            for key in entries.keys.sorted() {
                out += indent + "\t<key>" + escaped(key) + "</key>\n"
                write(entries[key]!, depth: depth + 1, into: &out)
            }
            out += indent + "</dict>\n"
        }
    }

    /// XML character data: the five markup characters as entities, and CR as a character
    /// reference so a parser's line-end normalization does not turn it into LF.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether XML 1.0 can carry the text at all (§2.2 Char): no C0 controls other than
    /// tab, LF and CR, and no U+FFFE or U+FFFF.
    static func isRepresentable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x9, 0xA, 0xD: true
            case 0..<0x20, 0xFFFE, 0xFFFF: false
            default: true
            }
        }
    }
}
