import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// POSTs a notice to a user's webhook, signed so the receiver can tell it came from here:
/// `X-Jadwal-Signature: sha256=HEX` where HEX is HMAC-SHA256 over `TIMESTAMP.BODY` with the
/// user's webhook secret, and `X-Jadwal-Timestamp: TIMESTAMP` (seconds since the epoch).
public struct WebhookSender: Sendable {
    /// How a delivery went.
    public enum Outcome: Sendable, Equatable {
        case delivered
        /// Worth trying again later (timeouts, 5xx, 429, 408).
        case transient(String)
        /// Will not get better (other 4xx, a bad URL).
        case permanent(String)
    }

    public var timeout: TimeInterval

    public init(timeout: TimeInterval = 10) { self.timeout = timeout }

    /// The signature header's value for `body` sent at `timestamp`.
    public static func signature(body: Data, timestamp: Int, secret: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(timestamp).".utf8) + body, using: SymmetricKey(data: Data(secret.utf8)))
        return "sha256=" + mac.map { String(format: "%02x", $0) }.joined()
    }

    public func deliver(_ body: Data, to url: String, secret: String, now: Int = Int(Date().timeIntervalSince1970)) async -> Outcome {
        guard let target = URL(string: url), ["http", "https"].contains(target.scheme?.lowercased() ?? ""), target.host != nil else {
            return .permanent("the webhook URL is not an http(s) URL")
        }
        var request = URLRequest(url: target, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("jadwald", forHTTPHeaderField: "User-Agent")
        request.setValue(String(now), forHTTPHeaderField: "X-Jadwal-Timestamp")
        request.setValue(Self.signature(body: body, timestamp: now, secret: secret), forHTTPHeaderField: "X-Jadwal-Signature")
        do {
            let (_, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            switch status {
            case 200..<300: return .delivered
            case 408, 429, 500...: return .transient("the webhook answered \(status)")
            default: return .permanent("the webhook answered \(status)")
            }
        } catch {
            return .transient("the webhook could not be reached: \(error.localizedDescription)")
        }
    }
}
