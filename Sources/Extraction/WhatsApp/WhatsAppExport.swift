/// Reads WhatsApp's "Export chat": the text every phone writes, in any of its layouts, and the
/// `.zip` archive iOS and newer Android builds share it in.
///
/// ```swift
/// let text = try WhatsAppExport.chatText(fromZip: upload)
/// let transcript = try WhatsAppExport.parse(text, owner: "Karim")
/// let judgement = try await extractor.judge(transcript.conversation(timeZone: "Asia/Riyadh"))
/// ```
public enum WhatsAppExport {
    /// The largest chat read, in bytes of UTF-8 (20 MiB).
    public static let maximumBytes = 20 * 1024 * 1024
    /// The most messages a chat may hold.
    public static let maximumMessages = 200_000
    /// How many non-empty lines may come before the first message before a text is judged not an export.
    static let headerSearchLines = 50

    /// Reads the text of an export.
    ///
    /// The layout is detected from the whole file: iOS or Android, day- or month-first, 12- or
    /// 24-hour clock, Latin or Arabic-Indic digits. Lines without a timestamp continue the message
    /// before them. WhatsApp's own lines are kept with kind ``ChatMessage/Kind/system``; left-out
    /// media are ``ChatMessage/Kind/media``; shared pins are ``ChatMessage/Kind/location``.
    ///
    /// - Parameters:
    ///   - text: The content of `_chat.txt` or `WhatsApp Chat with ….txt`.
    ///   - owner: The calendar owner's name as the export writes it; case, spaces and direction
    ///     marks do not matter. Lines from "You" are the owner's.
    /// - Throws: ``WhatsAppExportError/notAnExport``, ``WhatsAppExportError/tooLarge(limit:)``,
    ///   or ``WhatsAppExportError/ownerNotFound`` when two or more people wrote and none is `owner`.
    public static func parse(_ text: String, owner: String) throws(WhatsAppExportError) -> ChatTranscript {
        guard text.utf8.count <= maximumBytes else { throw .tooLarge(limit: .bytes(maximumBytes)) }
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(WhatsAppExportError) in try ExportParser(bytes: bytes, owner: owner).parse() }
        }
        return try result.get()
    }
}
