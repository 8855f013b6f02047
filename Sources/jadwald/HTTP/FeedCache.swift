import DAVCaching
import CalDAVCore
import WebDAV

/// The last feeds built, by what they were built from: a feed is a year of computed
/// times (about 1 MB), and subscribers and the public place feed ask for the same ones
/// again and again. Kept within a byte budget, least recently used dropped first.
final class FeedCache: Sendable {
    struct Entry: Sendable {
        let body: [UInt8]
        let etag: String
    }

    private let entries: ByteBudgetLRU<String, Entry>

    /// - Parameter maxBytes: memory the kept feeds may take.
    init(maxBytes: Int = 64 << 20) {
        entries = ByteBudgetLRU(maxBytes: maxBytes)
    }

    /// The cached entry for `key`, or the one `build` makes (not cached when `nil`).
    func entry(_ key: String, build: () -> [UInt8]?) -> Entry? {
        if let hit = entries.value(for: key) { return hit }
        guard let body = build() else { return nil }
        let entry = Entry(body: body, etag: "\"\(FNV1a.hex(body))\"")
        entries.set(entry, for: key, size: body.count + key.utf8.count + 64)
        return entry
    }
}
