import Foundation
import HTTPTypes
import Hummingbird
import Jadwal

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
    let linking: WhatsAppLinking?
    let requests: SignedInRequests

    func add(to router: Router<JadwalRequestContext>) {
        let group = router.group("api/v1/whatsapp")
        group.post("connect") { request, context in
            await requests.signedIn(request, context) { user in
                let linking = try configured()
                let body = try await JSONRequestBody.read(request, fields: ["phone"], required: ["phone"])
                let phone = try body.requiredString("phone", maxLength: 32)
                let link = try await step { () async throws(WhatsAppLinking.Refusal) in try await linking.connect(user, phone: phone) }
                return APIResponse.json(.ok, Self.json(link))
            }
        }
        group.get("status") { request, context in
            await requests.signedIn(request, context) { user in
                let linking = try configured()
                let link = try await step { () async throws(WhatsAppLinking.Refusal) in try await linking.status(of: user) }
                return APIResponse.json(.ok, link.map(Self.json) ?? ["status": "none"])
            }
        }
        group.delete { request, context in
            await requests.signedIn(request, context) { user in
                let linking = try configured()
                try await step { () async throws(WhatsAppLinking.Refusal) in try await linking.unlink(user) }
                return APIResponse.noContent
            }
        }
    }

    private func configured() throws -> WhatsAppLinking {
        guard let linking else { throw ChatAPI.refuse(.notFound, "not_configured", "this server does not connect WhatsApp (no whatsapp.bridge_url)") }
        return linking
    }

    private func step<T>(_ call: () async throws(WhatsAppLinking.Refusal) -> T) async throws -> T {
        do { return try await call() } catch {
            switch error {
            case .invalidPhone:
                throw ChatAPI.refuse(.badRequest, "invalid", "phone is the WhatsApp number with its country code, like +966 55 123 4567")
            case .tooManyAttempts(let retryAfter): throw AdminAPI.Refusal(response: APIResponse.tooManyRequests(retryAfter: retryAfter))
            case .unavailable:
                throw ChatAPI.refuse(.serviceUnavailable, "bridge_unavailable", "the WhatsApp bridge does not answer; nothing was changed, try again later")
            case .refused(let status, let message):
                throw ChatAPI.refuse(status == 404 ? .notFound : .badRequest, status == 404 ? "not_found" : "invalid", message)
            case .notLinked: throw ChatAPI.refuse(.notFound, "not_found", "no WhatsApp is connected")
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
