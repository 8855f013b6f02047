import Crypto
import Foundation

/// A password kept as another server kept it, until its owner first signs in: HTTP
/// Digest's `HA1 = md5(user:realm:password)`, which Baïkal stores as `digesta1`.
///
/// Stored in place of a bcrypt hash as `digest-md5$REALM$HEX`. The first sign-in with the
/// right password replaces it with a bcrypt hash (``AccountStore/verify(name:password:now:)``),
/// so the weak digest lives only until then.
enum InheritedDigest {
    static let prefix = "digest-md5$"
    /// Marks the credential of an account a migration is still filling: it cannot sign in
    /// until the migration ends (``AccountStore/finishArrival(name:)``).
    static let arriving = "arriving$"

    /// The stored form of a digest for `realm`.
    static func stored(realm: String, hex: String) -> String {
        "\(prefix)\(realm)$\(hex.lowercased())"
    }

    /// The realm and digest of a stored form; `nil` for anything else (a bcrypt hash).
    static func parse(_ stored: String) -> (realm: String, hex: String)? {
        guard stored.hasPrefix(prefix) else { return nil }
        let rest = stored.dropFirst(prefix.count)
        guard let separator = rest.lastIndex(of: "$") else { return nil }
        return (String(rest[..<separator]), String(rest[rest.index(after: separator)...]))
    }

    /// Whether a 32-hex-digit MD5 digest; what a migration accepts as a password.
    static func isDigest(_ hex: String) -> Bool {
        hex.utf8.count == 32 && hex.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }
    }

    /// Whether `password` is the one `hex` was made from, for `name` in `realm`; compared in
    /// constant time.
    static func matches(name: String, password: String, realm: String, hex: String) -> Bool {
        let digest = Insecure.MD5.hash(data: Data("\(name):\(realm):\(password)".utf8)).map { String(format: "%02x", $0) }.joined()
        let expected = hex.lowercased()
        guard digest.utf8.count == expected.utf8.count else { return false }
        return zip(digest.utf8, expected.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
