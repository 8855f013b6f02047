import WebDAV

/// What a request's path names, looked up once at the top of dispatch and handed to the
/// method or report that answers: no step of a request asks the store for the same
/// collection again.
///
/// A calendar path costs one store call (``CalendarStore/lookup(_:object:)``: the calendar
/// and, for an object path, the object in it, unless the method has no use for the
/// object); paths that need no storage cost none.
struct DAVTarget: Sendable {
    /// What is at the path.
    enum Kind: Sendable {
        /// `/dav/calendars/`, the folder of homes.
        case homes
        /// A calendar home; its calendars are read when a step needs them.
        case home(user: String)
        case calendar(CalendarCollection)
        /// A name in a calendar, with the object stored under it, if any.
        case object(CalendarCollection, CalendarObject?)
        /// A name in a calendar whose object was not read, for a method that needs only
        /// the calendar (DELETE: the store checks the object and its ETag as it deletes).
        case unreadObject(CalendarCollection)
        /// The user's scheduling outbox (RFC 6638 §2.1), which nothing is stored in.
        case outbox(user: String)
        /// The user's notification collection (caldav-notifications), with what it holds.
        case notifications(user: String, [ShareNotification])
        /// A name in it, with the notification of that name, if any.
        case notification(user: String, ShareNotification?)
        /// A path in the owner's tree of plain collections, with what is there, if anything.
        case plain(ResourcePath, PlainResource?)
        /// A calendar, or a name in one, where there is no calendar (and no plain tree).
        case missing
    }

    let path: DAVPath
    let kind: Kind
}

extension CalDAVAdapter {
    /// Resolves a path to its target; the one place a request's path meets the store.
    ///
    /// A name directly in the home is a calendar when the calendar store has it, and
    /// otherwise belongs to the plain tree, when the handler has one.
    func resolve(_ path: DAVPath, readingObject: Bool = true, now: Int = 0) async throws(DAVError) -> DAVTarget {
        switch path {
        case .homes: return DAVTarget(path: path, kind: .homes)
        case .home(let user): return DAVTarget(path: path, kind: .home(user: user))
        case .calendar(let user, SchedulingCollections.outbox) where scheduling != nil:
            return DAVTarget(path: path, kind: .outbox(user: user))
        case .calendar(let user, SchedulingCollections.inbox) where scheduling != nil:
            // Made the first time its owner (or a message) reaches it.
            let found = try await storing { () async throws(StoreError) in try await inbox(of: user, now: now) }
            return DAVTarget(path: path, kind: .calendar(found))
        case .object(_, SchedulingCollections.outbox, _) where scheduling != nil:
            return DAVTarget(path: path, kind: .missing)
        case .calendar(let user, ShareNotification.collection) where sharing != nil:
            return DAVTarget(path: path, kind: .notifications(user: user, try await notifications(of: user)))
        case .object(let user, ShareNotification.collection, let name) where sharing != nil:
            return DAVTarget(path: path, kind: .notification(user: user, try await notifications(of: user).first { $0.name == name }))
        case .calendar(let user, let name):
            let reference = CalendarReference(owner: user, name: name)
            if let found = try await storing({ () async throws(StoreError) in try await store.lookup(reference, object: nil) }) {
                return DAVTarget(path: path, kind: .calendar(found.collection))
            }
        case .object(let user, let calendar, _) where !readingObject:
            let reference = CalendarReference(owner: user, name: calendar)
            if let found = try await storing({ () async throws(StoreError) in try await store.lookup(reference, object: nil) }) {
                return DAVTarget(path: path, kind: .unreadObject(found.collection))
            }
        case .object(let user, let calendar, let name):
            let reference = CalendarReference(owner: user, name: calendar)
            if let found = try await storing({ () async throws(StoreError) in try await store.lookup(reference, object: name) }) {
                return DAVTarget(path: path, kind: .object(found.collection, found.object))
            }
        case .nested(let user, let segments, _):
            // Calendars hold objects, never deeper paths.
            let reference = CalendarReference(owner: user, name: segments[0])
            if try await storing({ () async throws(StoreError) in try await store.calendar(reference) }) != nil {
                return DAVTarget(path: path, kind: .missing)
            }
        }
        guard let tree = resources, let location = path.resourcePath else { return DAVTarget(path: path, kind: .missing) }
        let found = try await storing { () async throws(StoreError) in try await tree.resource(at: location) }
        return DAVTarget(path: path, kind: .plain(location, found))
    }

    /// The resource at the target, for its properties, or 404 when nothing is there.
    func resource(of target: DAVTarget) async throws(DAVError) -> Resource {
        switch target.kind {
        case .homes: return .homes
        case .home(let user):
            let calendars = try await storing { () async throws(StoreError) in try await store.calendars(of: user) }
            return .home(user: user, calendars: calendars)
        case .calendar(let collection): return .calendar(collection)
        case .outbox(let user): return .outbox(user: user)
        case .notifications(let user, let notifications): return .notifications(user: user, notifications)
        case .notification(let user, let notification?): return .notification(user: user, notification)
        case .notification(_, nil): throw DAVError.notFound("no notification \(target.path.href)")
        case .object(let collection, let object?): return .object(collection, object)
        case .object(_, nil), .unreadObject: throw DAVError.notFound("no object \(target.path.href)")
        case .plain(_, let resource?): return .plain(resource)
        case .plain, .missing: throw DAVError.notFound("nothing at \(target.path.href)")
        }
    }
}
