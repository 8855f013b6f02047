import NIOCore
import WebDAV

/// A decorator of a protocol adapter that keeps answers to repeated reads of unchanged
/// collections: clients poll with the same requests again and again (a ctag check, a
/// one-month query, a listing). It takes the adapter's place in the engine.
///
/// The adapter resolves the path first (``PreparingAdapter/prepare(_:in:)``); when it
/// names a collection, the answer is looked up by the request (method, path, Depth,
/// preferences, body), the principal and the collection's state
/// (``PreparingAdapter/collectionState(of:)``). A write moves the state, so a stale answer
/// is never served. Only answers the adapter marks ``DAVResponse/isRepeatable`` are kept,
/// from the second time the same request is answered (``RepeatFilter``), within the byte
/// budget of the ``KeptAnswers`` it keeps them in, which several decorators may share.
public struct ResponseCache<Adapter: PreparingAdapter>: DAVAdapter {
    public let handler: Adapter
    private let answers: KeptAnswers

    /// - Parameter maxBytes: memory the kept answers may take (a ``KeptAnswers`` of its own).
    public init(_ handler: Adapter, maxBytes: Int = 64 << 20) {
        self.init(handler, answers: KeptAnswers(maxBytes: maxBytes))
    }

    /// A decorator that keeps its answers in `answers`, perhaps shared with others.
    public init(_ handler: Adapter, answers: KeptAnswers) {
        self.handler = handler
        self.answers = answers
    }

    public var tree: String { handler.tree }
    public var complianceClasses: [String] { handler.complianceClasses }
    public var methods: [String] { handler.methods }
    public var principalProperties: [PropertyTable<ServerPath>.Definition] { handler.principalProperties }
    public var searchableProperties: [SearchableProperty] { handler.searchableProperties }

    public func node(at path: String, in context: DAVContext) async -> DAVNode? {
        await handler.node(at: path, in: context)
    }

    public func handle(_ request: DAVRequest, in context: DAVContext) async -> DAVResponse {
        let prepared = await handler.prepare(request, in: context)
        guard request.method == "PROPFIND" || request.method == "REPORT", let state = handler.collectionState(of: prepared) else {
            return await handler.answer(prepared)
        }
        // The path as sent: one resource spelt two ways is two entries, but no href is built.
        let key = ResponseCacheKey(method: request.method, path: request.path, depth: request.header("depth"),
                                   minimal: context.prefersMinimal, principal: context.principal,
                                   body: request.body, state: state)
        if let hit = answers.entries.value(for: key) { return hit }
        let response = await handler.answer(prepared)
        if response.isRepeatable && answers.repeats.seenBefore(key) {
            answers.entries.set(response, for: key, size: response.body.capacity + request.body.count + request.path.utf8.count + 256)
        }
        return response
    }

    /// The number of answers held, for tests and metrics.
    public var count: Int { answers.count }
}

/// Kept answers, least recently used dropped first: one budget for every decorator
/// given the same instance (the keys hold the path, so trees never meet).
public final class KeptAnswers: Sendable {
    let entries: ByteBudgetLRU<ResponseCacheKey, DAVResponse>
    let repeats = RepeatFilter(capacity: 4096)

    /// - Parameter maxBytes: memory the kept answers may take; one answer is kept only
    ///   if it is at most an eighth of it.
    public init(maxBytes: Int = 64 << 20) {
        entries = ByteBudgetLRU(maxBytes: maxBytes)
    }

    /// The number of answers held, for tests and metrics.
    public var count: Int { entries.count }
}

/// What a kept answer is found by.
struct ResponseCacheKey: Hashable, Sendable {
    let method: String
    let path: String
    let depth: String?
    let minimal: Bool
    let principal: String
    let body: [UInt8]
    let state: CollectionState

    /// The body is hashed as one block of bytes: the synthesized hash feeds a byte at a
    /// time, which would make hashing a multiget body the larger part of a cache hit.
    func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
        hasher.combine(depth)
        hasher.combine(minimal)
        hasher.combine(principal)
        hasher.combine(body.count)
        body.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(state)
    }
}
