import Synchronization

/// Tells whether a key was seen among the last few keys offered: a cache admits an entry on
/// its second sighting, so that requests made once (a multiget of random objects, a query
/// of some window) do not push out the answers clients ask for again and again.
///
/// Holds hash values only, in a ring of fixed size: a collision at worst admits an entry
/// early.
final class RepeatFilter: Sendable {
    private struct Ring {
        var slots: [Int]
        var members: Set<Int>
        var next = 0
    }

    private let ring: Mutex<Ring>
    private let capacity: Int

    /// - Parameter capacity: how many of the latest keys are remembered.
    init(capacity: Int) {
        ring = Mutex(Ring(slots: [], members: Set(minimumCapacity: capacity)))
        self.capacity = capacity
    }

    /// Whether `key` was offered before among the remembered keys; remembers it otherwise.
    func seenBefore(_ key: some Hashable) -> Bool {
        let hash = key.hashValue
        return ring.withLock { ring in
            if ring.members.contains(hash) { return true }
            if ring.slots.count < capacity {
                ring.slots.append(hash)
            } else {
                ring.members.remove(ring.slots[ring.next])
                ring.slots[ring.next] = hash
                ring.next = (ring.next + 1) % capacity
            }
            ring.members.insert(hash)
            return false
        }
    }
}
