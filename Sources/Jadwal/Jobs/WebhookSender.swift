import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

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
    public var policy: WebhookPolicy

    public init(timeout: TimeInterval = 10, policy: WebhookPolicy = WebhookPolicy()) {
        self.timeout = timeout
        self.policy = policy
    }

    /// The signature header's value for `body` sent at `timestamp`.
    public static func signature(body: Data, timestamp: Int, secret: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(timestamp).".utf8) + body, using: SymmetricKey(data: Data(secret.utf8)))
        return "sha256=" + mac.map { String(format: "%02x", $0) }.joined()
    }

    /// POSTs `body` to the address ``WebhookPolicy`` checked, following no redirect.
    public func deliver(_ body: Data, to url: String, secret: String, now: Int = Int(Date().timeIntervalSince1970)) async -> Outcome {
        let target: WebhookPolicy.Target
        do { target = try await policy.vet(url) } catch { return .permanent(error.description) }
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(Int64(timeout)), read: .seconds(Int64(timeout))))
        configuration.dnsOverride = [target.host: target.address]
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let outcome = await post(body, to: url, secret: secret, now: now, with: client)
        try? await client.shutdown()
        return outcome
    }

    private func post(_ body: Data, to url: String, secret: String, now: Int, with client: HTTPClient) async -> Outcome {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "jadwald")
        request.headers.add(name: "X-Jadwal-Timestamp", value: String(now))
        request.headers.add(name: "X-Jadwal-Signature", value: Self.signature(body: body, timestamp: now, secret: secret))
        request.body = .bytes(ByteBuffer(data: body))
        do {
            let response = try await client.execute(request, timeout: .seconds(Int64(timeout)))
            _ = try? await response.body.collect(upTo: 64 << 10)
            let status = Int(response.status.code)
            switch status {
            case 200..<300: return .delivered
            case 300..<400: return .permanent("the webhook answered \(status), a redirect; webhooks follow none")
            case 408, 429, 500...: return .transient("the webhook answered \(status)")
            default: return .permanent("the webhook answered \(status)")
            }
        } catch {
            return .transient("the webhook could not be reached: \(error)")
        }
    }
}
