import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOSSL

/// Sends pushes to Apple's push service over HTTP/2 (negotiated by TLS ALPN, as APNs
/// requires), authenticated with a provider token (``APNsProviderToken``). One client
/// and its connections live as long as the server.
public final class APNsClient: Sendable {
    /// How a push went, and what to do about it.
    public enum Outcome: Sendable, Equatable {
        /// APNs took it (its `apns-id`).
        case delivered(String?)
        /// Try again later: 429, 5xx, an expired provider token, no connection.
        case retry(String)
        /// The token is no longer valid (410 Unregistered, 400 BadDeviceToken or
        /// DeviceTokenNotForTopic): forget the device.
        case forgetDevice(String)
        /// Will not get better (a bad topic, a payload too large, a key APNs refuses).
        case failed(String)
    }

    let configuration: APNsConfiguration
    private let provider: APNsProviderToken
    private let client: HTTPClient
    private static let timeout = TimeAmount.seconds(15)

    public init(configuration: APNsConfiguration) async throws {
        self.configuration = configuration
        provider = try await APNsProviderToken(privateKeyPEM: configuration.privateKeyPEM, keyID: configuration.keyID, teamID: configuration.teamID)
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile = configuration.caFile { tls.trustRoots = .file(caFile) }
        var settings = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow,
                                                timeout: .init(connect: Self.timeout, read: Self.timeout))
        settings.httpVersion = .automatic
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
    }

    /// Closes the connections; call once, when the server stops.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Sends `notification` to `device`.
    public func send(_ notification: PushNotification, to device: PushDevice, now: Int) async -> Outcome {
        let token: String
        do { token = try await provider.token(now: now) } catch {
            return .failed("the APNs key cannot sign a provider token: \(error)")
        }
        var request = HTTPClientRequest(url: configuration.baseURL(for: device.environment) + "/3/device/" + device.token)
        request.method = .POST
        request.headers.add(name: "authorization", value: "bearer " + token)
        request.headers.add(name: "apns-topic", value: device.topic)
        request.headers.add(name: "apns-push-type", value: notification.kind == .alert ? "alert" : "background")
        request.headers.add(name: "apns-priority", value: notification.kind == .alert ? "10" : "5")
        request.headers.add(name: "apns-expiration", value: String(notification.expiresAt))
        if let collapseID = notification.collapseID { request.headers.add(name: "apns-collapse-id", value: collapseID) }
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(data: notification.payload))
        do {
            let response = try await client.execute(request, timeout: Self.timeout)
            let body = try await response.body.collect(upTo: 16 << 10)
            let reason = (try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any])?["reason"] as? String
            let outcome = Self.outcome(status: Int(response.status.code), reason: reason, apnsID: response.headers.first(name: "apns-id"))
            if reason == "ExpiredProviderToken" { await provider.expire(token) }
            return outcome
        } catch {
            return .retry("APNs could not be reached: \(error)")
        }
    }

    /// What an answer of APNs means (Apple's "Handling notification responses from APNs").
    static func outcome(status: Int, reason: String?, apnsID: String?) -> Outcome {
        let said = "APNs answered \(status)" + (reason.map { " \($0)" } ?? "")
        switch (status, reason) {
        case (200, _): return .delivered(apnsID)
        case (410, _), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"): return .forgetDevice(said)
        case (403, "ExpiredProviderToken"), (429, _), (500..., _): return .retry(said)
        default: return .failed(said)
        }
    }
}
