/// A request to change who a collection is shared with: the CalendarServer extension's
/// CS:share (caldav-sharing §5.3.2, what iOS and macOS send) or the WebDAV resource sharing
/// draft's DAV:share-resource (draft-pot-webdav-resource-sharing §4.4.2, what sabre/dav
/// takes), POSTed to the collection. Both come down to the same list of changes.
public struct ShareRequest: Sendable, Equatable {
    /// One sharee's change.
    public struct Change: Sendable, Equatable {
        /// How the request names the sharee: a `mailto:` address or a principal URL.
        public var address: String
        /// The access to give; `nil` removes the sharee.
        public var access: ShareAccess?
        /// The owner's note to the sharee.
        public var summary: String?
    }

    public var changes: [Change]

    /// At most this many sharees change in one request.
    public static let maxChanges = 100

    /// Whether `root` is the body of a share request.
    public static func isShareRequest(_ root: DAVXML.Element) -> Bool {
        root.name == .calendarServer("share") || root.name == .dav("share-resource")
    }

    public init(_ root: DAVXML.Element) throws(DAVError) {
        var changes: [Change] = []
        switch root.name {
        case .calendarServer("share"):
            for element in root.elements {
                let address = try Self.address(in: element)
                switch element.name {
                case .calendarServer("set"):
                    let access: ShareAccess
                    if element.element(named: .calendarServer("read-write")) != nil {
                        access = .readWrite
                    } else if element.element(named: .calendarServer("read")) != nil {
                        access = .read
                    } else {
                        throw DAVError.badRequest("CS:set names the access to give: CS:read or CS:read-write")
                    }
                    changes.append(Change(address: address, access: access, summary: Self.summary(in: element, .calendarServer("summary"))))
                case .calendarServer("remove"):
                    changes.append(Change(address: address, access: nil, summary: nil))
                default:
                    throw DAVError.badRequest("CS:share holds CS:set and CS:remove elements, not \(element.name.local)")
                }
            }
        case .dav("share-resource"):
            for element in root.elements {
                guard element.name == .dav("sharee") else {
                    throw DAVError.badRequest("DAV:share-resource holds DAV:sharee elements, not \(element.name.local)")
                }
                let address = try Self.address(in: element)
                guard let access = element.element(named: .dav("share-access"))?.elements.first?.name else {
                    throw DAVError.badRequest("DAV:sharee names the access to give in DAV:share-access")
                }
                switch access {
                case .dav("read"): changes.append(Change(address: address, access: .read, summary: Self.summary(in: element, .dav("comment"))))
                case .dav("read-write"): changes.append(Change(address: address, access: .readWrite, summary: Self.summary(in: element, .dav("comment"))))
                case .dav("no-access"): changes.append(Change(address: address, access: nil, summary: nil))
                default: throw DAVError.badRequest("DAV:share-access is DAV:read, DAV:read-write or DAV:no-access, not \(access.local)")
                }
            }
        default:
            throw DAVError.badRequest("a share request is CS:share or DAV:share-resource, not \(root.name.local)")
        }
        guard !changes.isEmpty else { throw DAVError.badRequest("the share request names nobody") }
        guard changes.count <= Self.maxChanges else {
            throw DAVError.badRequest("one request changes at most \(Self.maxChanges) sharees")
        }
        self.changes = changes
    }

    private static func address(in element: DAVXML.Element) throws(DAVError) -> String {
        let address = element.element(named: .dav("href"))?.text.trimmingSpaces ?? ""
        guard !address.isEmpty, address.utf8.count <= 1024 else {
            throw DAVError.badRequest("each sharee is named by a DAV:href: a mailto: address or a principal URL")
        }
        return address
    }

    private static func summary(in element: DAVXML.Element, _ name: DAVXML.Name) -> String? {
        guard let text = element.element(named: name)?.text.trimmingSpaces, !text.isEmpty else { return nil }
        return String(text.prefix(1000))
    }
}

/// A sharee's answer to an invitation, CS:invite-reply (caldav-sharing §5.4.1), POSTed to
/// the sharee's home.
public struct InviteReply: Sendable, Equatable {
    public var accepted: Bool
    /// The owner's collection, as the invitation named it (CS:hosturl).
    public var hostURL: String?
    /// The invitation's CS:uid.
    public var invitation: String?
    /// The sharee's name for it, if given.
    public var summary: String?

    public static func isInviteReply(_ root: DAVXML.Element) -> Bool { root.name == .calendarServer("invite-reply") }

    public init(_ root: DAVXML.Element) throws(DAVError) {
        guard Self.isInviteReply(root) else { throw DAVError.badRequest("an answer to a share is CS:invite-reply") }
        if root.element(named: .calendarServer("invite-accepted")) != nil {
            accepted = true
        } else if root.element(named: .calendarServer("invite-declined")) != nil {
            accepted = false
        } else {
            throw DAVError.badRequest("CS:invite-reply holds CS:invite-accepted or CS:invite-declined")
        }
        hostURL = root.element(named: .calendarServer("hosturl"))?.element(named: .dav("href"))?.text.trimmingSpaces
        invitation = root.element(named: .calendarServer("in-reply-to"))?.text.trimmingSpaces
        summary = root.element(named: .calendarServer("summary"))?.text.trimmingSpaces
        guard hostURL?.isEmpty == false || invitation?.isEmpty == false else {
            throw DAVError.badRequest("CS:invite-reply names the invitation in CS:in-reply-to or the calendar in CS:hosturl")
        }
    }
}
