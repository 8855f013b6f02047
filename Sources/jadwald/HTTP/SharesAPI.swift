import CalDAVCore
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import WebDAV

/// Sharing calendars through the JSON API, by the same rules as CalDAV clients share
/// (``CalDAVAdapter/offer(_:of:to:access:summary:now:)``). Documented in `openapi.yaml`.
///
/// The signed-in person:
/// - `GET /api/v1/shares`: the shares of their calendars (`given`) and those offered to them (`received`).
/// - `POST /api/v1/calendars/{calendar}/shares {"sharee", "access": "read"|"read-write", "summary"?}`: offers one.
/// - `DELETE /api/v1/calendars/{calendar}/shares/{sharee}`: ends one.
/// - `POST /api/v1/shares/{invitation}/accept` or `/decline`: answers an invitation (declining
///   an accepted share leaves it).
///
/// An administrator, for any user: `GET /api/v1/admin/users/{name}/shares`,
/// `POST /api/v1/admin/users/{name}/calendars/{calendar}/shares` (with `"accepted": true`, the
/// calendar is in the sharee's home at once) and `DELETE …/shares/{sharee}`.
struct SharesAPI: Sendable {
    let calDAV: CalDAVAdapter
    let requests: SignedInRequests
    let admin: AdminAPI

    func add(to router: Router<JadwalRequestContext>) {
        router.get("/api/v1/shares") { request, context in
            await requests.signedIn(request, context) { user in try await list(user) }
        }
        router.post("/api/v1/calendars/:calendar/shares") { request, context in
            await requests.signedIn(request, context) { user in try await offer(request, context, owner: user, acceptingForSharee: false) }
        }
        router.delete("/api/v1/calendars/:calendar/shares/:sharee") { request, context in
            await requests.signedIn(request, context) { user in try await withdraw(context, owner: user) }
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
                try await offer(request, context, owner: try AdminAPI.name(context), acceptingForSharee: true)
            }
        }
        group.delete("calendars/:calendar/shares/:sharee") { request, context in
            await admin.authorized(request, context) { try await withdraw(context, owner: try AdminAPI.name(context)) }
        }
    }

    private func list(_ user: String) async throws -> Response {
        let shares = try await protocolStep { () async throws(DAVError) in try await calDAV.shares(of: user) }
        return APIResponse.json(.ok, ["given": shares.given.map(Self.json), "received": shares.received.map(Self.json)])
    }

    private func offer(_ request: Request, _ context: JadwalRequestContext, owner: String, acceptingForSharee: Bool) async throws -> Response {
        let calendar = try Self.parameter("calendar", context)
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
            try await calDAV.offer(calendar, of: owner, to: sharee, access: access, summary: summary, now: now)
        }
        if acceptingForSharee, try body.bool("accepted") == true {
            let invitation = share.invitation
            share = try await protocolStep { () async throws(DAVError) in
                try await calDAV.answer(invitation: invitation, of: sharee, accepting: true, now: now)
            }
        }
        return APIResponse.json(.created, Self.json(share))
    }

    private func withdraw(_ context: JadwalRequestContext, owner: String) async throws -> Response {
        let (calendar, sharee) = (try Self.parameter("calendar", context), try Self.parameter("sharee", context))
        guard try await protocolStep({ () async throws(DAVError) in try await calDAV.shares(of: owner) })
            .ofCollection(calendar).contains(where: { $0.isFor(sharee) }) else {
            throw ChatAPI.refuse(.notFound, "not_found", "\(calendar) is not shared with \(sharee)")
        }
        try await protocolStep { () async throws(DAVError) in try await calDAV.withdraw(calendar, of: owner, from: sharee) }
        return APIResponse.noContent
    }

    private func answer(_ context: JadwalRequestContext, sharee: String, accepting: Bool) async throws -> Response {
        let invitation = try Self.parameter("invitation", context)
        let share = try await protocolStep { () async throws(DAVError) in
            try await calDAV.answer(invitation: invitation, of: sharee, accepting: accepting, now: Int(Date().timeIntervalSince1970))
        }
        return APIResponse.json(.ok, Self.json(share))
    }

    /// Runs a step of the CalDAV layer, its refusals becoming JSON errors with their reason.
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
        [
            "owner": share.owner, "calendar": share.collection, "sharee": share.sharee, "access": share.access.rawValue,
            "status": share.status.rawValue, "invitation": share.invitation, "summary": share.summary ?? NSNull(),
            "href": share.mount.map { DAVPath.calendar(user: share.sharee, calendar: $0).href } ?? NSNull(),
            "ownerHref": DAVPath.calendar(user: share.owner, calendar: share.collection).href,
            "changedAt": ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(share.changedAt))),
        ]
    }
}
