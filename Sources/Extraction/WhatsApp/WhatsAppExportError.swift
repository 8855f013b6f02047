/// Why an export, or the archive it came in, could not be read.
public enum WhatsAppExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The limits an export must stay within.
    public enum Limit: Hashable, Sendable {
        /// The text, or the chat inside an archive, may hold at most this many bytes.
        case bytes(Int)
        /// The chat may hold at most this many messages.
        case messages(Int)
        /// An archive entry may expand at most this many times its compressed size.
        case compressionRatio(Int)
    }

    /// None of the first non-empty lines opens with a WhatsApp date and time.
    case notAnExport
    /// The input is over one of the limits.
    case tooLarge(limit: Limit)
    /// The chat has two or more senders and none of them is the owner.
    case ownerNotFound
    /// The data is not a ZIP archive, or the archive is damaged; `reason` says where.
    case unreadableArchive(reason: String)
    /// The chat inside the archive is encrypted.
    case encryptedArchive
    /// The chat inside the archive is compressed with a method other than stored or deflate.
    case unsupportedCompression(method: Int)
    /// The archive holds no `_chat.txt` and not exactly one other `.txt` file.
    case noChatInArchive

    public var description: String {
        switch self {
        case .notAnExport:
            "not a WhatsApp chat export: none of the first \(WhatsAppExport.headerSearchLines) non-empty lines "
                + "starts with a date and time such as \"[22/11/2026, 14:05:33] Name:\" or \"22/11/2026, 14:05 - Name:\""
        case .tooLarge(.bytes(let limit)):
            "the chat is too large: over \(limit / (1024 * 1024)) MiB"
        case .tooLarge(.messages(let limit)):
            "the chat is too large: over \(limit) messages"
        case .tooLarge(.compressionRatio(let limit)):
            "the archive looks like a zip bomb: the chat expands over \(limit) times its compressed size"
        case .ownerNotFound:
            "the owner is not among the senders, and the chat has two or more other senders"
        case .unreadableArchive(let reason):
            "not a readable ZIP archive: \(reason)"
        case .encryptedArchive:
            "the chat in the archive is encrypted"
        case .unsupportedCompression(let method):
            "the chat in the archive uses compression method \(method); only stored (0) and deflate (8) are read"
        case .noChatInArchive:
            "the archive holds no _chat.txt and not exactly one other .txt file"
        }
    }
}
