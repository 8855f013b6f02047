import CalDAVCore
import Foundation
import Synchronization

/// The last feeds built, by what they were built from: a feed is a year of computed
/// times (about 1 MB), and subscribers and the public place feed ask for the same ones
/// again and again. Bounded; the oldest entry goes first.
final class FeedCache: Sendable {
    struct Entry: Sendable {
        let body: [UInt8]
        let etag: String
    }

    private let capacity: Int
    private let state = Mutex<(entries: [String: Entry], order: [String])>(([:], []))

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The cached entry for `key`, or the one `build` makes (not cached when `nil`).
    func entry(_ key: String, build: () -> [UInt8]?) -> Entry? {
        if let hit = state.withLock({ $0.entries[key] }) { return hit }
        guard let body = build() else { return nil }
        let entry = Entry(body: body, etag: "\"\(FNV1a.hex(body))\"")
        state.withLock { state in
            if state.entries.updateValue(entry, forKey: key) == nil { state.order.append(key) }
            while state.order.count > capacity { state.entries[state.order.removeFirst()] = nil }
        }
        return entry
    }
}
