import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import Logging

/// `/api/v1/whatsapp`: a signed-in person connects their WhatsApp through the bridge this
/// server drives (seed use case 8). Documented in `openapi.yaml`.
///
/// - `POST connect {phone}`: the 8-character pairing code to type into WhatsApp (Linked
///   devices, Link with phone number). The bridge is given a new bridge token for the person,
///   so an earlier bridge token stops working.
/// - `GET status`: `none`, `pending`, `connected` (with the linked number), `failed`, `disconnected`.
/// - `DELETE`: unlinks, has the bridge delete its session, and revokes the bridge token.
///
/// When the bridge does not answer, every call says so (503 `bridge_unavailable`) and
/// changes nothing; messages the bridge holds wait there until the server takes them.
struct WhatsAppAPI: Sendable {
    /// `nil` when no bridge is configured: every call answers 404 `not_configured`.
    let bridge: WhatsAppBridgeClient?
    let settings: ChatSettingsStore
    let requests: SignedInRequests
    let connects: RateLimiter

    func add(to router: Router<JadwalRequestContext>) {
        let group = router.group("api/v1/whatsapp")
        group.post("connect") { request, context in
            await requests.signedIn(request, context) { user in try await connect(user, request) }
        }
        group.get("status") { request, context in
            await requests.signedIn(request, context) { user in
                let bridge = try configured()
                let link = try await step { () async throws(WhatsAppBridgeClient.Failure) in try await bridge.status(of: user) }
                return APIResponse.json(.ok, link.map(Self.json) ?? ["status": "none"])
            }
        }
        group.delete { request, context in
            await requests.signedIn(request, context) { user in
                let bridge = try configured()
                guard try await step({ () async throws(WhatsAppBridgeClient.Failure) in try await bridge.unlink(user) }) else {
                    throw ChatAPI.refuse(.notFound, "not_found", "no WhatsApp is connected")
                }
                try await settings.revokeBridgeToken(of: user)
                requests.logger.info("WhatsApp unlinked", metadata: ["user": "\(user)"])
                return APIResponse.noContent
            }
        }
    }

    private func connect(_ user: String, _ request: Request) async throws -> Response {
        let bridge = try configured()
        let body = try await JSONRequestBody.read(request, fields: ["phone"], required: ["phone"])
        guard let phone = Self.phoneNumber(try body.requiredString("phone", maxLength: 32)) else {
            throw ChatAPI.refuse(.badRequest, "invalid", "phone is the WhatsApp number with its country code, like +966 55 123 4567")
        }
        guard await connects.allow(user) else { return APIResponse.tooManyRequests(retryAfter: await connects.retryAfter(user)) }
        // Asked first so that a bridge that is down leaves the person's current bridge token working.
        guard await bridge.isReachable() else { throw Self.unavailable }
        let token = try await settings.issueBridgeToken(for: user)
        let link = try await step { () async throws(WhatsAppBridgeClient.Failure) in try await bridge.link(user, phone: phone, token: token) }
        requests.logger.info("WhatsApp link started", metadata: ["user": "\(user)", "status": "\(link.status)"])
        return APIResponse.json(.ok, Self.json(link))
    }

    /// `+` and 8 to 15 digits (E.164), from what a person types: spaces, dashes, brackets, a leading 00.
    static func phoneNumber(_ typed: String) -> String? {
        var digits = typed.filter { !" -().".contains($0) }
        if digits.hasPrefix("+") { digits.removeFirst() } else if digits.hasPrefix("00") { digits.removeFirst(2) }
        guard (8...15).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), !digits.hasPrefix("0") else { return nil }
        return "+" + digits
    }

    private func configured() throws -> WhatsAppBridgeClient {
        guard let bridge else { throw ChatAPI.refuse(.notFound, "not_configured", "this server does not connect WhatsApp (no whatsapp.bridge_url)") }
        return bridge
    }

    private static var unavailable: AdminAPI.Refusal {
        ChatAPI.refuse(.serviceUnavailable, "bridge_unavailable", "the WhatsApp bridge does not answer; nothing was changed, try again later")
    }

    private func step<T>(_ call: () async throws(WhatsAppBridgeClient.Failure) -> T) async throws -> T {
        do { return try await call() } catch {
            switch error {
            case .unavailable(let reason):
                requests.logger.warning("WhatsApp bridge unavailable", metadata: ["reason": "\(reason)"])
                throw Self.unavailable
            case .refused(let status, let message):
                throw ChatAPI.refuse(HTTPResponse.Status(code: status == 404 ? 404 : 400), status == 404 ? "not_found" : "invalid", message)
            }
        }
    }

    static func json(_ link: WhatsAppBridgeClient.Link) -> [String: Any] {
        var object: [String: Any] = ["status": link.status]
        if let code = link.pairingCode { object["pairingCode"] = code }
        if let expiresAt = link.expiresAt { object["expiresAt"] = expiresAt }
        if let number = link.linkedNumber { object["linkedNumber"] = number }
        if let error = link.error { object["error"] = error }
        if let pending = link.pendingMessages { object["pendingMessages"] = pending }
        return object
    }
}
