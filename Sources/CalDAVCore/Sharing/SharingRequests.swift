import Foundation
import WebDAV

extension CalDAVAdapter {
    /// POST (RFC 5995 leaves its meaning to the resource): a free-busy request to the
    /// scheduling outbox, a share request to one's own calendar, an answer to an invitation
    /// to one's home.
    func post(_ request: DAVRequest, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        if context.onBehalf != nil {
            // A delegate may ask for free-busy for the delegator; sharing stays the owner's.
            guard case .outbox = target.kind else {
                throw DAVError(.needPrivileges, "only \(context.principal) shares their calendars and answers invitations to share")
            }
        }
        switch target.kind {
        case .outbox(let user) where scheduling != nil:
            return try await postToOutbox(request, user: user, context: context)
        case .calendar(let collection) where collection.isScheduleInbox:
            throw DAVError(.needPrivileges, "the inbox takes no POST: messages reach it by scheduling, and free-busy requests go to the outbox")
        case .calendar(let collection) where sharing != nil:
            return try await share(collection, request: request, context: context)
        case .home(let user) where sharing != nil:
            return try await answerInvitation(of: user, request: request, context: context)
        case .missing, .object(_, nil), .notification(_, nil):
            throw DAVError.notFound("nothing at \(target.path.href)")
        default:
            throw DAVError(status: 405, message: "POST applies to the scheduling outbox, to a calendar to share it, and to the home to answer an invitation")
        }
    }

    private func sharingBody(_ request: DAVRequest) async throws(DAVError) -> DAVXML.Element {
        if let type = request.header("content-type")?.lowercased(), !type.hasPrefix("application/xml"), !type.hasPrefix("text/xml"),
           !type.hasPrefix("application/davsharing+xml") {
            throw DAVError.unsupportedMediaType("sharing requests are XML (application/xml or application/davsharing+xml), not \(type)")
        }
        return try await xml(request.body)
    }

    /// CS:share or DAV:share-resource on the principal's own calendar: each sharee named gets
    /// the access given (an invitation, for someone new or who had declined) or loses it.
    /// Every sharee is checked before anything changes.
    private func share(_ collection: CalendarCollection, request: DAVRequest, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let sharing = try requireSharing()
        let root = try await sharingBody(request)
        guard ShareRequest.isShareRequest(root) else {
            throw DAVError.badRequest("POST to a calendar shares it: the body is CS:share or DAV:share-resource")
        }
        let changes = try ShareRequest(root).changes
        guard Self.canBeShared(collection) else {
            throw DAVError(.needPrivileges, collection.receivedShare != nil
                ? "only the owner of a calendar shares it" : "\(collection.displayName ?? collection.reference.name) cannot be shared")
        }
        var sharees: [(ShareRequest.Change, String)] = []
        for change in changes {
            guard let sharee = await sharing.account(at: change.address) else {
                throw DAVError.forbidden("no account here has the address \(change.address); calendars are shared with people who have an account on this server")
            }
            guard !context.owns(sharee) else { throw DAVError.forbidden("a calendar is not shared with its owner") }
            sharees.append((change, sharee))
        }
        let (owner, name) = (collection.reference.owner, collection.reference.name)
        for (change, sharee) in sharees {
            if let access = change.access {
                _ = try await offer(name, of: owner, to: sharee, access: access, summary: change.summary, now: context.now)
            } else {
                try await withdraw(name, of: owner, from: sharee)
            }
        }
        return DAVResponse(status: 200, headers: [("Content-Length", "0")])
    }

    /// Whether a calendar is one its viewer may share or publish: their own, and neither the
    /// inbox nor a computed one.
    public static func canBeShared(_ collection: CalendarCollection) -> Bool {
        collection.receivedShare == nil && !collection.isScheduleInbox && !collection.isReadOnly
    }

    /// CS:invite-reply to the principal's home: accepting puts the calendar in the home
    /// (answered with CS:shared-as, where), declining leaves it out.
    private func answerInvitation(of user: String, request: DAVRequest, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let sharing = try requireSharing()
        let root = try await sharingBody(request)
        guard InviteReply.isInviteReply(root) else {
            throw DAVError.badRequest("POST to a calendar home answers an invitation to share: the body is CS:invite-reply")
        }
        let reply = try InviteReply(root)
        let received = try await storing { () async throws(StoreError) in
            try await sharing.shares.shares(involving: user, in: DAVPath.tree)
        }.received
        let hostPath = reply.hostURL.flatMap { DAVPath(PathSegments.pathOfHref($0)) }
        guard let share = received.first(where: { share in
            if let invitation = reply.invitation, !invitation.isEmpty { return share.invitation == invitation }
            return hostPath == .calendar(user: share.owner, calendar: share.collection)
        }) else {
            throw DAVError(.needPrivileges, "no invitation of yours matches this answer; it may have been withdrawn")
        }
        let answered = try await answer(share, accepting: reply.accepted, now: context.now)
        guard let mount = answered.mount else { return DAVResponse(status: 200, headers: [("Content-Length", "0")]) }
        var writer = XMLWriter()
        writer.start(.calendarServer("shared-as"), declaringNamespaces: true)
        writer.element(.dav("href"), text: DAVPath.calendar(user: user, calendar: mount).href)
        writer.end()
        return DAVResponse(status: 200, headers: [("Content-Type", "application/xml; charset=utf-8")], body: writer.bytes)
    }

    /// Records a sharee's answer: accepting gives the calendar a name in their home (kept
    /// when already accepted), declining takes it out.
    func answer(_ share: CollectionShare, accepting: Bool, now: Int) async throws(DAVError) -> CollectionShare {
        let sharing = try requireSharing()
        if accepting, share.status == .accepted, share.mount != nil { return share }
        let mount = accepting ? try await freeName(for: share) : nil
        return try await storing { () async throws(StoreError) in try await sharing.shares.answer(share, mount: mount, now: now) }
    }

    /// A name for the shared calendar in the sharee's home that nothing there has: the
    /// owner's name for it, else that with the owner's name after it, else numbered.
    private func freeName(for share: CollectionShare) async throws(DAVError) -> String {
        let base = share.collection
        let candidates = [base, "\(base)-\(share.owner)"] + (2...20).map { "\(base)-\(share.owner)-\($0)" }
        for candidate in candidates where !SchedulingCollections.isReserved(candidate) && candidate != ShareNotification.collection {
            switch try await resolve(DAVPath.calendar(user: share.sharee, calendar: candidate)).kind {
            case .missing, .plain(_, nil): return candidate
            default: continue
            }
        }
        return "\(base)-\(UUID().uuidString.lowercased())"
    }

    /// The notifications of `user`: invitations to their calendars and answers to theirs.
    func notifications(of user: String) async throws(DAVError) -> [ShareNotification] {
        guard let sharing else { return [] }
        let shares = try await storing { () async throws(StoreError) in try await sharing.shares.shares(involving: user, in: DAVPath.tree) }
        var components: [CollectionShare: Set<String>] = [:]
        for share in shares.received where !share.inviteSeen {
            let source = CalendarReference(owner: share.owner, name: share.collection)
            components[share] = try await storing { () async throws(StoreError) in try await ownCalendars.calendar(source) }?.supportedComponents
        }
        return ShareNotification.all(for: shares) { components[$0] }
    }

    /// DELETE of a notification: its user has seen it. An invitation dismissed unanswered
    /// stays open (the person may still accept it elsewhere).
    func dismiss(_ notification: ShareNotification?, of user: String) async throws(DAVError) {
        guard let sharing, let notification else { throw DAVError.notFound("no such notification") }
        var share = notification.share
        switch notification.kind {
        case .invitation: share.inviteSeen = true
        case .answer: share.answerSeen = true
        }
        try await storing { () async throws(StoreError) in try await sharing.shares.saveShare(share) }
    }
}
