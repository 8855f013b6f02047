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

    public init() {}

    public func judge(_ conversation: Conversation) async throws -> Judgement {
        judgeNow(conversation)
    }

    /// The same judgement, synchronously.
    public func judgeNow(_ conversation: Conversation) -> Judgement {
        let monthFirst = conversation.timeZone.hasPrefix("America/") || conversation.timeZone.hasPrefix("US/")
        var dialogue = Dialogue(now: conversation.now, monthFirst: monthFirst)
        var ownerName: String?
        for message in conversation.messages {
            if message.fromOwner, ownerName == nil, message.kind != .system { ownerName = message.sender }
            switch message.kind {
            case .system, .media: continue
            case .location:
                dialogue.read(BuiltinExtractor.analysis(of: message.text, pin: true), fromOwner: message.fromOwner, isPin: true)
            case .text:
                dialogue.read(BuiltinExtractor.analysis(of: message.text, pin: false), fromOwner: message.fromOwner, isPin: false)
            }
        }
        return dialogue.judgement(counterpart: conversation.counterpart, ownerName: ownerName, timeZone: conversation.timeZone)
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
