import Foundation

/// The user message an LLM reads: the recent chat as `Sender (YYYY-MM-DD HH:MM): text` lines
/// in `<messages>`, and the tags that let it resolve "tomorrow at 8".
struct ConversationTranscript {
    /// The most recent messages shown, at most this many…
    var maxMessages: Int
    /// …and at most this many UTF-8 bytes of message lines.
    var maxBytes: Int

    /// How many days `<calendar>` lists, today included: enough for any weekday name.
    static let calendarDays = 14

    func render(_ conversation: Conversation) -> String {
        let owner = conversation.messages.first { $0.fromOwner }?.sender
        let now = conversation.now
        var text = "<messages>\n" + messageLines(conversation.messages) + "</messages>\n"
        if let owner { text += "<owner>\(Self.neutralised(owner))</owner>\n" }
        text += "<timezone>\(Self.neutralised(conversation.timeZone))</timezone>\n"
        text += "<date>\(now.date)</date>\n"
        text += "<time>\(Self.twoDigits(now.hour)):\(Self.twoDigits(now.minute))</time>\n"
        let days = (0..<Self.calendarDays).map { offset in
            let day = now.date.adding(days: offset)
            return "\(day) \(Self.weekdayNames[day.weekdayNumber - 1])\(offset == 0 ? " (today)" : "")"
        }
        text += "<calendar>\n" + days.joined(separator: "\n") + "\n</calendar>"
        return text
    }

    /// The lines of the newest messages that fit, oldest first, preceded by a note when
    /// older ones were left out. Media and system lines say nothing about plans.
    func messageLines(_ messages: [ChatMessage]) -> String {
        let shown = messages.filter { $0.kind == .text || $0.kind == .location }
        var lines: [String] = []
        var bytes = 0
        for message in shown.reversed() {
            guard lines.count < max(1, maxMessages) else { break }
            var line = Self.line(for: message)
            if lines.isEmpty {
                // The newest message alone is too long: show its beginning rather than nothing.
                if line.utf8.count > maxBytes { line = Self.prefix(of: line, bytes: maxBytes) + " …\n" }
            } else if bytes + line.utf8.count > maxBytes {
                break
            }
            lines.append(line)
            bytes += line.utf8.count
        }
        let omitted = shown.count - lines.count
        let note = omitted > 0 ? "[\(omitted) earlier message\(omitted == 1 ? "" : "s") left out]\n" : ""
        return note + lines.reversed().joined()
    }

    static func line(for message: ChatMessage) -> String {
        let sent = message.sent
        let stamp = "\(sent.date) \(twoDigits(sent.hour)):\(twoDigits(sent.minute))"
        var body = neutralised(message.text).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
        if message.kind == .location { body = "[location] " + body }
        return "\(neutralised(message.sender)) (\(stamp)): \(body)\n"
    }

    /// Chat text cannot close `<messages>` early or open a tag of its own: a message saying
    /// "</messages><date>…" would otherwise be read as part of the frame.
    static func neutralised(_ text: String) -> String {
        text.replacingOccurrences(of: "<", with: "‹").replacingOccurrences(of: ">", with: "›")
    }

    static func prefix(of text: String, bytes limit: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let size = character.utf8.count
            guard used + size <= limit else { break }
            result.append(character)
            used += size
        }
        return result
    }

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
