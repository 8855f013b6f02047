/// A calendar user address (RFC 5545 §3.3.3, a CAL-ADDRESS): the value of ORGANIZER and
/// ATTENDEE, usually a `mailto:` URI.
///
/// Two addresses are the same user when their ``key`` is: the `mailto:` scheme in any case
/// and the address case-folded, since mail systems (and every calendar client) treat
/// `Amal@Example.org` and `amal@example.org` as one mailbox.
public struct CalendarUserAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address as written.
    public let value: String
    /// What two addresses of the same user share.
    public let key: String

    public init(_ value: String) {
        let trimmed = value.trimmingASCIISpaces
        self.value = trimmed
        if let email = Self.email(in: trimmed) {
            key = "mailto:" + email.lowercased()
        } else {
            key = trimmed
        }
    }

    /// An address for an email address.
    public init(email: String) {
        self.init("mailto:" + email)
    }

    /// The email address of a `mailto:` address.
    public var email: String? { Self.email(in: value) }

    public var description: String { value }

    public static func == (lhs: CalendarUserAddress, rhs: CalendarUserAddress) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    private static func email(in value: String) -> String? {
        guard value.utf8.count > 7, value.prefix(7).lowercased() == "mailto:" else { return nil }
        let email = value.dropFirst(7)
        return email.isEmpty ? nil : String(email)
    }
}

extension String {
    var trimmingASCIISpaces: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
