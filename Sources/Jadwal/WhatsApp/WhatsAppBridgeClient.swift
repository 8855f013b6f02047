import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Talks to the WhatsApp bridge the project ships (`bridges/whatsapp/`), which links a
/// person's WhatsApp as a companion device and posts their one-to-one messages to
/// `POST /api/v1/chats/messages`. Over HTTP on a configured address, with a shared secret
/// as bearer token; the contract is in the bridge's README.
public final class WhatsAppBridgeClient: Sendable {
    /// Where one person's link stands, as the bridge tells it.
    public struct Link: Sendable, Equatable {
        /// `pending`, `connected`, `failed` or `disconnected`.
        public var status: String
        /// The code to type into WhatsApp (Linked devices, Link with phone number), while pending.
        public var pairingCode: String?
        public var expiresAt: Int?
        public var linkedNumber: String?
        public var error: String?
        /// Messages received that the server has not yet taken.
        public var pendingMessages: Int?
    }

    /// Why the bridge could not do what was asked.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not reachable, or it answered with a server error: nothing was changed here.
        case unavailable(String)
        /// It refused the request (a bad phone number): its message.
        case refused(Int, String)

        public var description: String {
            switch self {
            case .unavailable(let reason): "the WhatsApp bridge is not available: \(reason)"
            case .refused(_, let message): message
            }
        }
    }

    let baseURL: String
    let secret: String
    private let client: HTTPClient
    private static let timeout = TimeAmount.seconds(20)

    public init(baseURL: String, secret: String) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.secret = secret
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .init(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: Self.timeout)))
    }

    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Whether the bridge answers at all.
    public func isReachable() async -> Bool {
        (try? await call(.GET, "/healthz", authorized: false, timeout: .seconds(5)).status) == 200
    }

    /// Starts linking `account` to the WhatsApp number `phone`; the bridge posts its messages with `token`.
    public func link(_ account: String, phone: String, token: String) async throws(Failure) -> Link {
        let answer = try await call(.PUT, "/v1/accounts/\(Self.segment(account))", body: ["phone": phone, "token": token])
        guard answer.status == 200, let object = answer.object else { throw Self.failure(answer) }
        return Self.link(object)
    }

    /// Where the link of `account` stands, or `nil` when the bridge knows none. Asked while
    /// a page is drawn, so a bridge that hangs costs seconds, not a page that never comes.
    public func status(of account: String) async throws(Failure) -> Link? {
        let answer = try await call(.GET, "/v1/accounts/\(Self.segment(account))", timeout: .seconds(5))
        if answer.status == 404 { return nil }
        guard answer.status == 200, let object = answer.object else { throw Self.failure(answer) }
        return Self.link(object)
    }

    /// Unlinks `account` and has the bridge delete its session; `false` when it knew none.
    public func unlink(_ account: String) async throws(Failure) -> Bool {
        let answer = try await call(.DELETE, "/v1/accounts/\(Self.segment(account))")
        if answer.status == 404 { return false }
        guard answer.status == 204 || answer.status == 200 else { throw Self.failure(answer) }
        return true
    }

    // MARK: HTTP

    private struct Answer {
        let status: Int
        let object: [String: Any]?
    }

    private func call(_ method: HTTPMethod, _ path: String, body: [String: String]? = nil, authorized: Bool = true,
                      timeout: TimeAmount = WhatsAppBridgeClient.timeout) async throws(Failure) -> Answer {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if authorized { request.headers.add(name: "Authorization", value: "Bearer " + secret) }
        if let body, let data = try? JSONSerialization.data(withJSONObject: body) {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: data))
        }
        do {
            let response = try await client.execute(request, timeout: timeout)
            let bytes = try await response.body.collect(upTo: 64 << 10)
            return Answer(status: Int(response.status.code), object: try? JSONSerialization.jsonObject(with: Data(buffer: bytes)) as? [String: Any])
        } catch {
            throw .unavailable("\(error)")
        }
    }

    private static func failure(_ answer: Answer) -> Failure {
        let error = answer.object?["error"] as? [String: Any]
        let message = error?["message"] as? String ?? "the bridge answered \(answer.status)"
        return answer.status >= 500 || answer.status == 401 ? .unavailable(message) : .refused(answer.status, message)
    }

    private static func link(_ object: [String: Any]) -> Link {
        Link(status: object["status"] as? String ?? "failed", pairingCode: object["pairingCode"] as? String,
             expiresAt: (object["expiresAt"] as? NSNumber)?.intValue, linkedNumber: object["linkedNumber"] as? String,
             error: object["error"] as? String, pendingMessages: (object["pendingMessages"] as? NSNumber)?.intValue)
    }

    private static func segment(_ account: String) -> String {
        account.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "._-"))) ?? account
    }
}
