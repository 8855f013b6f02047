import Foundation

/// Delegation, as the CalendarServer calendar-proxy extension has it (caldav-proxy): an
/// account lets others act in its whole calendar home, reading (its `calendar-proxy-read`
/// group) or reading and writing (`calendar-proxy-write`). A delegation is kept as a
/// ``CollectionShare`` of the home, in the tree ``tree``, with the delegator as owner and the
/// delegate as sharee, always accepted.
public struct Delegation: Sendable {
    /// The tree delegations are kept in.
    public static let tree = "calendar-proxy"
    /// The collection a delegation shares: the whole calendar home.
    public static let home = ""

    /// Where delegations are kept.
    public let shares: any CollectionShareStore
    /// Whether an account of this name exists (a delegate must).
    public let accountExists: @Sendable (String) async -> Bool
    /// An account's email addresses, which its delegates see on its principal.
    public let emailAddresses: @Sendable (String) async -> [String]

    public init(shares: any CollectionShareStore, accountExists: @escaping @Sendable (String) async -> Bool,
                emailAddresses: @escaping @Sendable (String) async -> [String] = { _ in [] }) {
        self.shares = shares
        self.accountExists = accountExists
        self.emailAddresses = emailAddresses
    }

    /// The name of a principal's group of delegates with `access`, a path segment under the principal.
    public static func groupName(_ access: ShareAccess) -> String {
        access == .read ? "calendar-proxy-read" : "calendar-proxy-write"
    }

    /// Lets `delegate` act in `owner`'s calendars with `access` (replacing what they had).
    public func delegate(_ owner: String, to delegate: String, access: ShareAccess, now: Int) async throws(StoreError) {
        guard !owner.utf8.elementsEqual(delegate.utf8) else { throw StoreError(.invalidTransfer, "one does not delegate to oneself") }
        guard await accountExists(delegate) else { throw StoreError(.notFound, "no account is named \(delegate)") }
        let current = try await shares.shares(involving: owner, in: Self.tree).given.first { $0.isFor(delegate) }
        guard current?.access != access else { return }
        try await shares.saveShare(Self.share(of: owner, to: delegate, access: access, invitation: current?.invitation ?? UUID().uuidString.lowercased(), now: now))
    }

    /// Ends `delegate`'s delegation from `owner`; whether there was one.
    @discardableResult
    public func revoke(_ owner: String, from delegate: String) async throws(StoreError) -> Bool {
        guard try await shares.shares(involving: owner, in: Self.tree).given.contains(where: { $0.isFor(delegate) }) else { return false }
        try await shares.removeShare(in: Self.tree, owner: owner, collection: Self.home, sharee: delegate)
        return true
    }

    /// The delegation of `owner`'s calendars to `delegate`, as stored.
    public static func share(of owner: String, to delegate: String, access: ShareAccess, invitation: String, now: Int) -> CollectionShare {
        CollectionShare(tree: tree, owner: owner, collection: home, sharee: delegate, access: access, status: .accepted,
                        invitation: invitation, changedAt: now, inviteSeen: true, answerSeen: true)
    }
}

/// An account that delegated its calendars to the principal of a request.
public struct Delegator: Sendable {
    public let user: String
    public let access: ShareAccess
    /// Its email addresses: its calendar user addresses, which the delegate acts with.
    public let emailAddresses: [String]

    public init(user: String, access: ShareAccess, emailAddresses: [String]) {
        self.user = user
        self.access = access
        self.emailAddresses = emailAddresses
    }
}

/// A request made by a delegate in the home of the account that delegated to them: the
/// adapter answers it as that account (scheduling then acts for them), remembering who asked.
public struct OnBehalf: Hashable, Sendable {
    /// The delegate who sent the request.
    public let delegate: String
    /// What the delegator allowed.
    public let access: ShareAccess

    public init(delegate: String, access: ShareAccess) {
        self.delegate = delegate
        self.access = access
    }
}
