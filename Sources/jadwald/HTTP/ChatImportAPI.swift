import Extraction
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal

/// `POST /api/v1/chats/import?owner=NAME[&chatId=ID]`: a WhatsApp export for the signed-in
/// user, as `text/plain`, as the `.zip` WhatsApp makes (`application/zip`), or as the `file`
/// field of a `multipart/form-data` form (which may carry `owner` and `chatId` too).
/// `owner` is the user's name as the export writes it. Its messages join the conversation
/// and are judged in the background; importing the same file again changes nothing.
struct ChatImportAPI: Sendable {
    let service: ChatService
    static let maxBody = 24 << 20
    /// Where exports are uploaded: the one route whose body may be larger than a megabyte.
    static let path = "/api/v1/chats/import"

    typealias SignedIn = @Sendable (Request, JadwalRequestContext, (String) async throws -> Response) async -> Response

    func add(to router: Router<JadwalRequestContext>, signedIn: @escaping SignedIn) {
        router.post(RouterPath(Self.path)) { request, context in
            await signedIn(request, context) { user in try await self.importExport(request, user: user) }
        }
    }

    private func importExport(_ request: Request, user: String) async throws -> Response {
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: Self.maxBody) } catch {
            throw ChatAPI.refuse(.contentTooLarge, "too_large", "exports are accepted up to \(Self.maxBody >> 20) MiB")
        }
        var bytes = Array(buffer: buffer)
        var owner = request.uri.queryParameters.get("owner")
        var chatID = request.uri.queryParameters.get("chatId")
        let type = request.headers[.contentType]?.lowercased() ?? "text/plain"
        if let boundary = MultipartFormData.boundary(of: request.headers[.contentType] ?? "") {
            guard let form = MultipartFormData(bytes, boundary: boundary), let file = form.part(named: "file") else {
                throw ChatAPI.refuse(.badRequest, "invalid", "send the export as the form's file field")
            }
            bytes = file.body
            owner = owner ?? form.part(named: "owner").map { String(decoding: $0.body, as: UTF8.self) }
            chatID = chatID ?? form.part(named: "chatId").map { String(decoding: $0.body, as: UTF8.self) }
        } else if !(type.hasPrefix("text/plain") || type.hasPrefix("application/zip") || type.hasPrefix("application/octet-stream")) {
            throw ChatAPI.refuse(.unsupportedMediaType, "unsupported_media_type", "send text/plain, application/zip or multipart/form-data")
        }
        guard let owner = owner?.trimmingCharacters(in: .whitespaces), !owner.isEmpty, owner.utf8.count <= 256 else {
            throw ChatAPI.refuse(.badRequest, "missing_field", "owner is required: your name as the export writes it")
        }
        let text: String
        do {
            text = try WhatsAppExport.chatText(from: Data(bytes))
        } catch {
            throw ChatAPI.refuse(.unprocessableContent, "invalid_export", error.description)
        }
        let transcript: ChatTranscript
        do { transcript = try WhatsAppExport.parse(text, owner: owner) } catch {
            throw ChatAPI.refuse(.unprocessableContent, "invalid_export", error.description)
        }
        guard !transcript.isGroup else {
            throw ChatAPI.refuse(.unprocessableContent, "group_chat", "this is a group chat; Jadwal reads one-to-one chats only")
        }
        let counterpart = transcript.messages.first { !$0.fromOwner && $0.kind != .system }?.sender ?? "unknown"
        let zone = try await service.zone(of: user)
        let messages = ChatStore.IncomingMessage.fromExport(transcript.messages, zone: zone)
        let id = (chatID?.isEmpty == false ? chatID! : "import:" + counterpart.lowercased())
        guard id.utf8.count <= 300 else { throw ChatAPI.refuse(.badRequest, "too_long", "chatId must be at most 256 bytes") }
        let recorded = try await service.chats.record(messages, account: user, chatID: id, counterpart: counterpart, source: .import)
        return APIResponse.json(.accepted, [
            "conversationId": recorded.conversationID, "with": counterpart, "accepted": recorded.accepted, "duplicates": recorded.duplicates,
        ])
    }
}
