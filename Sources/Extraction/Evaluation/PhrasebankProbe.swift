import Foundation

/// Judges the phrasebanks' short exchanges (`Tests/ExtractionTests/Fixtures/blind/phrases/`) end
/// to end and compares each status with the one their labelled speech acts lead to.
///
/// The exchanges carry acts, not statuses, and many name no day, which per the labelling guide
/// makes even an accepted invitation no event. So a judgement of `NO_EVENT` is never counted
/// wrong; every other status that differs from the acts' is a *direction error*: a refusal read
/// as pending or agreed, a yes read as pending, a cancellation missed.
public enum PhrasebankProbe {
    /// One exchange, judged.
    public struct Result: Sendable {
        public var source: String
        public var line: Int
        public var dialect: String
        /// The acts of each message, joined: "propose accept cancel", "-" for a message with none.
        public var acts: String
        public var expected: Judgement.Status
        public var judged: Judgement.Status
        public var texts: [String]

        /// Judged another status than the acts lead to, other than no event.
        public var wrongDirection: Bool { judged != expected && judged != .noEvent }
    }

    /// The status a run of labelled messages leads to: the latest proposal stands until the
    /// other side accepts or refuses it; a refusal that proposes again counters; a cancellation
    /// ends it.
    public static func status(of messages: [(fromOwner: Bool, acts: Set<SpeechAct>)]) -> Judgement.Status {
        var status = Judgement.Status.noEvent
        var proposerIsOwner: Bool?
        for message in messages {
            let acts = message.acts
            let byOther = proposerIsOwner.map { $0 != message.fromOwner } ?? false
            if acts.contains(.cancel), status != .noEvent {
                status = .denied
            } else if acts.contains(.propose), !(acts.contains(.accept) && byOther) {
                status = .notConfirmed
                proposerIsOwner = message.fromOwner
            } else if acts.contains(.refuse), byOther || status == .agreed {
                status = .denied
            } else if acts.contains(.accept), byOther, status == .notConfirmed {
                status = .agreed
            }
        }
        return status
    }

    /// Judges every exchange of a phrasebank (JSON lines `{"dialect", "messages": [{"from":
    /// "owner" | "other", "text", "acts"}]}`) as said on Wednesday 2026-11-25 in Riyadh.
    public static func run(phrasebank file: URL, extractor: BuiltinExtractor = BuiltinExtractor()) throws -> [Result] {
        struct Exchange: Decodable {
            struct Line: Decodable {
                var from: String
                var text: String
                var acts: [String]
            }
            var dialect: String
            var messages: [Line]
        }
        let start = LocalDateTime(year: 2026, month: 11, day: 25, hour: 17)
        var results: [Result] = []
        let lines = try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isNewline)
        for (n, line) in lines.enumerated() where !line.isEmpty {
            let exchange: Exchange
            do { exchange = try JSONDecoder().decode(Exchange.self, from: Data(line.utf8)) } catch {
                throw LabelledActs.Invalid(description: "\(file.lastPathComponent) line \(n + 1) is not an exchange: \(error)")
            }
            let labelled = try exchange.messages.map { message in
                let acts = message.acts.compactMap(SpeechAct.init(label:))
                guard acts.count == message.acts.count else {
                    throw LabelledActs.Invalid(description: "\(file.lastPathComponent) line \(n + 1): unknown act in \(message.acts)")
                }
                return (fromOwner: message.from == "owner", acts: Set(acts))
            }
            let conversation = Conversation(messages: exchange.messages.enumerated().map { i, message in
                ChatMessage(sender: message.from == "owner" ? "Owner" : "Other", fromOwner: message.from == "owner",
                            sent: LocalDateTime(date: start.date, secondOfDay: start.secondOfDay + 60 * i), text: message.text)
            }, timeZone: "Asia/Riyadh")
            results.append(Result(
                source: file.lastPathComponent, line: n + 1, dialect: exchange.dialect,
                acts: exchange.messages.map { $0.acts.isEmpty ? "-" : $0.acts.joined(separator: "/") }.joined(separator: " "),
                expected: status(of: labelled), judged: extractor.judgeNow(conversation).status,
                texts: exchange.messages.map(\.text)))
        }
        return results
    }
}
