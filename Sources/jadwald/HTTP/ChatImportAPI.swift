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
        let imported: ChatService.Imported
        do {
            imported = try await service.importExport(bytes, owner: owner, chatID: chatID, account: user)
        } catch let refusal as ChatService.ImportRefusal {
            switch refusal {
            case .notAnExport: throw ChatAPI.refuse(.unprocessableContent, "invalid_export", refusal.description)
            case .groupChat: throw ChatAPI.refuse(.unprocessableContent, "group_chat", refusal.description)
            case .missingOwner: throw ChatAPI.refuse(.badRequest, "missing_field", refusal.description)
            case .chatIDTooLong: throw ChatAPI.refuse(.badRequest, "too_long", refusal.description)
            }
        }
        let (recorded, counterpart) = (imported.recorded, imported.counterpart)
        return APIResponse.json(.accepted, [
            "conversationId": recorded.conversationID, "with": counterpart, "accepted": recorded.accepted, "duplicates": recorded.duplicates,
        ])
    }
}
