import Extraction
import Foundation
import SQLStorage

/// Conversations and their messages, sealed at rest.
///
/// Recording a message and queueing its conversation for judging happen in one transaction,
/// so an acknowledged message is always judged. A message id seen once is known for good:
/// the same message sent again (a bridge retrying, an export imported twice) changes nothing.
public struct ChatStore: Sendable {
    let database: any SQLDatabase
    let cipher: SealingKey
    let jobs: JobQueue

    /// Where a conversation's messages come from.
    public enum Source: String, Sendable, Codable {
        case bridge
        case `import`
    }

    /// A message as it arrives.
    public struct IncomingMessage: Sendable, Equatable {
        public var messageID: String
        public var sender: String
        public var fromOwner: Bool
        /// Seconds since the epoch.
        public var sentAt: Int
        public var text: String
        public var kind: ChatMessage.Kind

        public init(messageID: String, sender: String, fromOwner: Bool, sentAt: Int, text: String, kind: ChatMessage.Kind = .text) {
            self.messageID = messageID
            self.sender = sender
            self.fromOwner = fromOwner
            self.sentAt = sentAt
            self.text = text
            self.kind = kind
        }
    }

    /// What recording did.
    public struct Recorded: Sendable, Equatable {
        public var conversationID: Int64
        public var accepted: Int
        public var duplicates: Int
    }

    /// A conversation as its owner sees it listed: never its messages.
    public struct Summary: Sendable, Equatable {
        public var id: Int64
        public var chatID: String
        public var source: Source
        public var counterpart: String
        public var status: Judgement.Status
        public var extractor: String?
        /// The standing agreed event's UID in `chat-events`.
        public var eventUID: String?
        /// Messages kept, waiting for the conversation to settle.
        public var pendingMessages: Int
        public var updatedAt: Int
    }

    /// A conversation's state for the processor.
    struct State: Sendable {
        var summary: Summary
        var account: String
        var eventEnd: Int?
        var eventSequence: Int
        /// What Jadwal last wrote into the standing event.
        var written: WrittenPlan?
    }

    /// A stored message, opened.
    struct Stored: Sendable {
        var rowID: Int64
        var message: IncomingMessage
    }

    /// The longest message kept, in bytes; longer ones are cut.
    public static let maxMessageBytes = 16_384
    /// Messages judged at once: the newest this many within ``windowSeconds`` of the newest.
    static let windowMessages = 60
    static let windowSeconds = 14 * 86_400

    /// Records `messages` of the chat `chatID` for `account`, and queues the conversation.
    public func record(_ messages: [IncomingMessage], account: String, chatID: String, counterpart: String, source: Source,
                       now: Int = Int(Date().timeIntervalSince1970)) async throws -> Recorded {
        let sealedCounterpart = try cipher.seal(counterpart, context: "chat_conversation:\(account):\(chatID)")
        let result = try await database.write { session -> Recorded in
            try await session.execute("""
                INSERT INTO chat_conversation (account, chat_id, source, counterpart, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (account, chat_id) DO NOTHING
                """, [account, chatID, source.rawValue, sealedCounterpart, now, now])
            let id = try await session.scalar(Int64.self, "SELECT id FROM chat_conversation WHERE account = ? AND chat_id = ?", [account, chatID])!
            var accepted = 0
            for message in messages {
                let sealed = try cipher.seal(try Self.encode(message), context: Self.context(id, message.messageID))
                let changed = try await session.execute("""
                    INSERT INTO chat_message (conversation_id, message_id, sent_at, from_owner, sealed) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """, [id, message.messageID, message.sentAt, message.fromOwner, sealed])
                accepted += changed
            }
            if accepted > 0 {
                try await session.execute("UPDATE chat_conversation SET updated_at = ? WHERE id = ?", [now, id])
                try await JobQueue.enqueue(.judgeChat, key: "chat:\(id)", account: account, payload: nil, due: now, in: session)
            }
            return Recorded(conversationID: id, accepted: accepted, duplicates: messages.count - accepted)
        }
        if result.accepted > 0 { jobs.wake() }
        return result
    }

    /// The owner's conversations, most recently active first.
    public func conversations(of account: String) async throws -> [Summary] {
        try await database.read { session in
            try await session.query("\(Self.summarySQL) WHERE c.account = ? ORDER BY c.updated_at DESC, c.id DESC", [account])
        }.map { try summary($0) }
    }

    /// One conversation of the owner's, or nil.
    public func conversation(_ id: Int64, of account: String) async throws -> Summary? {
        try await database.read { session in
            try await session.queryRow("\(Self.summarySQL) WHERE c.id = ? AND c.account = ?", [id, account])
        }.map { try summary($0) }
    }

    // MARK: For the processor

    func state(of id: Int64) async throws -> State? {
        try await database.read { session in
            try await session.queryRow("\(Self.summarySQL) WHERE c.id = ?", [id])
        }.map { row in
            let sealed: Data? = row["event_written"]
            let written = try sealed.map { try JSONDecoder().decode(WrittenPlan.self, from: try cipher.open($0, context: Self.writtenContext(id))) }
            return State(summary: try summary(row), account: row["account"], eventEnd: row["event_end"], eventSequence: row["event_sequence"],
                         written: written)
        }
    }

    /// The kept messages of a conversation, oldest first, the newest ``windowMessages`` within
    /// ``windowSeconds`` of the newest.
    func window(of id: Int64) async throws -> [Stored] {
        let rows = try await database.read { session in
            try await session.query("""
                SELECT rowid, message_id, sent_at, from_owner, sealed FROM chat_message
                WHERE conversation_id = ? AND sealed IS NOT NULL ORDER BY sent_at DESC, rowid DESC LIMIT ?
                """, [id, Self.windowMessages])
        }
        guard let newest: Int = rows.first?["sent_at"] else { return [] }
        return try rows.filter { ($0["sent_at"] as Int) >= newest - Self.windowSeconds }.reversed().map { row in
            let messageID: String = row["message_id"]
            let opened = try cipher.open(row["sealed"], context: Self.context(id, messageID))
            return Stored(rowID: row["rowid"], message: try Self.decode(opened, id: messageID, sentAt: row["sent_at"], fromOwner: row["from_owner"]))
        }
    }

    /// What the processor decided, stored in one transaction.
    struct Outcome: Sendable {
        var status: Judgement.Status
        var extractor: String
        /// The standing event after this judgement (nil: none).
        var event: (uid: String, end: Int)?
        var eventSequence: Int
        /// What Jadwal wrote into the standing event (kept as it was when nothing was written).
        var written: WrittenPlan?
        /// Drop the text of every message up to this row (settled), or only of those that left the window.
        var purgeThrough: Int64?
        var window: [Stored]
    }

    func apply(_ outcome: Outcome, to id: Int64, now: Int) async throws {
        try await database.write { session in
            let written = try outcome.written.map { try cipher.seal(try JSONEncoder().encode($0), context: Self.writtenContext(id)) }
            try await session.execute("""
                UPDATE chat_conversation SET status = ?, extractor = ?, event_uid = ?, event_end = ?, event_sequence = ?, event_written = ? WHERE id = ?
                """, [outcome.status.rawValue, outcome.extractor, outcome.event?.uid, outcome.event?.end, outcome.eventSequence, written, id])
            if let through = outcome.purgeThrough {
                try await session.execute("UPDATE chat_message SET sealed = NULL WHERE conversation_id = ? AND rowid <= ? AND sealed IS NOT NULL", [id, through])
            } else if let oldest = outcome.window.first {
                // Unsettled: what fell out of the window will never be judged again.
                try await session.execute("""
                    UPDATE chat_message SET sealed = NULL WHERE conversation_id = ? AND sealed IS NOT NULL
                    AND (sent_at < ? OR (sent_at = ? AND rowid < ?))
                    """, [id, oldest.message.sentAt, oldest.message.sentAt, oldest.rowID])
            }
        }
    }

    // MARK: Rows

    private static let summarySQL = """
        SELECT c.*, (SELECT count(*) FROM chat_message m WHERE m.conversation_id = c.id AND m.sealed IS NOT NULL) AS pending
        FROM chat_conversation c
        """

    private func summary(_ row: SQLRow) throws -> Summary {
        let account: String = row["account"], chatID: String = row["chat_id"]
        return Summary(id: row["id"], chatID: chatID, source: Source(rawValue: row["source"]) ?? .bridge,
                       counterpart: try cipher.openString(row["counterpart"], context: "chat_conversation:\(account):\(chatID)"),
                       status: Judgement.Status(rawValue: row["status"]) ?? .noEvent, extractor: row["extractor"],
                       eventUID: row["event_uid"], pendingMessages: row["pending"], updatedAt: row["updated_at"])
    }

    static func context(_ conversation: Int64, _ messageID: String) -> String { "chat_message:\(conversation):\(messageID)" }
    static func writtenContext(_ conversation: Int64) -> String { "chat_conversation_written:\(conversation)" }

    private struct Sealed: Codable {
        var sender: String
        var text: String
        var kind: String
    }

    static func encode(_ message: IncomingMessage) throws -> Data {
        var text = message.text
        if text.utf8.count > maxMessageBytes { text = String(decoding: text.utf8.prefix(maxMessageBytes), as: UTF8.self) }
        return try JSONEncoder().encode(Sealed(sender: message.sender, text: text, kind: kindName(message.kind)))
    }

    static func decode(_ data: Data, id: String, sentAt: Int, fromOwner: Bool) throws -> IncomingMessage {
        let sealed = try JSONDecoder().decode(Sealed.self, from: data)
        return IncomingMessage(messageID: id, sender: sealed.sender, fromOwner: fromOwner, sentAt: sentAt, text: sealed.text,
                               kind: kind(named: sealed.kind))
    }

    static func kindName(_ kind: ChatMessage.Kind) -> String {
        switch kind {
        case .text: "text"
        case .media: "media"
        case .location: "location"
        case .system: "system"
        }
    }

    static func kind(named name: String) -> ChatMessage.Kind {
        switch name {
        case "media": .media
        case "location": .location
        case "system": .system
        default: .text
        }
    }
}
