import WebDAV

/// Sharing as the application manages it, beside the protocol requests that do the same
/// (CS:share, CS:invite-reply): the JSON API, the admin page and the Baïkal migration call
/// these, so every way of sharing follows one set of rules.
extension CalDAVAdapter {
    /// The shares of `user`'s calendars and those offered to them.
    public func shares(of user: String) async throws(DAVError) -> SharesOfUser {
        let sharing = try requireSharing()
        return try await storing { () async throws(StoreError) in try await sharing.shares.shares(involving: user, in: DAVPath.tree) }
    }

    /// The account a sharee is named by: an email address, a `mailto:` address, a principal
    /// URL, or an account name.
    public func sharee(named name: String) async -> String? {
        guard let sharing else { return nil }
        if name.contains("@") || name.contains("/") { return await sharing.account(at: name.contains(":") || name.hasPrefix("/") ? name : "mailto:" + name) }
        return (try? await sharing.directory.userExists(name)) == true ? name : nil
    }

    /// Offers `owner`'s calendar `calendar` to `sharee` with `access`: an invitation for
    /// someone new (or who had declined), a change of access for someone who has it.
    public func offer(_ calendar: String, of owner: String, to sharee: String, access: ShareAccess, summary: String?,
                      now: Int) async throws(DAVError) -> CollectionShare {
        let sharing = try requireSharing()
        guard !owner.utf8.elementsEqual(sharee.utf8) else { throw DAVError.forbidden("a calendar is not shared with its owner") }
        let collection = try await shareable(calendar, of: owner)
        return try await storing { () async throws(StoreError) in
            try await sharing.shares.offer(collection.reference.name, of: owner, in: DAVPath.tree, to: sharee, access: access, summary: summary, now: now)
        }
    }

    /// Ends `sharee`'s share of `owner`'s calendar, whatever its status.
    public func withdraw(_ calendar: String, of owner: String, from sharee: String) async throws(DAVError) {
        let sharing = try requireSharing()
        try await storing { () async throws(StoreError) in
            try await sharing.shares.removeShare(in: DAVPath.tree, owner: owner, collection: calendar, sharee: sharee)
        }
    }

    /// Records `sharee`'s answer to the invitation `invitation`: accepting puts the calendar
    /// in their home (under a name nothing there has), declining, or leaving later, takes it out.
    public func answer(invitation: String, of sharee: String, accepting: Bool, now: Int) async throws(DAVError) -> CollectionShare {
        guard let share = try await shares(of: sharee).received.first(where: { $0.invitation == invitation }) else {
            throw DAVError(.needPrivileges, "no invitation of yours matches this answer; it may have been withdrawn")
        }
        return try await answer(share, accepting: accepting, now: now)
    }

    /// The owner's calendar, if it may be shared.
    private func shareable(_ calendar: String, of owner: String) async throws(DAVError) -> CalendarCollection {
        let reference = CalendarReference(owner: owner, name: calendar)
        guard let collection = try await storing({ () async throws(StoreError) in try await store.calendar(reference) }) else {
            throw DAVError.notFound("\(owner) has no calendar \(calendar)")
        }
        guard Self.canBeShared(collection) else {
            throw DAVError(.needPrivileges, collection.receivedShare != nil
                ? "only the owner of a calendar shares it" : "\(collection.displayName ?? calendar) cannot be shared")
        }
        return collection
    }

    func requireSharing() throws(DAVError) -> CalendarSharing {
        guard let sharing else { throw DAVError(status: 501, message: "sharing is off on this server") }
        return sharing
    }
}
