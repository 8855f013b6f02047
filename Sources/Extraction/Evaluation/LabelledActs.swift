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

    /// The messages of a phrasebank: JSON lines `{"messages": [{"from": "owner" | "other",
    /// "text", "acts": [...]}]}`, each exchange read as a conversation so that every message has
    /// its place.
    public static func load(phrasebank file: URL) throws -> [Message] {
        struct Exchange: Decodable {
            struct Line: Decodable {
                var from: String
                var text: String
                var acts: [String]
            }
            var messages: [Line]
        }
        let start = LocalDateTime(year: 2026, month: 1, day: 1, hour: 12)
        var messages: [Message] = []
        let lines = try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isNewline)
        for (n, line) in lines.enumerated() where !line.isEmpty {
            let exchange = try decode(Exchange.self, line, at: "\(file.lastPathComponent) line \(n + 1)")
            let conversation = Conversation(messages: exchange.messages.enumerated().map { i, line in
                ChatMessage(sender: line.from, fromOwner: line.from == "owner",
                            sent: LocalDateTime(date: start.date, secondOfDay: start.secondOfDay + 60 * i), text: line.text)
            }, timeZone: "UTC")
            for (i, reading) in ActFeatures.readings(in: conversation).sorted(by: { $0.key < $1.key }) {
                messages.append(Message(source: file.lastPathComponent, chat: String(n + 1), index: i, reading: reading,
                                        acts: try known(exchange.messages[i].acts, at: "\(file.lastPathComponent) line \(n + 1)")))
            }
        }
        return messages
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
