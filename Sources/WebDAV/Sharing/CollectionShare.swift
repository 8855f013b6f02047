/// What a sharee may do in a shared collection.
public enum ShareAccess: String, Hashable, Sendable, CaseIterable {
    /// Read the collection and its members; change only their own view of it (its name, colour).
    case read
    /// Read and write members as the owner could; the collection itself stays the owner's.
    case readWrite = "read-write"
}

/// Where an invitation to share stands.
public enum ShareStatus: String, Hashable, Sendable, CaseIterable {
    /// Invited; the sharee has not answered.
    case pending
    /// The sharee accepted: the collection is in their home.
    case accepted
    /// The sharee declined, or left after accepting.
    case declined
}

/// One person's share of another's collection: a calendar or an address book that its owner
/// offered to the sharee, how far the sharee may change it, and how the sharee sees it.
///
/// A share names the owner's collection by its owner and name in one protocol's tree
/// (`calendars`, `addressbooks`). Once accepted, the collection appears in the sharee's home
/// under ``mount``, with the sharee's own display name, colour and order: the per-user
/// properties of the CalendarServer sharing extension (§5.5.3).
public struct CollectionShare: Hashable, Sendable {
    /// The tree of the collection's protocol, as in ``DAVAdapter/tree``.
    public var tree: String
    public var owner: String
    /// The collection's name in its owner's home.
    public var collection: String
    /// The account it is shared with.
    public var sharee: String
    public var access: ShareAccess
    public var status: ShareStatus
    /// The collection's name in the sharee's home while accepted; `nil` otherwise.
    public var mount: String?
    /// Identifies the invitation (CalendarServer's CS:uid): it changes when the owner
    /// shares again after a share was removed, so an old reply cannot answer a new offer.
    public var invitation: String
    /// The owner's note to the sharee (CS:summary).
    public var summary: String?
    /// The sharee's own view: display name, description, colour and order.
    public var displayName: String?
    public var calendarDescription: String?
    public var color: String?
    public var order: Int?
    /// Seconds since the epoch of the last change of access or status: the time of the
    /// notification it makes.
    public var changedAt: Int
    /// Whether the sharee has dismissed the notification of the invitation.
    public var inviteSeen: Bool
    /// Whether the owner has dismissed the notification of the sharee's answer.
    public var answerSeen: Bool

    public init(tree: String, owner: String, collection: String, sharee: String, access: ShareAccess,
                status: ShareStatus = .pending, mount: String? = nil, invitation: String, summary: String? = nil,
                displayName: String? = nil, calendarDescription: String? = nil, color: String? = nil, order: Int? = nil,
                changedAt: Int, inviteSeen: Bool = false, answerSeen: Bool = true) {
        self.tree = tree
        self.owner = owner
        self.collection = collection
        self.sharee = sharee
        self.access = access
        self.status = status
        self.mount = mount
        self.invitation = invitation
        self.summary = summary
        self.displayName = displayName
        self.calendarDescription = calendarDescription
        self.color = color
        self.order = order
        self.changedAt = changedAt
        self.inviteSeen = inviteSeen
        self.answerSeen = answerSeen
    }

    /// Whether this names `owner`'s collection `collection` (names compared byte for byte,
    /// as account names are).
    public func isOf(owner: String, collection: String) -> Bool {
        self.owner.utf8.elementsEqual(owner.utf8) && self.collection.utf8.elementsEqual(collection.utf8)
    }

    /// Whether `user`'s home holds it under `name`.
    public func isMounted(by user: String, as name: String) -> Bool {
        status == .accepted && sharee.utf8.elementsEqual(user.utf8) && mount.map { $0.utf8.elementsEqual(name.utf8) } == true
    }

    /// Whether `user` is the sharee.
    public func isFor(_ user: String) -> Bool { sharee.utf8.elementsEqual(user.utf8) }
}

/// What one user has of shares in one tree: those of their own collections, and those
/// offered to them.
public struct SharesOfUser: Sendable {
    public let user: String
    public let all: [CollectionShare]

    public init(user: String, all: [CollectionShare]) {
        self.user = user
        self.all = all
    }

    /// The shares of the user's collection `name`.
    public func ofCollection(_ name: String) -> [CollectionShare] {
        all.filter { $0.isOf(owner: user, collection: name) }
    }

    /// The share the user's home holds under `name`, if it is one.
    public func mounted(as name: String) -> CollectionShare? {
        all.first { $0.isMounted(by: user, as: name) }
    }

    /// The shares offered to the user.
    public var received: [CollectionShare] { all.filter { $0.isFor(user) } }

    /// The shares of the user's own collections.
    public var given: [CollectionShare] { all.filter { $0.owner.utf8.elementsEqual(user.utf8) } }
}

/// How a collection is shared, as the user whose home holds it sees it.
public enum CollectionSharing: Hashable, Sendable {
    /// The user's own collection, offered to others by these shares (whatever their status).
    case owned([CollectionShare])
    /// Someone else's collection, in the user's home through this accepted share.
    case received(CollectionShare)

    /// A stable text of everything an answer about the collection may show of its sharing,
    /// for cache keys.
    public var digest: String {
        switch self {
        case .owned(let shares):
            return "o" + shares.map { "\($0.sharee)\u{1}\($0.access.rawValue)\u{1}\($0.status.rawValue)\u{1}\($0.summary ?? "")" }
                .joined(separator: "\u{2}")
        case .received(let share):
            return "r\(share.owner)\u{1}\(share.collection)\u{1}\(share.access.rawValue)\u{1}\(share.invitation)"
        }
    }
}
