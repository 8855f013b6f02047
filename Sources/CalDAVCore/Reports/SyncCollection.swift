import WebDAV

extension CalDAVAdapter {
    /// DAV:sync-collection (RFC 6578 §3) at sync-level 1. A truncated answer (DAV:limit)
    /// ends with a 507 response for the collection and a token that continues exactly
    /// where it stopped, so nothing is lost.
    func syncCollection(_ root: DAVXML.Element, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        if case .home(let user) = target.kind { return try await syncHome(root, user: user, context: context) }
        let collection = try reportTarget(target, "sync-collection")
        let (user, name) = (collection.reference.owner, collection.reference.name)
        let request = try SyncCollectionRequest(root)
        let position = try request.position(syncID: collection.syncID)
        let limit = request.limit
        let changes = try await storing { () async throws(StoreError) in
            try await store.changes(in: collection.reference, since: position, limit: limit)
        }
        let objects = try await storing { () async throws(StoreError) in try await store.objects(named: changes.changed, in: collection.reference) }
        var writer = XMLWriter()
        writer.start(DAVXML.Name.dav("multistatus"), declaringNamespaces: true)
        for object in objects {
            writeResponse(for: .object(collection, object), query: request.query, context: context, inReport: true, into: &writer)
        }
        for deleted in changes.deleted {
            writer.statusResponse(href: DAVPath.object(user: user, calendar: name, name: deleted).href, status: 404)
        }
        if changes.isTruncated {
            writer.statusResponse(href: target.path.href, status: 507)
        }
        var current = collection
        current.changePosition = changes.position
        writer.element(DAVXML.Name.dav("sync-token"), text: CalDAVProperties.syncToken(current))
        writer.end()
        return .multiStatus(writer)
    }

    /// sync-collection on the calendar home, which iOS uses to find calendars added,
    /// changed or removed. The home's token is a digest of its calendars' states, so it
    /// cannot say what changed: a current token gets an empty answer, an empty token
    /// every calendar, and any other token 403 valid-sync-token, after which clients
    /// start over with an empty one (RFC 6578 §3.2) and learn removals from the full list.
    func syncHome(_ root: DAVXML.Element, user: String, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let calendars = try await storing { () async throws(StoreError) in try await store.calendars(of: user) }
        let home = Resource.home(user: user, calendars: calendars)
        let current = home.collectionTag ?? ""
        let token = root.element(named: DAVXML.Name.dav("sync-token"))?.text.trimmingSpaces ?? ""
        if !token.isEmpty && token != current {
            throw DAVError(.validSyncToken, "the calendar home changed since this token; sync again with an empty token")
        }
        var writer = XMLWriter()
        writer.start(DAVXML.Name.dav("multistatus"), declaringNamespaces: true)
        if token.isEmpty {
            let query = PropFindRequest(reportRoot: root)
            for calendar in calendars { writeResponse(for: .calendar(calendar), query: query, context: context, into: &writer) }
        }
        writer.element(DAVXML.Name.dav("sync-token"), text: current)
        writer.end()
        return .multiStatus(writer)
    }
}
