import CalDAVCore
import CardDAVCore
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import WebDAV

/// Sharing calendars and address books through the JSON API, by the same rules as CalDAV
/// clients share (``CalDAVAdapter/offer(_:of:to:access:summary:now:)``). Documented in
/// `openapi.yaml`.
///
/// The signed-in person:
/// - `GET /api/v1/shares`: the shares of their collections (`given`) and those offered to them (`received`).
/// - `POST /api/v1/calendars/{calendar}/shares` or `/api/v1/addressbooks/{book}/shares`
///   `{"sharee", "access": "read"|"read-write", "summary"?}`: offers one.
/// - `DELETE …/shares/{sharee}`: ends one.
/// - `POST /api/v1/shares/{invitation}/accept` or `/decline`: answers an invitation (declining
///   an accepted share leaves it).
///
/// An administrator, for any user: `GET /api/v1/admin/users/{name}/shares`,
/// `POST /api/v1/admin/users/{name}/calendars/{calendar}/shares` (with `"accepted": true`, the
/// calendar is in the sharee's home at once) and `DELETE …/shares/{sharee}`.
struct SharesAPI: Sendable {
    let calDAV: CalDAVAdapter
    let cardDAV: CardDAVAdapter
    let requests: SignedInRequests
    let admin: AdminAPI

    /// What kind of collection a route shares.
    enum Kind: String {
        case calendar, addressbook

        /// The routes' path segment, and the name of their parameter (one name per position
        /// of the router's tree: the calendar routes share theirs with publication and history).
        var path: (segment: String, parameter: String) {
            self == .calendar ? ("calendars", "calendar") : ("addressbooks", "book")
        }
    }

    func add(to router: Router<JadwalRequestContext>) {
        router.get("/api/v1/shares") { request, context in
            await requests.signedIn(request, context) { user in try await list(user) }
        }
        for kind in [Kind.calendar, .addressbook] {
            let (segment, parameter) = kind.path
            router.post(RouterPath(stringLiteral: "/api/v1/\(segment)/:\(parameter)/shares")) { request, context in
                await requests.signedIn(request, context) { user in
                    try await offer(kind, request, context, owner: user, acceptingForSharee: false)
                }
            }
            router.delete(RouterPath(stringLiteral: "/api/v1/\(segment)/:\(parameter)/shares/:sharee")) { request, context in
                await requests.signedIn(request, context) { user in try await withdraw(kind, context, owner: user) }
            }
        }
        for (verb, accepting) in [("accept", true), ("decline", false)] {
            router.post(RouterPath(stringLiteral: "/api/v1/shares/:invitation/\(verb)")) { request, context in
                await requests.signedIn(request, context) { user in try await answer(context, sharee: user, accepting: accepting) }
            }
        }
        let group = router.group("api/v1/admin/users/:name")
        group.get("shares") { request, context in
            await admin.authorized(request, context) { try await list(try AdminAPI.name(context)) }
        }
        group.post("calendars/:calendar/shares") { request, context in
            await admin.authorized(request, context) {
                try await offer(.calendar, request, context, owner: try AdminAPI.name(context), acceptingForSharee: true)
            }
        }
        group.delete("calendars/:calendar/shares/:sharee") { request, context in
            await admin.authorized(request, context) { try await withdraw(.calendar, context, owner: try AdminAPI.name(context)) }
        }
    }

    private func list(_ user: String) async throws -> Response {
        let calendars = try await protocolStep { () async throws(DAVError) in try await calDAV.shares(of: user) }
        let books = try await protocolStep { () async throws(DAVError) in try await cardDAV.bookShares(of: user) }
        return APIResponse.json(.ok, ["given": (calendars.given + books.given).map(Self.json),
                                      "received": (calendars.received + books.received).map(Self.json)])
    }

    private func offer(_ kind: Kind, _ request: Request, _ context: JadwalRequestContext, owner: String, acceptingForSharee: Bool) async throws -> Response {
        let collection = try Self.parameter(kind.path.parameter, context)
        let body = try await JSONRequestBody.read(request, fields: acceptingForSharee ? ["sharee", "access", "summary", "accepted"] : ["sharee", "access", "summary"],
                                                  required: ["sharee", "access"])
        guard let access = ShareAccess(rawValue: try body.requiredString("access", maxLength: 16)) else {
            throw ChatAPI.refuse(.badRequest, "invalid", "access is read or read-write")
        }
        let named = try body.requiredString("sharee", maxLength: 320)
        guard let sharee = await calDAV.sharee(named: named) else {
            throw ChatAPI.refuse(.notFound, "not_found", "no account here is named or has the address \(named)")
        }
        let summary = try body.string("summary", maxLength: 1000)
        let now = Int(Date().timeIntervalSince1970)
        var share = try await protocolStep { () async throws(DAVError) in
            switch kind {
            case .calendar: try await calDAV.offer(collection, of: owner, to: sharee, access: access, summary: summary, now: now)
            case .addressbook: try await cardDAV.offer(book: collection, of: owner, to: sharee, access: access, now: now)
            }
        }
        if acceptingForSharee, try body.bool("accepted") == true {
            let invitation = share.invitation
            share = try await protocolStep { () async throws(DAVError) in
                try await calDAV.answer(invitation: invitation, of: sharee, accepting: true, now: now)
            }
        }
        return APIResponse.json(.created, Self.json(share))
    }

    private func withdraw(_ kind: Kind, _ context: JadwalRequestContext, owner: String) async throws -> Response {
        let (collection, sharee) = (try Self.parameter(kind.path.parameter, context), try Self.parameter("sharee", context))
        let shares = try await protocolStep { () async throws(DAVError) in
            kind == .calendar ? try await calDAV.shares(of: owner) : try await cardDAV.bookShares(of: owner)
        }
        guard shares.ofCollection(collection).contains(where: { $0.isFor(sharee) }) else {
            throw ChatAPI.refuse(.notFound, "not_found", "\(collection) is not shared with \(sharee)")
        }
        try await protocolStep { () async throws(DAVError) in
            switch kind {
            case .calendar: try await calDAV.withdraw(collection, of: owner, from: sharee)
            case .addressbook: try await cardDAV.withdraw(book: collection, of: owner, from: sharee)
            }
        }
        return APIResponse.noContent
    }

    private func answer(_ context: JadwalRequestContext, sharee: String, accepting: Bool) async throws -> Response {
        let invitation = try Self.parameter("invitation", context)
        let now = Int(Date().timeIntervalSince1970)
        let isBook = try await protocolStep { () async throws(DAVError) in try await cardDAV.bookShares(of: sharee) }
            .received.contains { $0.invitation == invitation }
        let share = try await protocolStep { () async throws(DAVError) in
            isBook ? try await cardDAV.answerBook(invitation: invitation, of: sharee, accepting: accepting, now: now)
                : try await calDAV.answer(invitation: invitation, of: sharee, accepting: accepting, now: now)
        }
        return APIResponse.json(.ok, Self.json(share))
    }

    /// Runs a step of a protocol layer, its refusals becoming JSON errors with their reason.
    private func protocolStep<T>(_ step: () async throws(DAVError) -> T) async throws -> T {
        do { return try await step() } catch {
            let code = switch error.status {
            case 404: "not_found"
            case 403: "forbidden"
            case 400: "invalid"
            default: "unavailable"
            }
            throw AdminAPI.Refusal(response: APIResponse.error(error.status, code, error.message))
        }
    }

    private static func parameter(_ name: String, _ context: JadwalRequestContext) throws -> String {
        guard let value = context.parameters.get(name)?.removingPercentEncoding, !value.isEmpty, value.utf8.count <= 255 else {
            throw ChatAPI.refuse(.notFound, "not_found", "no such \(name)")
        }
        return value
    }

    static func json(_ share: CollectionShare) -> [String: Any] {
        let isBook = share.tree == CardDAVPath.tree
        let href = { (user: String, name: String) in
            isBook ? CardDAVPath.book(user: user, book: name).href : DAVPath.calendar(user: user, calendar: name).href
        }
        return [
            "kind": isBook ? Kind.addressbook.rawValue : Kind.calendar.rawValue,
            "owner": share.owner, "collection": share.collection, "sharee": share.sharee, "access": share.access.rawValue,
            "status": share.status.rawValue, "invitation": share.invitation, "summary": share.summary ?? NSNull(),
            "href": share.mount.map { href(share.sharee, $0) } ?? NSNull(),
            "ownerHref": href(share.owner, share.collection),
            "changedAt": ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(share.changedAt))),
        ]
    }
}
