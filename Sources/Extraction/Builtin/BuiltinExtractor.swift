import Foundation
import Synchronization

/// The embedded extractor: rule-based, deterministic and offline. It reads English, Gulf and
/// Modern Standard Arabic and Arabizi, mixed freely, and follows the labeling rules of the
/// shared fixtures (see `Tests/ExtractionTests/Fixtures/shared/README.md`).
///
/// Each message is analysed once (tokens, cues, dates and times, activity, place) and the
/// analysis is cached by text, so judging overlapping windows of a long chat stays cheap;
/// dates are resolved against the conversation's `now` at judging time.
public struct BuiltinExtractor: EventExtractor {
    public let name = "builtin"
    /// A speech-act model asked about the messages the lexicon reads no act in; nil (the
    /// default) reads the lexicon alone. See ``ActModel`` for why none is built in.
    public let actModel: ActModel?

    public init(actModel: ActModel? = nil) {
        self.actModel = actModel
    }

    public func judge(_ conversation: Conversation) async throws -> Judgement {
        judgeNow(conversation)
    }

    /// The same judgement, synchronously.
    /// - Parameters:
    ///   - labelledActs: For measuring the dialogue alone: the acts of each message, by its
    ///     index in `conversation.messages`, put in place of what the lexicon reads for the
    ///     acts in `replacing` (a message not listed does none).
    public func judgeNow(_ conversation: Conversation, labelledActs: [Int: Set<SpeechAct>]? = nil,
                         replacing: Set<SpeechAct> = Set(SpeechAct.allCases)) -> Judgement {
        let monthFirst = conversation.timeZone.hasPrefix("America/") || conversation.timeZone.hasPrefix("US/")
        var dialogue = Dialogue(now: conversation.now, monthFirst: monthFirst)
        var ownerName: String?
        var previous: (analysis: MessageAnalysis, fromOwner: Bool)?
        for (index, message) in conversation.messages.enumerated() {
            if message.fromOwner, ownerName == nil, message.kind != .system { ownerName = message.sender }
            switch message.kind {
            case .system, .media: continue
            case .location:
                dialogue.read(BuiltinExtractor.analysis(of: message.text, pin: true), fromOwner: message.fromOwner, isPin: true, on: message.sent.date)
            case .text:
                var analysis = BuiltinExtractor.analysis(of: message.text, pin: false)
                if let labelledActs {
                    analysis.takeActs(labelledActs[index] ?? [], replacing: replacing, text: message.text)
                }
                guard let actModel else {
                    dialogue.read(analysis, fromOwner: message.fromOwner, isPin: false, on: message.sent.date)
                    continue
                }
                var read = analysis
                read.readActs(with: actModel, text: message.text, context: BuiltinExtractor.context(after: previous, fromOwner: message.fromOwner))
                dialogue.read(read, fromOwner: message.fromOwner, isPin: false, on: message.sent.date)
                previous = (analysis, message.fromOwner)
            }
        }
        return dialogue.judgement(counterpart: conversation.counterpart, ownerName: ownerName, timeZone: conversation.timeZone)
    }

    /// The speech-act model's context features of a text message after `previous` (the text
    /// message before it, if any).
    static func context(after previous: (analysis: MessageAnalysis, fromOwner: Bool)?, fromOwner: Bool) -> [Int] {
        ActFeatures.contextBuckets(previousSignals: previous?.analysis.actSignals, sameSender: previous?.fromOwner == fromOwner)
    }

    private static let cache = Mutex<[String: MessageAnalysis]>([:])

    static func analysis(of text: String, pin: Bool) -> MessageAnalysis {
        let key = pin ? "\u{1}" + text : text
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let result = MessageAnalysis(text: text, isLocationPin: pin)
        cache.withLock { cache in
            if cache.count > 20_000 { cache.removeAll(keepingCapacity: true) }
            cache[key] = result
        }
        return result
    }
}
