import Extraction
import Foundation

extension ChatService {
    /// Why an exported chat was not taken; nothing was recorded.
    public enum ImportRefusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a WhatsApp export (its reason).
        case notAnExport(String)
        case groupChat
        case missingOwner
        case chatIDTooLong

        public var description: String {
            switch self {
            case .notAnExport(let reason): reason
            case .groupChat: "this is a group chat; Jadwal reads one-to-one chats only"
            case .missingOwner: "owner is required: your name as the export writes it"
            case .chatIDTooLong: "chatId must be at most 256 bytes"
            }
        }
    }

    /// The outcome of an import: the conversation, with whom, and how many messages were new.
    public struct Imported: Sendable, Equatable {
        public let recorded: ChatStore.Recorded
        public let counterpart: String
    }

    /// Records a WhatsApp export (its text or the .zip WhatsApp makes) for `account`, whose
    /// name in it is `owner`; its messages are judged in the background. Importing the same
    /// file again changes nothing.
    /// - Parameter chatID: the conversation to join; by default one per counterpart.
    public func importExport(_ bytes: [UInt8], owner typedOwner: String?, chatID: String?, account: String) async throws -> Imported {
        guard let owner = typedOwner?.trimmingCharacters(in: .whitespaces), !owner.isEmpty, owner.utf8.count <= 256 else {
            throw ImportRefusal.missingOwner
        }
        let transcript: ChatTranscript
        do {
            transcript = try WhatsAppExport.parse(try WhatsAppExport.chatText(from: Data(bytes)), owner: owner)
        } catch {
            throw ImportRefusal.notAnExport(error.description)
        }
        guard !transcript.isGroup else { throw ImportRefusal.groupChat }
        let counterpart = transcript.messages.first { !$0.fromOwner && $0.kind != .system }?.sender ?? "unknown"
        let messages = ChatStore.IncomingMessage.fromExport(transcript.messages, zone: try await zone(of: account))
        let id = chatID?.isEmpty == false ? chatID! : "import:" + counterpart.lowercased()
        guard id.utf8.count <= 300 else { throw ImportRefusal.chatIDTooLong }
        let recorded = try await chats.record(messages, account: account, chatID: id, counterpart: counterpart, source: .import)
        return Imported(recorded: recorded, counterpart: counterpart)
    }
}
