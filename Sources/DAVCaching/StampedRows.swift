import WebDAV

/// Collection rows (a calendar's, an address book's) kept while the store's
/// ``WebDAV/ChangeSignal`` stamp is the one taken before they were read: any commit, by
/// this process or another, moves the stamp, so a row is never served stale.
final class StampedRows<Key: Hashable & Sendable, Row: Sendable>: Sendable {
    private struct Entry: Sendable {
        let stamp: ChangeStamp
        let row: Row?
    }

    private let rows: ByteBudgetLRU<Key, Entry>
    private let sizeOf: @Sendable (Key, Row?) -> Int

    /// - Parameters:
    ///   - maxBytes: memory for the rows, as `size` counts them.
    ///   - size: the bytes a row (or the fact that there is none) takes.
    init(maxBytes: Int, size: @escaping @Sendable (Key, Row?) -> Int) {
        rows = ByteBudgetLRU(maxBytes: maxBytes)
        sizeOf = size
    }

    /// The row of `key` at `stamp`: kept from a read at the same stamp, or read now with
    /// `read` and kept (`nil`, no such row, is kept too). Without a stamp, always read.
    func row(for key: Key, at stamp: ChangeStamp?, reading read: () async throws(StoreError) -> Row?) async throws(StoreError) -> Row? {
        guard let stamp else { return try await read() }
        if let entry = rows.value(for: key, if: { $0.stamp == stamp }) { return entry.row }
        let found = try await read()
        rows.set(Entry(stamp: stamp, row: found), for: key, size: sizeOf(key, found))
        return found
    }
}
