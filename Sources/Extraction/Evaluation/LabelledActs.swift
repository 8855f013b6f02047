import Foundation

/// Messages with the speech acts people labelled them with (see
/// `Tests/ExtractionTests/Fixtures/blind/ACTS.md`): the development folders' `acts.jsonl`, and
/// the phrasebanks of short exchanges.
public enum LabelledActs {
    /// One labelled message: what the extractor reads of it and the acts it was labelled with.
    public struct Message: Sendable {
        /// The folder or phrasebank it comes from.
        public var source: String
        /// The chat (a file, or a phrasebank's line number).
        public var chat: String
        /// Its index among the conversation's messages.
        public var index: Int
        public var reading: ActFeatures.Reading
        public var acts: Set<SpeechAct>
    }

    /// What is wrong with a labels file.
    public struct Invalid: Error, CustomStringConvertible {
        public var description: String
    }

    /// The text messages of a labelled folder with the acts its `acts.jsonl` gives them.
    public static func load(folder: URL) throws -> [Message] {
        struct Line: Decodable {
            var file: String
            var acts: [String: [String]]
        }
        var labelled: [String: [String: [String]]] = [:]
        let text = try String(contentsOf: folder.appendingPathComponent("acts.jsonl"), encoding: .utf8)
        for (n, line) in text.split(whereSeparator: \.isNewline).enumerated() where !line.isEmpty {
            let entry = try decode(Line.self, line, at: "acts.jsonl line \(n + 1)")
            guard labelled.updateValue(entry.acts, forKey: entry.file) == nil else {
                throw Invalid(description: "acts.jsonl line \(n + 1): \(entry.file) is labelled twice")
            }
        }
        var messages: [Message] = []
        let chats = try LabelledChat.load(folder: folder)
        if let stranger = Set(labelled.keys).subtracting(chats.map(\.label.file)).min() {
            throw Invalid(description: "\(folder.path)/acts.jsonl labels \(stranger), which labels.json does not list")
        }
        for (label, conversation) in chats {
            guard let acts = labelled[label.file] else { throw Invalid(description: "\(folder.path)/acts.jsonl has no line for \(label.file)") }
            let readings = ActFeatures.readings(in: conversation)
            if let stray = acts.keys.first(where: { Int($0).map { readings[$0] == nil } ?? true }) {
                throw Invalid(description: "\(label.file): \(stray) is not the number of one of its text messages")
            }
            for (i, reading) in readings.sorted(by: { $0.key < $1.key }) {
                let names = acts[String(i)] ?? []
                messages.append(Message(source: folder.lastPathComponent, chat: label.file, index: i, reading: reading,
                                        acts: try known(names, at: "\(label.file) message \(i)")))
            }
        }
        return messages
    }

    /// One exchange of a phrasebank, as a conversation, with each message's acts.
    public struct Exchange: Sendable {
        /// Its line in the phrasebank, from 1.
        public var line: Int
        public var dialect: String
        public var conversation: Conversation
        public var acts: [Set<SpeechAct>]
    }

    /// The exchanges of a phrasebank: JSON lines `{"dialect", "messages": [{"from": "owner" |
    /// "other", "text", "acts": [...]}]}`, each read as a conversation whose messages are a
    /// minute apart from `start`, in `timeZone`.
    public static func exchanges(phrasebank file: URL, start: LocalDateTime = LocalDateTime(year: 2026, month: 1, day: 1, hour: 12),
                                 timeZone: String = "UTC") throws -> [Exchange] {
        struct Line: Decodable {
            struct Message: Decodable {
                var from: String
                var text: String
                var acts: [String]
            }
            var dialect: String?
            var messages: [Message]
        }
        var exchanges: [Exchange] = []
        let lines = try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isNewline)
        for (n, line) in lines.enumerated() where !line.isEmpty {
            let place = "\(file.lastPathComponent) line \(n + 1)"
            let exchange = try decode(Line.self, line, at: place)
            let conversation = Conversation(messages: exchange.messages.enumerated().map { i, message in
                ChatMessage(sender: message.from == "owner" ? "Owner" : "Other", fromOwner: message.from == "owner",
                            sent: LocalDateTime(date: start.date, secondOfDay: start.secondOfDay + 60 * i), text: message.text)
            }, timeZone: timeZone)
            exchanges.append(Exchange(line: n + 1, dialect: exchange.dialect ?? "", conversation: conversation,
                                      acts: try exchange.messages.map { try known($0.acts, at: place) }))
        }
        return exchanges
    }

    /// The messages of a phrasebank, each exchange read as a conversation so that every message
    /// has its place.
    public static func load(phrasebank file: URL) throws -> [Message] {
        try exchanges(phrasebank: file).flatMap { exchange in
            ActFeatures.readings(in: exchange.conversation).sorted(by: { $0.key < $1.key }).map { i, reading in
                Message(source: file.lastPathComponent, chat: String(exchange.line), index: i, reading: reading, acts: exchange.acts[i])
            }
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ line: Substring, at place: String) throws -> T {
        do { return try JSONDecoder().decode(type, from: Data(line.utf8)) } catch {
            throw Invalid(description: "\(place) is not a label line: \(error)")
        }
    }

    private static func known(_ names: [String], at place: String) throws -> Set<SpeechAct> {
        let acts = names.compactMap(SpeechAct.init(label:))
        guard acts.count == names.count else { throw Invalid(description: "\(place): unknown act in \(names)") }
        return Set(acts)
    }
}
