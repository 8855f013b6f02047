/// Decides what a conversation says about a shared event.
///
/// The built-in extractor needs no network; an LLM-backed one may fail, and callers fall back
/// to the built-in one (see `FallbackExtractor`).
public protocol EventExtractor: Sendable {
    /// A short name for logs and for `--extractor`.
    var name: String { get }
    func judge(_ conversation: Conversation) async throws -> Judgement
}
