import CalDAVCore
import WebDAV

/// A decorator of the CalDAV adapter that keeps answers to repeated reads of unchanged
/// calendars: clients poll with the same requests again and again (a ctag check, a
/// one-month query, a listing). It takes the adapter's place in the engine.
///
/// The adapter resolves the path first (``CalDAVAdapter/prepare(_:in:)``); when it names a
/// calendar, the answer is looked up by the request (method, path, Depth, preferences,
/// body), the principal and the calendar's state: its sync id, change position and
/// properties. A write moves the position or the properties, so a stale answer is never
/// served. Only answers the handler marks ``DAVResponse/isRepeatable`` are kept, from the
/// second time the same request is answered (``RepeatFilter``), within a byte budget,
/// least recently used dropped first.
public struct ResponseCache: DAVAdapter {
    public let handler: CalDAVAdapter
    private let answers: ByteBudgetLRU<Key, DAVResponse>
    private let repeats = RepeatFilter(capacity: 4096)

    struct Key: Hashable, Sendable {
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

    /// A collection's state as a cache key: its change position, and a hash of the rest.
    struct CollectionState: Hashable, Sendable {
        let properties: UInt64
        let changePosition: Int64
    }

    /// - Parameter maxBytes: memory the kept answers may take; one answer is kept only if
    ///   it is at most an eighth of it.
    public init(_ handler: CalDAVAdapter, maxBytes: Int = 64 << 20) {
        self.handler = handler
        answers = ByteBudgetLRU(maxBytes: maxBytes)
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
        guard request.method == "PROPFIND" || request.method == "REPORT", let calendar = prepared.calendar else {
            return await handler.answer(prepared)
        }
        // The path as sent: one resource spelt two ways is two entries, but no href is built.
        let key = Key(method: request.method, path: request.path, depth: request.header("depth"), minimal: prepared.context.prefersMinimal,
                      principal: context.principal, body: request.body, state: calendar.cacheState)
        if let hit = answers.value(for: key) { return hit }
        let response = await handler.answer(prepared)
        if response.isRepeatable && repeats.seenBefore(key) {
            answers.set(response, for: key, size: response.body.count + request.body.count + request.path.utf8.count + 256)
        }
        return response
    }

    /// The number of answers held, for tests and metrics.
    public var count: Int { answers.count }
}

extension CalendarCollection {
    /// Everything about the collection an answer about it may show, hashed: any write to
    /// its objects moves the change position, and any write to its properties changes the
    /// hash. Each part is hashed with its length, so no two sets of values run together.
    var cacheState: ResponseCache.CollectionState {
        var hash = FNV1a.offsetBasis
        func add(_ text: String?) {
            guard let text else { return add(bytes: [0xFF]) }
            add(bytes: text.utf8)
        }
        func add(bytes: some Collection<UInt8>) {
            withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { hash = FNV1a.hash($0, seed: hash) }
            hash = FNV1a.hash(bytes, seed: hash)
        }
        add(syncID)
        add(displayName)
        add(calendarDescription)
        add(color)
        add(order.map(String.init))
        add(timeZone)
        add(supportedComponents.sorted().joined(separator: ","))
        add(isReadOnly ? "r" : "w")
        for name in deadProperties.keys.sorted(by: { $0.description < $1.description }) {
            add(name.description)
            add(bytes: deadProperties[name]!)
        }
        return ResponseCache.CollectionState(properties: hash, changePosition: changePosition)
    }
}
