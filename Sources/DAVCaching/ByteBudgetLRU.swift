import Synchronization

/// A thread-safe map that keeps its values within a byte budget, dropping the least
/// recently used first: the one eviction rule of every cache in the server.
///
/// Lookups and insertions are O(1): the entries form a list in use order, linked by
/// index within one array, beside a dictionary from key to slot. A value larger than
/// ``maxEntryBytes`` is not kept, so one large answer cannot empty the cache.
public final class ByteBudgetLRU<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var key: Key
        var value: Value
        var size: Int
    }

    /// A slot's place in the use order, apart from its entry so that reordering touches
    /// only integers (moving an entry with its key and value would retain and release them).
    private struct Link {
        var newer = -1
        var older = -1
    }

    private struct State {
        var index: [Key: Int] = [:]
        var entries: [Entry?] = []
        var links: [Link] = []
        var free: [Int] = []
        var newest = -1
        var oldest = -1
        var bytes = 0

        mutating func unlink(_ slot: Int) {
            let link = links[slot]
            if link.newer >= 0 { links[link.newer].older = link.older } else { newest = link.older }
            if link.older >= 0 { links[link.older].newer = link.newer } else { oldest = link.newer }
        }

        mutating func linkNewest(_ slot: Int) {
            links[slot] = Link(newer: -1, older: newest)
            if newest >= 0 { links[newest].newer = slot }
            newest = slot
            if oldest < 0 { oldest = slot }
        }

        /// Makes `slot` the most recently used.
        mutating func touch(_ slot: Int) {
            guard newest != slot else { return }
            unlink(slot)
            linkNewest(slot)
        }

        mutating func remove(_ slot: Int) {
            unlink(slot)
            if let removed = entries[slot] {
                index[removed.key] = nil
                bytes -= removed.size
            }
            entries[slot] = nil
            free.append(slot)
        }
    }

    private let state = Mutex(State())
    /// The bytes all kept values may take together.
    public let maxBytes: Int
    /// The largest value kept.
    public let maxEntryBytes: Int

    /// - Parameters:
    ///   - maxBytes: the budget for all values together, as their sizes are given.
    ///   - maxEntryBytes: the largest value kept; an eighth of the budget when not given.
    public init(maxBytes: Int, maxEntryBytes: Int? = nil) {
        self.maxBytes = maxBytes
        self.maxEntryBytes = maxEntryBytes ?? maxBytes / 8
    }

    /// The value kept for `key`, which becomes the most recently used.
    public func value(for key: Key) -> Value? {
        state.withLock { state in
            guard let slot = state.index[key] else { return nil }
            state.touch(slot)
            return state.entries[slot]?.value
        }
    }

    /// The value kept for `key` if `isCurrent` accepts it; one it refuses is dropped.
    public func value(for key: Key, if isCurrent: (Value) -> Bool) -> Value? {
        state.withLock { state in Self.current(key, isCurrent, in: &state) }
    }

    /// The values kept for `keys`, in their order (`nil` where there is none or
    /// `isCurrent` refuses it, which drops it), under one lock.
    public func values(for keys: [Key], if isCurrent: (Value) -> Bool) -> [Value?] {
        state.withLock { state in keys.map { Self.current($0, isCurrent, in: &state) } }
    }

    private static func current(_ key: Key, _ isCurrent: (Value) -> Bool, in state: inout State) -> Value? {
        guard let slot = state.index[key], let value = state.entries[slot]?.value else { return nil }
        guard isCurrent(value) else {
            state.remove(slot)
            return nil
        }
        state.touch(slot)
        return value
    }

    /// Keeps `value` (taking `size` bytes of the budget) under `key`, replacing what was
    /// there, then drops the least recently used values until the budget holds.
    public func set(_ value: Value, for key: Key, size: Int) {
        guard size <= maxEntryBytes else { return }
        state.withLock { state in
            if let slot = state.index[key] { state.remove(slot) }
            let slot: Int
            let entry = Entry(key: key, value: value, size: size)
            if let reused = state.free.popLast() {
                slot = reused
                state.entries[slot] = entry
            } else {
                slot = state.entries.count
                state.entries.append(entry)
                state.links.append(Link())
            }
            state.index[key] = slot
            state.bytes += size
            state.linkNewest(slot)
            while state.bytes > maxBytes, state.oldest >= 0 {
                state.remove(state.oldest)
            }
        }
    }

    /// Drops every value.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The number of values kept.
    public var count: Int { state.withLock { $0.index.count } }

    /// The bytes the kept values take, as their sizes were given.
    public var bytes: Int { state.withLock { $0.bytes } }
}
