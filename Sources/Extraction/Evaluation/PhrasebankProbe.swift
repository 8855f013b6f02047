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

    /// Judges every exchange of a phrasebank (see ``LabelledActs/exchanges(phrasebank:start:timeZone:)``)
    /// as said on Wednesday 2026-11-25 in Riyadh.
    public static func run(phrasebank file: URL, extractor: BuiltinExtractor = BuiltinExtractor()) throws -> [Result] {
        let start = LocalDateTime(year: 2026, month: 11, day: 25, hour: 17)
        return try LabelledActs.exchanges(phrasebank: file, start: start, timeZone: "Asia/Riyadh").map { exchange in
            let messages = exchange.conversation.messages
            return Result(
                source: file.lastPathComponent, line: exchange.line, dialect: exchange.dialect,
                acts: exchange.acts.map { $0.isEmpty ? "-" : $0.sorted { $0.rawValue < $1.rawValue }.map(\.label).joined(separator: "/") }.joined(separator: " "),
                expected: status(of: zip(messages, exchange.acts).map { (fromOwner: $0.fromOwner, acts: $1) }),
                judged: extractor.judgeNow(exchange.conversation).status,
                texts: messages.map(\.text))
        }
    }
}
