import Foundation

/// One chat of a labelled folder: a WhatsApp export and, in the folder's `labels.json`,
/// what it should be judged as (the labelling rules are in the shared samples' README and
/// `Tests/ExtractionTests/Fixtures/blind/GUIDE.md`).
public struct LabelledChat: Decodable, Sendable {
    /// The agreed event as labelled: keywords are alternatives, any one of which must appear.
    public struct Event: Decodable, Sendable {
        public var title_keywords: [String]
        public var start_date: String
        public var end_date: String?
        public var start_time: String?
        public var end_time: String?
        public var location_keywords: [String]
    }

    public var file: String
    public var owner: String
    public var now: String
    public var tz: String
    public var status: String
    public var event: Event?
    /// `en`, `ar` or `mixed`, when labelled.
    public var lang: String?
    /// What the chat exercises (`implicit_accept`, `multi_day`, ...), when labelled.
    public var tags: [String]?

    /// The labels of a folder and each chat as a conversation to judge.
    public static func load(folder: URL) throws -> [(label: LabelledChat, conversation: Conversation)] {
        let labels = try JSONDecoder().decode([LabelledChat].self, from: Data(contentsOf: folder.appendingPathComponent("labels.json")))
        return try labels.map { label in
            let text = try String(contentsOf: folder.appendingPathComponent(label.file), encoding: .utf8)
            let transcript = try WhatsAppExport.parse(text, owner: label.owner)
            return (label, Conversation(messages: transcript.messages, timeZone: label.tz, now: LocalDateTime(iso8601: label.now)))
        }
    }
}
