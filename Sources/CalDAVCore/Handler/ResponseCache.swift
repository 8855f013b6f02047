import Synchronization

/// Finished answers to PROPFIND and REPORT on calendar collections, kept while the
/// collection stays as it was. Clients poll with the same requests again and again
/// (a ctag check, a one-month query, a listing), and the answer depends only on the
/// request and the collection's state: its sync id, its change position and its
/// properties. A write moves the position or the properties, so a stale answer is never
/// served; entries are dropped least recently used first, within a byte budget.
public final class ResponseCache: Sendable {
    struct Key: Hashable, Sendable {
        let method: String
        let path: String
        let depth: String?
        let minimal: Bool
        let body: [UInt8]
        let state: CollectionState

        /// The body is hashed as one block of bytes: the synthesized hash feeds a byte at a
        /// time, which made hashing a 3 KB multiget body most of a cache hit's cost.
        func hash(into hasher: inout Hasher) {
            hasher.combine(method)
            hasher.combine(path)
            hasher.combine(depth)
            hasher.combine(minimal)
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

    private struct Entry {
        let response: DAVResponse
        let size: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let maxBytes: Int
    private let maxEntryBytes: Int
    private let state = Mutex(State())

    /// - Parameter maxBytes: memory the cached bodies may take; one answer is kept only if
    ///   it is at most an eighth of it.
    public init(maxBytes: Int = 64 << 20) {
        self.maxBytes = maxBytes
        maxEntryBytes = maxBytes / 8
    }

    func response(for key: Key) -> DAVResponse? {
        state.withLock { state in
            // One hash of the key (its body included), not one to read and one to write back.
            guard let index = state.entries.index(forKey: key) else { return nil }
            state.clock += 1
            state.entries.values[index].lastUse = state.clock
            return state.entries.values[index].response
        }
    }

    func store(_ response: DAVResponse, for key: Key) {
        let size = response.body.count + key.body.count + key.path.utf8.count + 256
        guard size <= maxEntryBytes else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue(Entry(response: response, size: size, lastUse: state.clock), forKey: key) {
                state.bytes -= old.size
            }
            state.bytes += size
            while state.bytes > maxBytes, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.size
            }
        }
    }

    /// The number of answers held, for tests and metrics.
    public var count: Int { state.withLock { $0.entries.count } }
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

extension DAVHandler {
    /// PROPFIND and REPORT on a calendar through the cache. Free-busy answers carry the
    /// time they were made, so they are not kept.
    func cachedRead(_ request: DAVRequest, target: DAVTarget, collection: CalendarCollection, context: DAVContext,
                    cache: ResponseCache) async throws(DAVError) -> DAVResponse {
        // The path as sent: one resource spelt two ways is two entries, but no href is built.
        let key = ResponseCache.Key(method: request.method, path: request.path, depth: request.header("depth"),
                                    minimal: context.prefersMinimal, body: request.body, state: collection.cacheState)
        if let hit = cache.response(for: key) { return hit }
        let response = request.method == "PROPFIND"
            ? try await propFind(request, target: target, context: context)
            : try await report(request, target: target, context: context)
        if response.status == 207 && !Self.contains(request.body, "free-busy-query") { cache.store(response, for: key) }
        return response
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { start in bytes[start..<start + needle.count].elementsEqual(needle) }
    }
}
