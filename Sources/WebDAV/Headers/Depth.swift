/// The Depth request header (RFC 4918 §10.2).
public enum Depth: Hashable, Sendable {
    case zero, one, infinity

    /// Parses the header; `nil` for a value other than 0, 1 or infinity.
    public init?(header: String?, default defaultValue: Depth) {
        guard let header else { self = defaultValue; return }
        switch header.trimmingSpaces.lowercased() {
        case "0": self = .zero
        case "1": self = .one
        case "infinity": self = .infinity
        default: return nil
        }
    }
}

extension StringProtocol {
    package var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
