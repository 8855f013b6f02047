import WebDAV

/// A ``WebDAV/CollectionShareStore`` whose reads are kept while the database's change stamp
/// is the one taken before them: every request to a home asks who shares what with its
/// user, and the answer changes only with a commit. Writes go straight through (and move
/// the stamp).
public struct CachedShareStore: CollectionShareStore {
    private struct Key: Hashable, Sendable {
        let user: String
        let tree: String
    }

    public let base: any CollectionShareStore
    private let signal: any ChangeSignal
    private let rows: StampedRows<Key, SharesOfUser>

    /// - Parameters:
    ///   - base: where shares are kept.
    ///   - signal: tells when `base` may have changed.
    ///   - maxBytes: memory for what is kept.
    public init(_ base: any CollectionShareStore, signal: any ChangeSignal, maxBytes: Int = 1 << 20) {
        self.base = base
        self.signal = signal
        rows = StampedRows(maxBytes: maxBytes) { key, shares in
            key.user.utf8.count + 64 + (shares?.all.count ?? 0) * 256
        }
    }

    public func shares(involving user: String, in tree: String) async throws(StoreError) -> SharesOfUser {
        let found = try await rows.row(for: Key(user: user, tree: tree), at: await signal.stamp()) { () async throws(StoreError) in
            try await base.shares(involving: user, in: tree)
        }
        return found ?? SharesOfUser(user: user, all: [])
    }

    public func saveShare(_ share: CollectionShare) async throws(StoreError) {
        try await base.saveShare(share)
    }

    public func removeShare(in tree: String, owner: String, collection: String, sharee: String) async throws(StoreError) {
        try await base.removeShare(in: tree, owner: owner, collection: collection, sharee: sharee)
    }

    public func removeShares(in tree: String, owner: String, collection: String) async throws(StoreError) {
        try await base.removeShares(in: tree, owner: owner, collection: collection)
    }

    public func removeShares(involving user: String) async throws(StoreError) {
        try await base.removeShares(involving: user)
    }
}
