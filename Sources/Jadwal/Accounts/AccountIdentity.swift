import Foundation

/// How account names and email addresses compare.
///
/// Names are paths (`/dav/calendars/{name}/`), and paths are NFC-normalized, so every name
/// is stored in NFC, and two names are the same account only when their bytes are. A name
/// is refused when its ``key(_:)`` (compatibility-normalized and case-folded) is already
/// taken: `jose` + U+0301 against `josé`, KELVIN SIGN + `arim` against `Karim`, `Amal`
/// against `amal`. Signing in by name goes through the same key, so a phone that
/// capitalizes the first letter still reaches the account.
public enum AccountIdentity {
    /// The stored form of a name or address as typed: NFC.
    public static func canonical(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping
    }

    /// The key two names collide on: NFKC, case-folded, NFKC again (folding can leave a
    /// string that is not normalized).
    public static func key(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCompatibilityMapping
    }

    /// Whether two stored names are the same account: byte for byte, never Swift's
    /// canonical equivalence.
    public static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8)
    }
}
