import WebDAV

/// A ``CollectionShareStore`` held in memory, for tests and as the reference its
/// conformance checks are written against.
public actor InMemoryShareStore: CollectionShareStore {
    private var shares: [CollectionShare] = []

    public init(_ shares: [CollectionShare] = []) {
        self.shares = shares
    }

    public func shares(involving user: String, in tree: String) -> SharesOfUser {
        SharesOfUser(user: user, all: shares.filter { $0.tree == tree && ($0.owner.utf8.elementsEqual(user.utf8) || $0.isFor(user)) })
    }

    public func saveShare(_ share: CollectionShare) throws(StoreError) {
        if let mount = share.mount, shares.contains(where: {
            $0.tree == share.tree && $0.isFor(share.sharee) && $0.mount == mount && !Self.sameKey($0, share)
        }) {
            throw StoreError(.alreadyExists, "\(share.sharee) already has a shared collection named \(mount)")
        }
        shares.removeAll { Self.sameKey($0, share) }
        shares.append(share)
    }

    public func removeShare(in tree: String, owner: String, collection: String, sharee: String) {
        shares.removeAll { $0.tree == tree && $0.isOf(owner: owner, collection: collection) && $0.isFor(sharee) }
    }

    public func removeShares(in tree: String, owner: String, collection: String) {
        shares.removeAll { $0.tree == tree && $0.isOf(owner: owner, collection: collection) }
    }

    public func removeShares(involving user: String) {
        shares.removeAll { $0.owner.utf8.elementsEqual(user.utf8) || $0.isFor(user) }
    }

    private static func sameKey(_ a: CollectionShare, _ b: CollectionShare) -> Bool {
        a.tree == b.tree && a.isOf(owner: b.owner, collection: b.collection) && a.isFor(b.sharee)
    }
}
