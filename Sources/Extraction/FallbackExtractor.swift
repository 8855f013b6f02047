/// Asks a primary extractor (typically an LLM) and, when it fails, a fallback (typically the
/// built-in one), so a conversation is judged even while the LLM is down or misbehaving.
///
/// Use ``judgeReportingSource(_:)`` to learn which one answered and why the primary failed,
/// for the log. Cancellation is not a failure: it is passed on, not answered by the fallback.
public struct FallbackExtractor: EventExtractor {
    /// A judgement and where it came from.
    public struct Outcome: Sendable {
        public var judgement: Judgement
        /// Why the primary gave no judgement; nil when it answered.
        public var primaryError: (any Error)?

        public init(judgement: Judgement, primaryError: (any Error)? = nil) {
            self.judgement = judgement
            self.primaryError = primaryError
        }

        /// Whether the fallback answered.
        public var usedFallback: Bool { primaryError != nil }
        /// The primary's failure in words, for a log line.
        public var error: String? { primaryError.map { String(describing: $0) } }
    }

    public let primary: any EventExtractor
    public let fallback: any EventExtractor

    public init(primary: any EventExtractor, fallback: any EventExtractor) {
        self.primary = primary
        self.fallback = fallback
    }

    /// `primary+fallback`, such as `llm+builtin`.
    public var name: String { "\(primary.name)+\(fallback.name)" }

    public func judge(_ conversation: Conversation) async throws -> Judgement {
        try await judgeReportingSource(conversation).judgement
    }

    /// The primary's judgement, or the fallback's with the primary's error. Throws only when
    /// the fallback fails too (its error) or the task is cancelled.
    public func judgeReportingSource(_ conversation: Conversation) async throws -> Outcome {
        do {
            return Outcome(judgement: try await primary.judge(conversation))
        } catch {
            if Task.isCancelled { throw error }
            return Outcome(judgement: try await fallback.judge(conversation), primaryError: error)
        }
    }
}
