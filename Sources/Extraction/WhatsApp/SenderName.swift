/// Names as exports write them, and names as they are compared.
enum SenderName {
    /// `name` without invisible marks, with odd spaces made plain and the ends trimmed:
    /// what the chat shows.
    static func cleaned(_ name: some StringProtocol) -> String {
        let original = name.unicodeScalars
        let needsCleaning = original.contains { $0.isInvisibleMark || ($0.isExportSpace && $0 != " ") }
            || original.first?.properties.isWhitespace == true || original.last?.properties.isWhitespace == true
        guard needsCleaning else { return String(name) }
        var scalars = String.UnicodeScalarView()
        for scalar in original where !scalar.isInvisibleMark {
            scalars.append(scalar.isExportSpace ? " " : scalar)
        }
        return String(scalars).trimmingSpaces()
    }

    /// The form two names are compared in: cleaned, runs of spaces made one, lowercased.
    static func normalized(_ name: some StringProtocol) -> String {
        cleaned(name).split(separator: " ").joined(separator: " ").lowercased()
    }

    /// How WhatsApp names the person who exported the chat, in the languages it is read in.
    static func isExporter(normalized name: String) -> Bool {
        name == "you" || name == "أنت" || name == "انت"
    }
}

private extension String {
    /// The string without leading and trailing spaces and newlines.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
