import WebDAV

extension CalDAVAdapter {
    /// DAV:sync-collection (RFC 6578 §3) at sync-level 1. A truncated answer (DAV:limit)
    /// ends with a 507 response for the collection and a token that continues exactly
    /// where it stopped, so nothing is lost.
    func syncCollection(_ root: DAVXML.Element, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        if case .home(let user) = target.kind { return try await syncHome(root, user: user, context: context) }
        if case .notifications(let user, let notifications) = target.kind {
            // A digest token, as the home's: what macOS asks of the notification collection.
            let writer = try XMLWriter.homeSyncAnswer(root, token: ShareNotification.collectionTag(of: notifications)) { query, writer in
                for notification in notifications {
                    writeResponse(for: .notification(user: user, notification), query: query, context: context, into: &writer)
                }
            }
            return .multiStatus(writer)
        }
        let collection = try reportTarget(target, "sync-collection")
        let (user, name) = (collection.reference.owner, collection.reference.name)
        let request = try SyncCollectionRequest(root)
        let position = try request.position(syncID: collection.syncID)
        let limit = request.limit
        let changes = try await storing { () async throws(StoreError) in
            try await store.changes(in: collection.reference, since: position, limit: limit)
        }
        let objects = try await storing { () async throws(StoreError) in try await store.objects(named: changes.changed, in: collection.reference) }
        var current = collection
        current.changePosition = changes.position
        var writer = XMLWriter()
        writer.syncAnswer(changes, token: CalDAVProperties.syncToken(current), collectionHref: target.path.href,
                          deletedHref: { DAVPath.object(user: user, calendar: name, name: $0).href }) { writer in
            for object in objects {
                writeResponse(for: .object(collection, object), query: request.query, context: context, inReport: true, into: &writer)
            }
        }
        return .multiStatus(writer)
    }

    /// sync-collection on the calendar home, which iOS uses to find calendars added,
    /// changed or removed (see ``XMLWriter/homeSyncAnswer(_:token:collections:)``).
    func syncHome(_ root: DAVXML.Element, user: String, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let calendars = try await storing { () async throws(StoreError) in try await store.calendars(of: user) }
        let home = Resource.home(user: user, calendars: calendars)
        let writer = try XMLWriter.homeSyncAnswer(root, token: home.collectionTag ?? "") { query, writer in
            for calendar in calendars { writeResponse(for: .calendar(calendar), query: query, context: context, into: &writer) }
        }
        return .multiStatus(writer)
    }
}
