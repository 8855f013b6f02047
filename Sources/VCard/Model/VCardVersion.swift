import Foundation

/// The vCard versions the library reads: 2.1 (read for import), 3.0 (RFC 2426) and
/// 4.0 (RFC 6350).
public enum VCardVersion: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The vCard 2.1 specification of the Internet Mail Consortium (1996).
    case v2_1 = "2.1"
    /// RFC 2426, the version CardDAV (RFC 6352) requires servers to support.
    case v3_0 = "3.0"
    /// RFC 6350.
    case v4_0 = "4.0"

    /// Reads a `VERSION` value, ignoring surrounding white space.
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        self.init(rawValue: trimmed)
    }

    public static func < (lhs: VCardVersion, rhs: VCardVersion) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
