import WebDAV

extension DAVHandler {
    /// DAV:sync-collection (RFC 6578 §3) at sync-level 1. A truncated answer (DAV:limit)
    /// ends with a 507 response for the collection and a token that continues exactly
    /// where it stopped, so nothing is lost.
    func syncCollection(_ root: DAVXML.Element, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        if case .home(let user) = target.kind { return try await syncHome(root, user: user, context: context) }
        let collection = try reportTarget(target, "sync-collection")
        let (user, name) = (collection.reference.owner, collection.reference.name)
        if let level = root.element(named: DAVXML.Name.dav("sync-level"))?.text.trimmingSpaces, level != "1" {
            // RFC 6578 §6.3: "1" or "infinite"; anything else is a malformed request.
            guard level == "infinite" else { throw DAVError.badRequest("DAV:sync-level is 1 or infinite, not '\(level)'") }
            throw DAVError(.supportedReport, "only sync-level 1 is supported")
        }
        let tokenText = root.element(named: DAVXML.Name.dav("sync-token"))?.text.trimmingSpaces ?? ""
        var position: Int64? = nil
        if !tokenText.isEmpty {
            let prefix = "http://jadwal.app/ns/sync/\(collection.syncID)-"
            guard tokenText.hasPrefix(prefix), let value = Int64(tokenText.dropFirst(prefix.count)) else {
                throw DAVError(.validSyncToken, "the sync token was not issued for this calendar")
            }
            position = value
        }
        var limit: Int? = nil
        if let nresults = root.element(named: DAVXML.Name.dav("limit"))?.element(named: DAVXML.Name.dav("nresults")) {
            guard let value = Int(nresults.text.trimmingSpaces), value > 0 else { throw DAVError.badRequest("DAV:nresults must be a positive integer") }
            limit = value
        }
        let changes = try await storing { () async throws(StoreError) in
            try await store.changes(in: collection.reference, since: position, limit: limit)
        }
        let objects = try await storing { () async throws(StoreError) in try await store.objects(named: changes.changed, in: collection.reference) }
        var writer = XMLWriter()
        writer.start(DAVXML.Name.dav("multistatus"), declaringNamespaces: true)
        let query = requestedProperties(root)
        for object in objects {
            writeResponse(for: .object(collection, object), query: query, context: context, inReport: true, into: &writer)
        }
        for deleted in changes.deleted {
            writeStatus(href: DAVPath.object(user: user, calendar: name, name: deleted).href, status: 404, into: &writer)
        }
        if changes.isTruncated {
            writeStatus(href: target.path.href, status: 507, into: &writer)
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
        let current = CalDAVProperties.collectionTag(home) ?? ""
        let token = root.element(named: DAVXML.Name.dav("sync-token"))?.text.trimmingSpaces ?? ""
        if !token.isEmpty && token != current {
            throw DAVError(.validSyncToken, "the calendar home changed since this token; sync again with an empty token")
        }
        var writer = XMLWriter()
        writer.start(DAVXML.Name.dav("multistatus"), declaringNamespaces: true)
        if token.isEmpty {
            let query = requestedProperties(root)
            for calendar in calendars { writeResponse(for: .calendar(calendar), query: query, context: context, into: &writer) }
        }
        writer.element(DAVXML.Name.dav("sync-token"), text: current)
        writer.end()
        return .multiStatus(writer)
    }
}
