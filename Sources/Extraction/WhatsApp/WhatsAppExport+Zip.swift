import Foundation

extension WhatsAppExport {
    /// Whether `data` starts like a ZIP archive (the local header signature `50 4B 03 04`), as "Export chat" shares on iOS
    /// and on Android with media.
    public static func isZip(_ data: Data) -> Bool {
        data.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    /// The chat text inside an exported `.zip`: `_chat.txt` (iOS), or the archive's only `.txt`
    /// file (Android's `WhatsApp Chat with ….txt`). Photos and other media beside it are not read.
    ///
    /// - Throws: ``WhatsAppExportError/unreadableArchive(reason:)`` for anything but an intact
    ///   archive, ``WhatsAppExportError/noChatInArchive``, ``WhatsAppExportError/encryptedArchive``,
    ///   ``WhatsAppExportError/unsupportedCompression(method:)``, and
    ///   ``WhatsAppExportError/tooLarge(limit:)`` for a chat over ``maximumBytes`` or one that
    ///   expands suspiciously far (a zip bomb).
    public static func chatText(fromZip data: Data) throws(WhatsAppExportError) -> String {
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(WhatsAppExportError) -> [UInt8] in
                let archive = try ZipArchive(bytes: bytes)
                return try archive.contents(of: try chatEntry(in: archive.entries), limit: maximumBytes)
            }
        }
        return ChatTextDecoding.decode(try result.get())
    }

    /// The text of an uploaded export, whether the `.zip` or the `.txt` inside it.
    public static func chatText(from data: Data) throws(WhatsAppExportError) -> String {
        if isZip(data) { return try chatText(fromZip: data) }
        guard data.count <= maximumBytes else { throw .tooLarge(limit: .bytes(maximumBytes)) }
        return ChatTextDecoding.decode(Array(data))
    }

    private static func chatEntry(in entries: [ZipArchive.Entry]) throws(WhatsAppExportError) -> ZipArchive.Entry {
        // macOS adds resource forks as __MACOSX/… and ._name; they are never the chat.
        let files = entries.filter { !$0.isDirectory && !$0.name.hasPrefix("__MACOSX/") && !$0.fileName.hasPrefix("._") }
        if let chat = files.first(where: { $0.fileName == "_chat.txt" }) { return chat }
        let texts = files.filter { $0.fileName.lowercased().hasSuffix(".txt") }
        guard texts.count == 1 else { throw .noChatInArchive }
        return texts[0]
    }
}
