import Foundation

/// The life of a share, the same for calendars and address books: offered, answered, left,
/// and what a name in a home leads to. The protocol adapters check what is being shared and
/// name it in the sharee's home; these keep the rules of the share itself.
extension CollectionShareStore {
    /// Where `name` in `user`'s home in `tree` leads: to a share the home holds under that
    /// name, or to the user's own collection (with the user's shares, to show them).
    public func route(_ name: String, of user: String, in tree: String) async throws(StoreError) -> (mine: SharesOfUser, mounted: CollectionShare?) {
        let mine = try await shares(involving: user, in: tree)
        return (mine, mine.mounted(as: name))
    }

    /// Offers `owner`'s `collection` to `sharee` with `access`: an invitation for someone new
    /// (or who had declined), a change of access for someone who has it.
    public func offer(_ collection: String, of owner: String, in tree: String, to sharee: String, access: ShareAccess,
                      summary: String?, now: Int) async throws(StoreError) -> CollectionShare {
        let current = try await shares(involving: owner, in: tree).ofCollection(collection).first { $0.isFor(sharee) }
        var share: CollectionShare
        if let current, current.status != .declined {
            share = current
            guard share.access != access || (summary != nil && share.summary != summary) else { return share }
            share.access = access
            share.summary = summary ?? share.summary
            share.inviteSeen = false
        } else {
            share = CollectionShare(tree: tree, owner: owner, collection: collection, sharee: sharee, access: access,
                                    invitation: UUID().uuidString.lowercased(), summary: summary, changedAt: now)
        }
        share.changedAt = now
        try await saveShare(share)
        return share
    }

    /// Records the sharee's answer: accepted under `mount` in their home, or declined (also
    /// leaving a share accepted before).
    public func answer(_ share: CollectionShare, mount: String?, now: Int) async throws(StoreError) -> CollectionShare {
        var answered = share
        answered.mount = mount
        answered.status = mount == nil ? .declined : .accepted
        answered.changedAt = now
        answered.answerSeen = false
        answered.inviteSeen = true
        try await saveShare(answered)
        return answered
    }
}

extension CollectionShare {
    /// The refusal of a write through a read-only share.
    public var readOnlyRefusal: StoreError {
        StoreError(.readOnly, "\(owner) shared this with you to read only")
    }
}
