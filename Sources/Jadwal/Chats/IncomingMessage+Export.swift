import Crypto
import Extraction
import Foundation

extension ChatStore.IncomingMessage {
    /// An export's messages with ids derived from what they are, so the same file imported
    /// twice gives the same ids. System lines are left out; local times are read in `zone`.
    public static func fromExport(_ messages: [ChatMessage], zone: TimeZone) -> [ChatStore.IncomingMessage] {
        var seen: [String: Int] = [:]
        return messages.filter { $0.kind != .system }.map { message in
            let sentAt = Int(message.sent.instant(in: zone).timeIntervalSince1970)
            let identity = "\(message.sent)\u{1F}\(message.sender)\u{1F}\(message.text)"
            let digest = SHA256.hash(data: Data(identity.utf8)).prefix(12).map { String(format: "%02x", $0) }.joined()
            seen[digest, default: 0] += 1
            return ChatStore.IncomingMessage(messageID: "wa-\(digest)-\(seen[digest]!)", sender: message.sender, fromOwner: message.fromOwner,
                                             sentAt: sentAt, text: message.text, kind: message.kind)
        }
    }
}
