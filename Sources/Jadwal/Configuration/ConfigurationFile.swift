/// The subset of TOML a configuration file uses: `# comments`, `[section]` headers and
/// `key = value` lines whose value is a quoted string, an integer or a boolean. Keys come
/// out dotted by section (`tls.certificate`); values as the text they hold.
struct ConfigurationFile {
    /// Why a file could not be read, with its line.
    struct SyntaxError: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "line \(line): \(reason)" }
    }

    private(set) var values: [String: String] = [:]

    init(_ text: String) throws(SyntaxError) {
        var section = ""
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = Self.strippingComment(raw).trimmed
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2,
                      line.dropFirst().dropLast().split(separator: ".", omittingEmptySubsequences: false).allSatisfy(Self.isKey) else {
                    throw SyntaxError(line: number, reason: "a section header looks like [name] or [name.part]")
                }
                section = String(line.dropFirst().dropLast()) + "."
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { throw SyntaxError(line: number, reason: "expected key = value") }
            let key = line[..<equals].trimmed
            guard Self.isKey(key[...]) else { throw SyntaxError(line: number, reason: "'\(key)' is not a key (letters, digits, _ and -)") }
            let value = try Self.value(line[line.index(after: equals)...].trimmed, line: number)
            guard values.updateValue(value, forKey: section + key) == nil else {
                throw SyntaxError(line: number, reason: "\(section + key) is set twice")
            }
        }
    }

    private static func isKey(_ text: Substring) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    /// The line without a `#` comment that is not inside a quoted string.
    private static func strippingComment(_ line: Substring) -> Substring {
        var quoted = false
        var escaped = false
        for index in line.indices {
            let character = line[index]
            if escaped { escaped = false; continue }
            if character == "\\" && quoted { escaped = true } else if character == "\"" { quoted.toggle() } else if character == "#" && !quoted {
                return line[..<index]
            }
        }
        return line
    }

    private static func value(_ text: String, line: Int) throws(SyntaxError) -> String {
        if text == "true" || text == "false" || (Int(text) != nil) { return text }
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else {
            throw SyntaxError(line: line, reason: "a value is a \"quoted string\", an integer, true or false")
        }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "\\", "\"": result.append(character)
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: throw SyntaxError(line: line, reason: "unknown escape \\\(character)")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                throw SyntaxError(line: line, reason: "a quote inside a string must be written \\\"")
            } else {
                result.append(character)
            }
        }
        if escaped { throw SyntaxError(line: line, reason: "a string ends in a lone backslash") }
        return result
    }
}

extension StringProtocol {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
