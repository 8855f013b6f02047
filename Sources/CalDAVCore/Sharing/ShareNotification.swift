import ICalendar
import WebDAV

/// A message in a user's notification collection (CalendarServer's caldav-notifications):
/// an invitation to a shared calendar, for the sharee, or the sharee's answer, for the
/// owner. Notifications are not stored: each is what a share says now, shown until the one
/// it is for deletes it (which marks the share seen), so none can outlive or contradict it.
struct ShareNotification: Sendable {
    enum Kind: Sendable {
        /// To the sharee: a calendar is offered (CS:invite-notification).
        case invitation
        /// To the owner: the sharee accepted or declined (CS:invite-reply).
        case answer
    }

    let kind: Kind
    let share: CollectionShare
    /// The XML document a GET returns.
    let document: [UInt8]

    init(_ kind: Kind, _ share: CollectionShare, supportedComponents: Set<String>?) {
        self.kind = kind
        self.share = share
        document = Self.render(kind, share, supportedComponents: supportedComponents)
    }

    /// The name of the notification collection in every home.
    static let collection = "notifications"

    /// The collection's getctag and sync token: a digest of what it holds.
    static func collectionTag(of notifications: [ShareNotification]) -> String {
        "http://jadwal.app/ns/notifications/" + FNV1a.hex(notifications.map { $0.name + $0.etag }.joined(separator: "/").utf8)
    }

    /// The resource name in the collection.
    var name: String { Self.name(kind, invitation: share.invitation) }

    static func name(_ kind: Kind, invitation: String) -> String {
        kind == .invitation ? "\(invitation).xml" : "\(invitation)-answer.xml"
    }

    /// Content-derived, so it changes exactly when the document does.
    var etag: String { "\"\(FNV1a.hex(document))\"" }

    /// CS:notificationtype: the element the document holds, empty, with its attributes.
    var notificationType: PropertyValue {
        switch kind {
        case .invitation: return .custom { $0.emptyElement(.calendarServer("invite-notification"), attributes: [("shared-type", "calendar")]) }
        case .answer: return .elements([.calendarServer("invite-reply")])
        }
    }

    /// The notifications `shares` make for their user: each invitation they have not
    /// dismissed, and each answer to theirs the owner has not.
    static func all(for shares: SharesOfUser, supportedComponents: (CollectionShare) -> Set<String>?) -> [ShareNotification] {
        var all: [ShareNotification] = []
        for share in shares.received where !share.inviteSeen {
            all.append(ShareNotification(.invitation, share, supportedComponents: supportedComponents(share)))
        }
        for share in shares.given where share.status != .pending && !share.answerSeen {
            all.append(ShareNotification(.answer, share, supportedComponents: nil))
        }
        return all.sorted { $0.name < $1.name }
    }

    private static func render(_ kind: Kind, _ share: CollectionShare, supportedComponents: Set<String>?) -> [UInt8] {
        var writer = XMLWriter()
        writer.start(.calendarServer("notification"), declaringNamespaces: true)
        writer.element(.calendarServer("dtstamp"), text: FreeBusyCalculator.utc(share.changedAt))
        let host = DAVPath.calendar(user: share.owner, calendar: share.collection).href
        switch kind {
        case .invitation:
            writer.start(.calendarServer("invite-notification"), attributes: ["shared-type": "calendar"])
            writer.element(.calendarServer("uid"), text: share.invitation)
            writer.element(.dav("href"), text: ServerPath.principalHref(share.sharee))
            writer.element(statusName(share.status))
            writer.start(.calendarServer("access"))
            writer.element(.calendarServer(share.access.rawValue))
            writer.end()
            writer.start(.calendarServer("hosturl"))
            writer.element(.dav("href"), text: host)
            writer.end()
            writer.start(.calendarServer("organizer"))
            writer.element(.dav("href"), text: ServerPath.principalHref(share.owner))
            writer.element(.calendarServer("common-name"), text: share.owner)
            writer.end()
            if let summary = share.summary { writer.element(.calendarServer("summary"), text: summary) }
            if let supportedComponents {
                writer.start(.calDAV("supported-calendar-component-set"))
                for component in supportedComponents.sorted() { writer.emptyElement(.calDAV("comp"), attributes: [("name", component)]) }
                writer.end()
            }
        case .answer:
            writer.start(.calendarServer("invite-reply"))
            writer.element(.dav("href"), text: ServerPath.principalHref(share.sharee))
            writer.element(.calendarServer("common-name"), text: share.sharee)
            writer.element(statusName(share.status))
            writer.start(.calendarServer("hosturl"))
            writer.element(.dav("href"), text: host)
            writer.end()
            writer.element(.calendarServer("in-reply-to"), text: share.invitation)
        }
        writer.end()
        writer.end()
        return writer.bytes
    }

    /// The CalendarServer element for a share's status.
    static func statusName(_ status: ShareStatus) -> DAVXML.Name {
        switch status {
        case .pending: return .calendarServer("invite-noresponse")
        case .accepted: return .calendarServer("invite-accepted")
        case .declined: return .calendarServer("invite-declined")
        }
    }
}
