/// What a Baïkal database holds, user by user, and how each item comes across: what
/// `jadwald migrate-baikal` reports (``BaikalCollections/walk(_:)`` fills it).
public struct BaikalInventory: Sendable {
    /// One user's part.
    public struct UserPart: Sendable, Equatable {
        public var name: String
        public var displayName: String?
        public var email: String?
        public var calendars = 0
        public var objects = 0
        public var addressBooks = 0
        public var cards = 0
        /// Scheduling messages carried into the user's inbox.
        public var inboxMessages = 0
        /// Calendars of others this user has through a share.
        public var sharesReceived = 0
        /// Shares of this user's calendars with others.
        public var sharesGiven = 0
        /// Items carried as they are although jadwald's own rules would refuse them.
        public var keptDespiteRules: [Item] = []
        /// Items not carried, with the reason.
        public var skipped: [Item] = []
    }

    /// One item named in the report: its path under Baïkal's `/dav.php/` and why it is listed.
    public struct Item: Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public var users: [UserPart]
    /// Items that belong to no user of the database (a calendar of a principal without a user row).
    public var orphans: [Item] = []

    init(users: [BaikalUser]) {
        self.users = users.map { UserPart(name: $0.name, displayName: $0.displayName, email: $0.email) }
    }

    /// Whether `user` is one of the database's users.
    func knows(_ user: String) -> Bool {
        users.contains { $0.name == user }
    }

    /// Applies `change` to `user`'s part, or lists `orphan` when there is no such user.
    mutating func note(_ user: String, orphan: Item, _ change: (inout UserPart) -> Void) {
        if let index = users.firstIndex(where: { $0.name == user }) { change(&users[index]) } else { orphans.append(orphan) }
    }
}
