/// A mailbox: an address (`amal@example.org`) and an optional display name.
///
/// Addresses are checked when made: the RFC 5321 §4.5.3.1 size limits (local part 64
/// octets, domain 255, whole path 256), a dot-atom local part and a domain of LDH labels,
/// ASCII only (internationalised domains go in their `xn--` form). Display names may hold
/// any text but no control characters, so neither can break out of a header.
///
/// ```swift
/// let from = try MailAddress(parsing: "Jadwal <jadwal@example.org>")
/// let to = try MailAddress("amal@example.org", displayName: "Amal")
/// ```
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address as used in SMTP envelopes: `local@domain`.
    public let address: String
    /// The name shown beside the address, if any.
    public let displayName: String?

    /// The longest display name accepted, in characters.
    public static let maxDisplayNameLength = 200

    /// An address with an optional display name.
    /// - Throws: ``MailFormatError`` naming the rule the address breaks.
    public init(_ address: String, displayName: String? = nil) throws(MailFormatError) {
        try Self.check(address: address)
        if let displayName {
            guard !displayName.isEmpty, displayName.count <= Self.maxDisplayNameLength else {
                throw MailFormatError("a display name has 1 to \(Self.maxDisplayNameLength) characters")
            }
            guard !displayName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw MailFormatError("a display name may not contain line breaks or control characters")
            }
        }
        self.address = address
        self.displayName = displayName
    }

    /// Reads `addr@example.org`, `<addr@example.org>` or `Name <addr@example.org>`
    /// (the name may be in double quotes).
    /// - Throws: ``MailFormatError`` when the text is none of those or the address is invalid.
    public init(parsing text: String) throws(MailFormatError) {
        let trimmed = text.trimmingSpaces
        guard trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") else {
            try self.init(trimmed)
            return
        }
        let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        var name = String(trimmed[..<open]).trimmingSpaces
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            // A quoted string: drop the quotes and undo its backslash escapes.
            var unquoted = ""
            var escaped = false
            for character in name.dropFirst().dropLast() {
                if character == "\\" && !escaped { escaped = true } else { unquoted.append(character); escaped = false }
            }
            name = unquoted
        }
        try self.init(address, displayName: name.isEmpty ? nil : name)
    }

    /// The part after the `@`.
    public var domain: Substring { address[address.index(after: address.lastIndex(of: "@")!)...] }

    /// `Name <address>`, or the bare address: the form ``init(parsing:)`` reads back.
    public var description: String {
        guard let displayName else { return address }
        let plain = displayName.unicodeScalars.allSatisfy { Self.isAtomText($0) || $0 == " " }
        return plain ? "\(displayName) <\(address)>" : "\"\(displayName.replacingQuotes)\" <\(address)>"
    }

    private static func check(address: String) throws(MailFormatError) {
        guard address.unicodeScalars.allSatisfy(\.isASCII) else {
            throw MailFormatError("'\(address.prefix(80))' is not an ASCII address: write an internationalised domain in its xn-- form")
        }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw MailFormatError("'\(address.prefix(80))' is not an address like name@example.org")
        }
        let (local, domain) = (parts[0], parts[1])
        guard local.utf8.count <= 64, domain.utf8.count <= 255, address.utf8.count <= 254 else {
            throw MailFormatError("an address has at most 64 octets before the @, 255 after it and 254 in all (RFC 5321)")
        }
        let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
        guard atoms.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(isAtomText) }) else {
            throw MailFormatError("'\(local)' is not a valid local part: letters, digits and !#$%&'*+-/=?^_`{|}~ between single dots")
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let isLabel: (Substring) -> Bool = { label in
            (1...63).contains(label.utf8.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
        guard labels.allSatisfy(isLabel) else {
            throw MailFormatError("'\(domain)' is not a domain name: labels of letters, digits and hyphens between single dots")
        }
    }

    /// RFC 5322 §3.2.3 atext.
    static func isAtomText(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// The text with `\` and `"` escaped for a quoted string.
    var replacingQuotes: String {
        var result = ""
        for character in self {
            if character == "\\" || character == "\"" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
