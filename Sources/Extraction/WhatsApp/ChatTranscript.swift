/// A WhatsApp export read into messages, oldest first.
public struct ChatTranscript: Hashable, Sendable {
    /// Every message, including WhatsApp's own lines (kind ``ChatMessage/Kind/system``),
    /// which the extractor ignores.
    public var messages: [ChatMessage]
    /// The senders in order of first appearance; system lines do not count.
    public var participants: [String]
    /// Whether more than two people wrote.
    public var isGroup: Bool
    /// How the export wrote its headers.
    public var layout: WhatsAppLayout

    public init(messages: [ChatMessage], participants: [String], isGroup: Bool, layout: WhatsAppLayout) {
        self.messages = messages
        self.participants = participants
        self.isGroup = isGroup
        self.layout = layout
    }

    /// The transcript as extractors read it, with `now` at the last message.
    ///
    /// - Parameter timeZone: The owner's IANA time zone; the export's times are local to it.
    public func conversation(timeZone: String) -> Conversation {
        Conversation(messages: messages, timeZone: timeZone)
    }
}
