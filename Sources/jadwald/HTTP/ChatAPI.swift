import Extraction
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import Logging

/// `/api/v1/chats/*`: messages in from a bridge or an export, and the signed-in user's chat
/// settings. Documented in `openapi.yaml`.
///
/// - `POST messages`: one message from a bridge, authorized by the user's bridge token
///   (`Authorization: Bearer jb_…`). Group chats are ignored; a message id seen before
///   changes nothing.
/// - `POST import`: a WhatsApp export (text, multipart or .zip) for the signed-in user.
/// - `GET /api/v1/chats`: conversations and where they stand, never their messages.
/// - `GET|PATCH settings`, `POST|DELETE bridge-token`.
struct ChatAPI: Sendable {
    let service: ChatService
    let authenticator: APIAuthenticator
    /// Where webhooks may point.
    let webhookPolicy: WebhookPolicy
    let logger: Logger
    static let maxMessageBody = 64 << 10

    func add(to router: Router<JadwalRequestContext>) {
        router.post("/api/v1/chats/messages") { request, context in await self.guarded { try await self.receive(request) } }
        router.get("/api/v1/chats") { request, context in await self.signedIn(request, context) { try await self.list($0) } }
        router.get("/api/v1/chats/settings") { request, context in await self.signedIn(request, context) { try await self.settings($0) } }
        router.patch("/api/v1/chats/settings") { request, context in
            await self.signedIn(request, context) { try await self.updateSettings($0, request) }
        }
        router.post("/api/v1/chats/bridge-token") { request, context in
            await self.signedIn(request, context) { user in
                APIResponse.json(.created, ["token": try await self.service.settings.issueBridgeToken(for: user)])
            }
        }
        router.delete("/api/v1/chats/bridge-token") { request, context in
            await self.signedIn(request, context) { user in
                try await self.service.settings.revokeBridgeToken(of: user)
                return APIResponse.noContent
            }
        }
        ChatImportAPI(service: service).add(to: router, signedIn: signedIn)
    }

    private var requests: SignedInRequests { SignedInRequests(authenticator: authenticator, logger: logger, area: "chat") }

    /// Runs `body` for the signed-in user, turning refusals and failures into JSON errors.
    func signedIn(_ request: Request, _ context: JadwalRequestContext, _ body: (String) async throws -> Response) async -> Response {
        await requests.signedIn(request, context, body)
    }

    func guarded(_ body: () async throws -> Response) async -> Response {
        await requests.guarded(body)
    }

    static func refuse(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> AdminAPI.Refusal {
        AdminAPI.Refusal(response: APIResponse.error(status, code, message))
    }

    // MARK: Bridge

    private func receive(_ request: Request) async throws -> Response {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer "),
              let user = try await service.settings.account(forBridgeToken: String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)) else {
            return APIResponse.error(.unauthorized, "unauthorized", "send the bridge token as Authorization: Bearer jb_…")
        }
        let body = try await JSONRequestBody.read(request, maxBytes: Self.maxMessageBody,
            fields: ["chatId", "chatKind", "chatName", "messageId", "senderName", "fromMe", "timestamp", "text", "kind"],
            required: ["chatId", "chatKind", "messageId", "senderName", "fromMe", "timestamp", "text"])
        let chatID = try body.requiredString("chatId", maxLength: 256)
        let kind = try body.requiredString("chatKind", maxLength: 32)
        guard ["one_to_one", "group"].contains(kind) else {
            throw Self.refuse(.badRequest, "invalid", "chat_kind is one_to_one or group")
        }
        guard kind == "one_to_one" else { return APIResponse.json(.accepted, ["status": "ignored", "reason": "group chats are not read"]) }
        let messageID = try body.requiredString("messageId", maxLength: 256)
        let sender = try body.requiredString("senderName", maxLength: 256)
        guard let fromMe = try body.bool("fromMe") else { throw Self.refuse(.badRequest, "wrong_type", "fromMe must be true or false") }
        let sentAt = try Self.timestamp(body.object["timestamp"])
        let text = try body.requiredString("text", maxLength: ChatStore.maxMessageBytes)
        let messageKind: ChatMessage.Kind
        switch try body.string("kind", maxLength: 16) ?? "text" {
        case "text": messageKind = .text
        case "media": messageKind = .media
        case "location": messageKind = .location
        default: throw Self.refuse(.badRequest, "invalid", "kind is text, media or location")
        }
        guard !chatID.isEmpty, !messageID.isEmpty else { throw Self.refuse(.badRequest, "invalid", "chatId and messageId must not be empty") }
        let counterpart = try body.string("chatName", maxLength: 256) ?? (fromMe ? chatID : sender)
        let recorded = try await service.chats.record(
            [ChatStore.IncomingMessage(messageID: messageID, sender: sender, fromOwner: fromMe, sentAt: sentAt, text: text, kind: messageKind)],
            account: user, chatID: "bridge:" + chatID, counterpart: counterpart, source: .bridge)
        return APIResponse.json(.accepted, ["status": recorded.accepted > 0 ? "accepted" : "duplicate", "conversationId": recorded.conversationID])
    }

    /// Seconds since the epoch (a number, in seconds or milliseconds) or an ISO 8601 string.
    static func timestamp(_ value: Any?) throws -> Int {
        if let number = value as? NSNumber, !number.isJSONBoolean {
            let seconds = number.doubleValue > 100_000_000_000 ? number.doubleValue / 1000 : number.doubleValue
            guard seconds.isFinite, seconds > 0, seconds < 32_503_680_000 else { throw refuse(.badRequest, "invalid", "timestamp is out of range") }
            return Int(seconds)
        }
        if let text = value as? String {
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: text) { return Int(date.timeIntervalSince1970) }
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return Int(date.timeIntervalSince1970) }
        }
        throw refuse(.badRequest, "wrong_type", "timestamp must be seconds since 1970 or an ISO 8601 time with its offset")
    }

    // MARK: The user's

    private func list(_ user: String) async throws -> Response {
        let conversations = try await service.chats.conversations(of: user).map { summary -> [String: Any] in
            [
                "id": summary.id, "chatId": summary.chatID, "source": summary.source.rawValue, "with": summary.counterpart,
                "status": summary.status.rawValue, "extractor": summary.extractor ?? NSNull(),
                "eventUid": summary.eventUID ?? NSNull(), "pendingMessages": summary.pendingMessages,
                "updatedAt": ChatNotice.iso(summary.updatedAt, TimeZone(secondsFromGMT: 0)!),
            ]
        }
        return APIResponse.json(.ok, ["conversations": conversations])
    }

    private func settings(_ user: String) async throws -> Response {
        APIResponse.json(.ok, Self.json(try await service.settings.settings(of: user), secret: nil))
    }

    private func updateSettings(_ user: String, _ request: Request) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["webhookUrl", "notifyByEmail", "wakingHours", "rotateWebhookSecret"])
        var webhook: String?? = nil
        if body.isNull("webhookUrl") {
            webhook = .some(nil)
        } else if let url = try body.string("webhookUrl", maxLength: 2048) {
            do { _ = try await webhookPolicy.vet(url) } catch {
                throw Self.refuse(.badRequest, "invalid", "webhookUrl: \(error.description)")
            }
            webhook = .some(url)
        }
        var waking: (Int, Int)?
        if let hours = body.object["wakingHours"] {
            guard let object = hours as? [String: Any], let start = (object["start"] as? String).flatMap(ClockTime.init),
                  let end = (object["end"] as? String).flatMap(ClockTime.init), object.count == 2, start < end else {
                throw Self.refuse(.badRequest, "invalid", "wakingHours is {\"start\": \"HH:MM\", \"end\": \"HH:MM\"} with start before end")
            }
            waking = (start.minuteOfDay, end.minuteOfDay)
        }
        let (settings, secret) = try await service.settings.update(user, webhookURL: webhook, notifyByEmail: try body.bool("notifyByEmail"),
                                                                   waking: waking, rotateSecret: try body.bool("rotateWebhookSecret") ?? false)
        return APIResponse.json(.ok, Self.json(settings, secret: secret))
    }

    static func json(_ settings: ChatSettingsStore.Settings, secret: String?) -> [String: Any] {
        var object: [String: Any] = [
            "webhookUrl": settings.webhookURL ?? NSNull(), "notifyByEmail": settings.notifyByEmail,
            "wakingHours": ["start": ClockTime(hour: 0, minute: settings.wakingStart).description,
                             "end": ClockTime(hour: 0, minute: settings.wakingEnd).description],
            "hasBridgeToken": settings.hasBridgeToken,
        ]
        if let secret { object["webhookSecret"] = secret }
        return object
    }
}
