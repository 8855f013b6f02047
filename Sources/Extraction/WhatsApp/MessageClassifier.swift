/// Tells WhatsApp's own lines, left-out media and location pins from words people wrote.
///
/// Only the first line of a message is looked at, as UTF-8 with ASCII letters lowercased (the
/// phrases are English or Arabic, which has no case); byte comparisons keep this cheap for
/// exports of many thousand messages. Phrases people could also type ("added", "left") count
/// only on lines iOS marks as its own with a leading U+200E; the rest count wherever they appear.
/// Lines without a sender never get here: they are WhatsApp's in any case.
enum MessageClassifier {
    /// - Parameters:
    ///   - firstLine: The first line of the message text, leading marks removed.
    ///   - isMarked: Whether the text began with an invisible mark.
    static func kind(ofFirstLine firstLine: UnsafeBufferPointer<UInt8>, isMarked: Bool) -> ChatMessage.Kind {
        // Notices, media placeholders and pins are short; long lines are words.
        guard firstLine.count <= 300 else { return .text }
        let line = lowercasedTrimmed(firstLine)
        if isSystemNotice(line) { return .system }
        if isMedia(line) { return .media }
        if isLocation(line) { return .location }
        if isMarked, groupEventPhrases.contains(where: { line.contains($0) }) { return .system }
        return .text
    }

    private static func lowercasedTrimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> ArraySlice<UInt8> {
        var line = Array(bytes)
        for index in line.indices where (0x41...0x5A).contains(line[index]) { line[index] += 0x20 }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D }
        let start = line.firstIndex { !isSpace($0) } ?? line.endIndex
        let end = line.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
        return line[start..<max(start, end)]
    }

    // MARK: Kinds

    private static func isSystemNotice(_ line: ArraySlice<UInt8>) -> Bool {
        if systemPrefixes.contains(where: { line.starts(with: $0) }) { return true }
        var sentence = line
        while sentence.last == UInt8(ascii: ".") { sentence.removeLast() }
        return systemSentences.contains { sentence.elementsEqual($0) }
    }

    private static func isMedia(_ line: ArraySlice<UInt8>) -> Bool {
        if line.starts(with: utf8("<")), line.hasSuffix(utf8("omitted>")) { return true } // <Media omitted>, <View once media omitted>
        if mediaPrefixes.contains(where: { line.starts(with: $0) }) { return true }
        if mediaSuffixes.contains(where: { line.hasSuffix($0) }) { return true }
        return line.contains(utf8("(file attached)")) || line.contains(utf8("(ملف مرفق)")) // Android export with media
    }

    private static func isLocation(_ line: ArraySlice<UInt8>) -> Bool {
        if line.starts(with: utf8("location: ")) || line.starts(with: utf8("الموقع: ")) { return line.contains(utf8("http")) }
        return line.contains(utf8("live location shared")) || line.contains(utf8("الموقع المباشر"))
    }

    // MARK: Phrases, lowercase

    private static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Lines that are WhatsApp's, however they appear.
    private static let systemPrefixes = [
        "messages and calls are end-to-end encrypted",
        "messages to this chat and calls are now secured with end-to-end encryption",
        "your security code with",
        "waiting for this message",
        "missed voice call",
        "missed video call",
        "missed group voice call",
        "missed group video call",
        "الرسائل والمكالمات مشفرة",
        "في انتظار هذه الرسالة",
        "بانتظار هذه الرسالة",
        "مكالمة صوتية فائتة",
        "مكالمة فيديو فائتة",
        "تغيّر رمز الأمان",
        "تغير رمز الأمان",
    ].map(utf8)

    /// Whole lines that are WhatsApp's (compared without a final full stop).
    private static let systemSentences = [
        "this message was deleted",
        "you deleted this message",
        "this message was deleted by admin",
        "تم حذف هذه الرسالة",
        "حذفت هذه الرسالة",
        "لقد حذفت هذه الرسالة",
        "أنت حذفت هذه الرسالة",
    ].map(utf8)

    /// Group and chat events ("‎Zaid added Karim", "‎You left"), recognised only where WhatsApp
    /// marks the line as its own: people write these words too.
    private static let groupEventPhrases = [
        "created group", "created this group", " added", " removed", " left", " joined using", " changed",
        "deleted this group's icon", "disappearing messages", "is a contact", "this business", "business account",
        "pinned a message", "started a call", "now an admin", "security code",
        "أنشأ", "أضاف", "أضفت", "غادر", "أزال", "انضم", "غيّر", "قام بتغيير", "الرسائل المؤقتة", "الرسائل ذاتية الاختفاء",
    ].map(utf8)

    private static let mediaPrefixes = [
        "<attached: ", "<مرفق: ", // iOS export with media
        "تم استبعاد", "<تم استبعاد", // "… omitted" in Arabic
    ].map(utf8)

    private static let mediaSuffixes = [
        "image omitted", "video omitted", "audio omitted", "sticker omitted", "gif omitted", "document omitted",
        "contact card omitted", "photo omitted", "media omitted", "voice message omitted",
    ].map(utf8)
}

private extension ArraySlice<UInt8> {
    func hasSuffix(_ suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(endIndex - suffix.count)...].elementsEqual(suffix)
    }

    func contains(_ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= count else { return needle.isEmpty }
        var index = startIndex
        while index <= endIndex - needle.count {
            if self[index] == first, self[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
