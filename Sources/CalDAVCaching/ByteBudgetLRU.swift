import Synchronization

/// A thread-safe map that keeps its values within a byte budget, dropping the least
/// recently used first: the one eviction rule of every cache in the server.
///
/// Lookups and insertions are O(1): the entries form a list in use order, linked by
/// index within one array, beside a dictionary from key to slot. A value larger than
/// ``maxEntryBytes`` is not kept, so one large answer cannot empty the cache.
public final class ByteBudgetLRU<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Slot {
        var key: Key
        var value: Value
        var size: Int
        var newer: Int?
        var older: Int?
    }

    private struct State {
        var index: [Key: Int] = [:]
        var slots: [Slot?] = []
        var free: [Int] = []
        var newest: Int?
        var oldest: Int?
        var bytes = 0

        mutating func unlink(_ slot: Int) {
            let (newer, older) = (slots[slot]!.newer, slots[slot]!.older)
            if let newer { slots[newer]!.older = older } else { newest = older }
            if let older { slots[older]!.newer = newer } else { oldest = newer }
        }

        mutating func linkNewest(_ slot: Int) {
            slots[slot]!.older = newest
            slots[slot]!.newer = nil
            if let newest { slots[newest]!.newer = slot }
            newest = slot
            if oldest == nil { oldest = slot }
        }

        mutating func remove(_ slot: Int) {
            unlink(slot)
            let removed = slots[slot]!
            index[removed.key] = nil
            bytes -= removed.size
            slots[slot] = nil
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
            if state.newest != slot {
                state.unlink(slot)
                state.linkNewest(slot)
            }
            return state.slots[slot]!.value
        }
    }

    /// The value kept for `key` if `isCurrent` accepts it; one it refuses is dropped.
    public func value(for key: Key, if isCurrent: (Value) -> Bool) -> Value? {
        state.withLock { state in
            guard let slot = state.index[key] else { return nil }
            guard isCurrent(state.slots[slot]!.value) else {
                state.remove(slot)
                return nil
            }
            if state.newest != slot {
                state.unlink(slot)
                state.linkNewest(slot)
            }
            return state.slots[slot]!.value
        }
    }

    /// Keeps `value` (taking `size` bytes of the budget) under `key`, replacing what was
    /// there, then drops the least recently used values until the budget holds.
    public func set(_ value: Value, for key: Key, size: Int) {
        guard size <= maxEntryBytes else { return }
        state.withLock { state in
            if let slot = state.index[key] { state.remove(slot) }
            let slot: Int
            let entry = Slot(key: key, value: value, size: size)
            if let reused = state.free.popLast() {
                slot = reused
                state.slots[slot] = entry
            } else {
                slot = state.slots.count
                state.slots.append(entry)
            }
            state.index[key] = slot
            state.bytes += size
            state.linkNewest(slot)
            while state.bytes > maxBytes, let oldest = state.oldest {
                state.remove(oldest)
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
