import WebDAV

extension CalDAVProperties {
    typealias SharingDefinition = PropertyTable<Resource>.Definition

    /// The properties of shared calendars and notifications: the CalendarServer sharing
    /// extension's (CS:invite, CS:allowed-sharing-modes, CS:shared-url), the WebDAV
    /// resource sharing draft's (DAV:share-access, DAV:invite) and caldav-notifications'
    /// CS:notificationtype.
    static let sharing: [SharingDefinition] = [
        SharingDefinition(name: .calendarServer("invite"), inAllProp: false, isWritable: false) { resource, _, _ in
            guard case .calendar(let collection) = resource, let shown = shownShares(of: collection) else { return nil }
            return .custom { writer in
                writer.start(.calendarServer("organizer"))
                writer.element(.dav("href"), text: ServerPath.principalHref(collection.storedAt.owner))
                writer.element(.calendarServer("common-name"), text: collection.storedAt.owner)
                writer.end()
                for share in shown {
                    writer.start(.calendarServer("user"))
                    writer.element(.dav("href"), text: ServerPath.principalHref(share.sharee))
                    writer.element(.calendarServer("common-name"), text: share.sharee)
                    writer.element(ShareNotification.statusName(share.status))
                    writer.start(.calendarServer("access"))
                    writer.element(.calendarServer(share.access.rawValue))
                    writer.end()
                    if let summary = share.summary { writer.element(.calendarServer("summary"), text: summary) }
                    writer.end()
                }
            }
        },
        SharingDefinition(name: .calendarServer("allowed-sharing-modes"), inAllProp: false, isWritable: false) { resource, _, _ in
            guard case .calendar(let collection) = resource else { return nil }
            return .elements(CalDAVAdapter.canBeShared(collection) ? [.calendarServer("can-be-shared")] : [])
        },
        SharingDefinition(name: .calendarServer("shared-url"), inAllProp: false, isWritable: false) { resource, _, _ in
            guard case .calendar(let collection) = resource, let share = collection.receivedShare else { return nil }
            return .href(DAVPath.calendar(user: share.owner, calendar: share.collection).href)
        },
        SharingDefinition(name: .dav("share-access"), inAllProp: false, isWritable: false) { resource, _, _ in
            guard case .calendar(let collection) = resource, !collection.isScheduleInbox else { return nil }
            switch collection.sharing {
            case .owned?: return .elements([.dav("shared-owner")])
            case .received(let share)?: return .elements([.dav(share.access.rawValue)])
            case nil: return .elements([.dav("not-shared")])
            }
        },
        SharingDefinition(name: .dav("invite"), inAllProp: false, isWritable: false) { resource, _, _ in
            guard case .calendar(let collection) = resource, let shown = shownShares(of: collection) else { return nil }
            return .custom { writer in
                for share in shown {
                    writer.start(.dav("sharee"))
                    writer.element(.dav("href"), text: ServerPath.principalHref(share.sharee))
                    writer.start(.dav("share-access"))
                    writer.element(.dav(share.access.rawValue))
                    writer.end()
                    switch share.status {
                    case .pending: writer.element(.dav("invite-noresponse"))
                    case .accepted: writer.element(.dav("invite-accepted"))
                    case .declined: writer.element(.dav("invite-declined"))
                    }
                    writer.end()
                }
            }
        },
        SharingDefinition(name: .calendarServer("notificationtype"), inAllProp: false, isWritable: false) { resource, _, _ in
            guard case .notification(_, let notification) = resource else { return nil }
            return notification.notificationType
        },
    ]

    /// The shares a calendar's viewer sees: all of them for its owner; for a sharee, their
    /// own only (who else it is shared with is the owner's business). `nil` when not shared.
    private static func shownShares(of collection: CalendarCollection) -> [CollectionShare]? {
        switch collection.sharing {
        case .owned(let shares)?: return shares
        case .received(let share)?: return [share]
        case nil: return nil
        }
    }

    /// What sharing adds to every principal: where its notifications are.
    static let sharingPrincipal: [PropertyTable<ServerPath>.Definition] = [
        .init(name: .calendarServer("notification-URL"), inAllProp: false, isWritable: false) { path, _, _ in
            if case .principal(let user) = path { return .href(DAVPath.calendar(user: user, calendar: ShareNotification.collection).href) }
            return nil
        },
    ]
}
