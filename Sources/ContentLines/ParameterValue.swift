/// Writing a parameter value of a content line, the same in iCalendar (RFC 5545 §3.2) and
/// vCard (RFC 6350 §5): quoted when it was or when it holds `:`, `;` or `,`, and a double
/// quote, which cannot appear in one, spelt `^'` (RFC 6868).
public enum ParameterValue {
    /// Appends `value` to `line`.
    /// - Parameter quoted: whether it was quoted where it was read.
    public static func append(_ value: String, quoted: Bool, to line: inout [UInt8]) {
        let needsQuotes = quoted || value.utf8.contains { $0 == 0x3A || $0 == 0x3B || $0 == 0x2C }
        if needsQuotes { line.append(0x22) }
        for byte in value.utf8 {
            if byte == 0x22 { line.append(0x5E); line.append(0x27) } else { line.append(byte) }
        }
        if needsQuotes { line.append(0x22) }
    }
}
