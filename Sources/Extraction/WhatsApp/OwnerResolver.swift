/// Decides which messages the owner wrote, and who took part.
struct OwnerResolver {
    private let owner: String
    private let normalizedOwner: String

    init(owner: String) {
        self.owner = SenderName.cleaned(owner)
        self.normalizedOwner = SenderName.normalized(owner)
    }

    /// The messages with `fromOwner` set, their participants, and whether the chat is a group.
    ///
    /// An owner who never wrote is fine in a chat with one other person (nothing answered yet);
    /// with two or more other senders it means the wrong name was given.
    func transcript(of messages: [ChatMessage], layout: WhatsAppLayout) throws(WhatsAppExportError) -> ChatTranscript {
        var messages = messages
        var participants: [String] = []
        var seen: Set<String> = []
        var ownerWrote = false
        var normalizedNames: [String: String] = [:] // a chat has few names and many messages
        for index in messages.indices where !messages[index].sender.isEmpty {
            let sender = messages[index].sender
            var normalized = normalizedNames[sender] ?? SenderName.normalized(sender)
            normalizedNames[sender] = normalized
            if SenderName.isExporter(normalized: normalized), !owner.isEmpty {
                // "You" in exports made by the owner's own phone.
                messages[index].sender = owner
                normalized = normalizedOwner
            }
            let isOwner = normalized == normalizedOwner
            messages[index].fromOwner = isOwner
            guard messages[index].kind != .system else { continue }
            ownerWrote = ownerWrote || isOwner
            if seen.insert(normalized).inserted { participants.append(messages[index].sender) }
        }
        let others = participants.count - (ownerWrote ? 1 : 0)
        guard ownerWrote || others < 2 else { throw .ownerNotFound }
        return ChatTranscript(messages: messages, participants: participants, isGroup: participants.count > 2, layout: layout)
    }
}
