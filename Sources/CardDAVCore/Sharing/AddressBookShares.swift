import WebDAV

/// Sharing address books, for the application (the JSON API and the admin page: the
/// clients people use do not share address books themselves): offering one's own book,
/// answering, ending. Accepted, a book appears in the sharee's address book home.
extension CardDAVAdapter {
    /// The shares of `user`'s address books and those offered to them.
    public func bookShares(of user: String) async throws(DAVError) -> SharesOfUser {
        let shares = try requireShares()
        return try await storing { () async throws(StoreError) in try await shares.shares(involving: user, in: CardDAVPath.tree) }
    }

    /// Offers `owner`'s address book `book` to `sharee` with `access`.
    public func offer(book name: String, of owner: String, to sharee: String, access: ShareAccess, now: Int) async throws(DAVError) -> CollectionShare {
        let shares = try requireShares()
        guard !owner.utf8.elementsEqual(sharee.utf8) else { throw DAVError.forbidden("an address book is not shared with its owner") }
        guard let book = try await storing({ () async throws(StoreError) in try await store.addressBook(AddressBookReference(owner: owner, name: name)) }) else {
            throw DAVError.notFound("\(owner) has no address book \(name)")
        }
        guard book.receivedShare == nil else {
            throw DAVError(.needPrivileges, "only the owner of an address book shares it")
        }
        return try await storing { () async throws(StoreError) in
            try await shares.offer(name, of: owner, in: CardDAVPath.tree, to: sharee, access: access, summary: nil, now: now)
        }
    }

    /// Ends `sharee`'s share of `owner`'s address book.
    public func withdraw(book name: String, of owner: String, from sharee: String) async throws(DAVError) {
        let shares = try requireShares()
        try await storing { () async throws(StoreError) in
            try await shares.removeShare(in: CardDAVPath.tree, owner: owner, collection: name, sharee: sharee)
        }
    }

    /// Records `sharee`'s answer to the invitation `invitation`: accepting puts the book in
    /// their home under a name nothing there has, declining (or leaving) takes it out.
    public func answerBook(invitation: String, of sharee: String, accepting: Bool, now: Int) async throws(DAVError) -> CollectionShare {
        let shares = try requireShares()
        guard let share = try await bookShares(of: sharee).received.first(where: { $0.invitation == invitation }) else {
            throw DAVError(.needPrivileges, "no invitation of yours matches this answer; it may have been withdrawn")
        }
        if accepting, share.status == .accepted, share.mount != nil { return share }
        var mount: String?
        if accepting {
            for candidate in [share.collection, "\(share.collection)-\(share.owner)"] + (2...20).map({ "\(share.collection)-\(share.owner)-\($0)" })
            where try await storing({ () async throws(StoreError) in try await store.addressBook(AddressBookReference(owner: sharee, name: candidate)) }) == nil {
                mount = candidate
                break
            }
            guard mount != nil else { throw DAVError.conflict("no free name for the address book in \(sharee)'s home") }
        }
        let chosen = mount
        return try await storing { () async throws(StoreError) in try await shares.answer(share, mount: chosen, now: now) }
    }

    private func requireShares() throws(DAVError) -> any CollectionShareStore {
        guard let shares else { throw DAVError(status: 501, message: "sharing is off on this server") }
        return shares
    }
}
