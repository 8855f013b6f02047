import WebDAV

/// A resource found at a path of CalDAV's tree, with what its properties are computed from.
enum Resource: Sendable {
    /// `/dav/calendars/`, the collection of homes.
    case homes
    case home(user: String, calendars: [CalendarCollection])
    case calendar(CalendarCollection)
    /// A user's scheduling outbox (RFC 6638 §2.1).
    case outbox(user: String)
    /// A user's notification collection, and a notification in it (caldav-notifications).
    case notifications(user: String, [ShareNotification])
    case notification(user: String, ShareNotification)
    case object(CalendarCollection, CalendarObject)
    /// A plain WebDAV collection or file (``ResourceTreeStore``).
    case plain(PlainResource)

    var path: DAVPath {
        switch self {
        case .homes: return .homes
        case .home(let user, _): return .home(user: user)
        case .calendar(let collection): return .calendar(user: collection.reference.owner, calendar: collection.reference.name)
        case .outbox(let user): return .calendar(user: user, calendar: SchedulingCollections.outbox)
        case .notifications(let user, _): return .calendar(user: user, calendar: ShareNotification.collection)
        case .notification(let user, let notification):
            return .object(user: user, calendar: ShareNotification.collection, name: notification.name)
        case .object(let collection, let object):
            return .object(user: collection.reference.owner, calendar: collection.reference.name, name: object.name)
        case .plain(let resource): return DAVPath(resource.path, isCollection: resource.isCollection)
        }
    }
}

extension Resource: DAVDescribed {
    var href: String { path.href }

    var resourceTypes: [DAVXML.Name] {
        switch self {
        case .homes, .home: return [.dav("collection")]
        case .calendar(let collection) where collection.isScheduleInbox: return [.dav("collection"), .calDAV("schedule-inbox")]
        case .calendar(let collection):
            switch collection.sharing {
            case .owned?: return [.dav("collection"), .calDAV("calendar"), .calendarServer("shared-owner")]
            case .received?: return [.dav("collection"), .calDAV("calendar"), .calendarServer("shared")]
            case nil: return [.dav("collection"), .calDAV("calendar")]
            }
        case .outbox: return [.dav("collection"), .calDAV("schedule-outbox")]
        case .notifications: return [.dav("collection"), .calendarServer("notification")]
        case .object, .notification: return []
        case .plain(let resource): return resource.isCollection ? [.dav("collection")] : []
        }
    }

    var displayName: String? {
        if case .calendar(let collection) = self { return collection.displayName }
        return nil
    }

    var entityTag: String? {
        switch self {
        case .object(_, let object): return object.etag
        case .notification(_, let notification): return notification.etag
        case .plain(let resource): return resource.etag
        default: return nil
        }
    }

    var contentType: String? {
        switch self {
        case .object(_, let object): return "text/calendar; charset=utf-8; component=\(object.componentType.lowercased())"
        case .notification: return "application/xml; charset=utf-8"
        case .plain(let resource) where !resource.isCollection: return resource.contentType ?? PlainResource.defaultContentType
        default: return nil
        }
    }

    var contentLength: Int? {
        switch self {
        case .object(_, let object): return object.size
        case .notification(_, let notification): return notification.document.count
        case .plain(let resource) where !resource.isCollection: return resource.contentLength
        default: return nil
        }
    }

    var lastModified: Int? {
        switch self {
        case .object(_, let object): return object.lastModified
        case .plain(let resource): return resource.lastModified
        default: return nil
        }
    }

    var creationDate: Int? {
        switch self {
        case .calendar(let collection): return collection.createdAt
        case .plain(let resource): return resource.createdAt
        default: return nil
        }
    }

    var owner: String? {
        switch self {
        case .homes: return nil
        case .home(let user, _), .outbox(let user), .notifications(let user, _), .notification(let user, _): return user
        // A calendar shared with the principal is its owner's (caldav-sharing §5.5.5).
        case .calendar(let collection), .object(let collection, _): return collection.storedAt.owner
        case .plain(let resource): return resource.path.owner
        }
    }

    var privileges: [String] {
        switch self {
        case .homes: return ["read"]
        // The inbox is read and its messages deleted; the outbox takes POSTs.
        case .calendar(let collection) where collection.isScheduleInbox: return DAVPrivileges.readOnly + ["unbind"]
        case .outbox: return DAVPrivileges.readOnly
        // Notifications are the server's; dismissing one deletes it.
        case .notifications: return DAVPrivileges.readOnly + ["unbind"]
        case .notification: return DAVPrivileges.readOnly
        // A sharee changes their own name and colour of a calendar shared to read, and leaves it.
        case .calendar(let collection) where collection.receivedShare != nil && collection.isReadOnly:
            return DAVPrivileges.readOnly + ["write-properties"]
        case .calendar(let collection) where collection.isReadOnly: return DAVPrivileges.readOnly
        case .object(let collection, _) where collection.isReadOnly: return DAVPrivileges.readOnly
        default: return DAVPrivileges.readWrite
        }
    }

    var supportedReports: [DAVXML.Name] {
        switch self {
        case .calendar: return [.calDAV("calendar-query"), .calDAV("calendar-multiget"), .calDAV("free-busy-query"), .dav("sync-collection")]
        case .object: return [.calDAV("calendar-query"), .calDAV("calendar-multiget")]
        case .plain, .outbox, .notification: return []
        case .notifications: return [.dav("sync-collection")]
        case .homes: return [.dav("expand-property"), .dav("principal-property-search"), .dav("principal-search-property-set")]
        case .home: return [.dav("expand-property"), .dav("sync-collection")]
        }
    }

    /// A calendar's position in its change log, or for the home (which Apple clients poll
    /// before looking at each calendar) a digest that changes with any calendar's contents
    /// and with calendars added or removed.
    var collectionTag: String? {
        switch self {
        case .calendar(let collection): return CalDAVProperties.syncToken(collection)
        case .home(_, let calendars): return SyncToken.home(of: calendars.map { ($0.reference.name, $0.syncID, $0.changePosition) })
        case .notifications(_, let notifications): return ShareNotification.collectionTag(of: notifications)
        default: return nil
        }
    }

    var deadProperties: [DAVXML.Name: [UInt8]] {
        switch self {
        case .calendar(let collection): return collection.deadProperties
        case .plain(let resource): return resource.deadProperties
        default: return [:]
        }
    }
}
