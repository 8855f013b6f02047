import Foundation

/// A first look at a JWT's header, before any key is chosen: the algorithm must be one
/// the caller expects (never `none`, never HMAC with a public key) and the key id one it
/// knows. Libraries fall back to a default key when `kid` is unknown; refusing here keeps
/// "a key we do not know" a plain refusal.
struct JWTHeaderCheck {
    let algorithm: String
    let keyID: String

    /// Reads the header of `token`; `nil` when it is not a compact JWS with `alg` and `kid`.
    init?(_ token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= 16 << 10, parts.count == 3, let header = Self.base64URLDecode(parts[0]),
              let object = (try? JSONSerialization.jsonObject(with: header)) as? [String: Any],
              let algorithm = object["alg"] as? String, let keyID = object["kid"] as? String else { return nil }
        self.algorithm = algorithm
        self.keyID = keyID
    }

    static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
