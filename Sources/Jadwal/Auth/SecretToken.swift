import Crypto
import Foundation

/// A random secret handed to a person or a device once (a sign-in link, a setup link, a
/// refresh token) and stored only as its SHA-256 digest, so a copy of the database
/// gives no working token.
public enum SecretToken {
    /// 256 random bits as 43 characters of base64url, safe in URLs and headers.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return base64URL(bytes)
    }

    /// The stored form: the SHA-256 digest of the token, in lowercase hex.
    public static func digest(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `token` has the generated shape; anything else is refused before any lookup.
    public static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
        }
    }

    /// The first characters of a token, enough to match log lines, too few to use it.
    public static func redacted(_ token: String) -> String {
        String(token.prefix(6)) + "…"
    }

    /// A link with its secrets shortened (``redacted(_:)``): query values and path
    /// segments long enough to be tokens.
    public static func redactedLink(_ link: String) -> String {
        let shorten: (Substring) -> String = { $0.count >= 16 ? redacted(String($0)) : String($0) }
        let parts = link.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var result = parts[0].split(separator: "/", omittingEmptySubsequences: false).map(shorten).joined(separator: "/")
        if parts.count == 2 {
            result += "?" + parts[1].split(separator: "&", omittingEmptySubsequences: false).map { pair in
                let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return field.count == 2 ? "\(field[0])=\(shorten(field[1]))" : String(pair)
            }.joined(separator: "&")
        }
        return result
    }

    /// Compares two secrets in time that depends only on their lengths.
    public static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
