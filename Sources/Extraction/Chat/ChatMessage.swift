/// One message of a one-to-one conversation, as the extractor sees it.
public struct ChatMessage: Hashable, Sendable {
    /// What a line of a chat is, beyond plain text.
    public enum Kind: Hashable, Sendable {
        /// Words someone wrote (possibly several lines).
        case text
        /// A photo, video, voice note, sticker or document left out of the export.
        case media
        /// A location pin; `text` holds the link and any description.
        case location
        /// A line written by WhatsApp itself (encryption notice, security code changed, deleted).
        case system
    }

    /// The sender as the chat names them.
    public var sender: String
    /// Whether the calendar owner wrote it.
    public var fromOwner: Bool
    /// Local time in the owner's zone.
    public var sent: LocalDateTime
    public var text: String
    public var kind: Kind

    public init(sender: String, fromOwner: Bool, sent: LocalDateTime, text: String, kind: Kind = .text) {
        self.sender = sender
        self.fromOwner = fromOwner
        self.sent = sent
        self.text = text
        self.kind = kind
    }
}

/// The messages of one conversation between the owner and one other person, oldest first.
public struct Conversation: Hashable, Sendable {
    public var messages: [ChatMessage]
    /// The owner's IANA time zone; relative expressions and times are in it.
    public var timeZone: String
    /// The moment relative expressions resolve against: by default the last message's time.
    public var now: LocalDateTime

    public init(messages: [ChatMessage], timeZone: String, now: LocalDateTime? = nil) {
        self.messages = messages
        self.timeZone = timeZone
        self.now = now ?? messages.last?.sent ?? LocalDateTime(year: 1970, month: 1, day: 1)
    }

    /// The name of the other participant, when anyone but the owner wrote.
    public var counterpart: String? {
        messages.first { !$0.fromOwner && $0.kind != .system }?.sender
    }
}
