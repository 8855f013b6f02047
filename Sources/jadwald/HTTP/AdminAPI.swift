import CalDAVCore
import Foundation
import HTTPTypes
import ICalendar
import Hummingbird
import Jadwal
import Logging

/// `/api/v1/admin/*`: user management for administrators (an admin account, or the
/// configured admin token). Documented in `openapi.yaml`.
///
/// - `GET users`, `POST users {name, email?, password?, admin?}`
/// - `GET|PATCH|DELETE users/{name}` (`PATCH {email?, admin?}`)
/// - `POST users/{name}/password {password?}`: sets it, or makes one and returns it once;
///   the user's app sessions end
/// - `POST users/{name}/setup-link {kind?, send?}`: a one-time setup link (`calendars` or
///   `prayer-feed`), mailed when asked
/// - `GET users/{name}/app-passwords`, `DELETE users/{name}/app-passwords/{label}`
/// - `POST itip` (a `text/calendar` REPLY): an answer that came by email from an attendee
///   elsewhere, posted by the site's mail pipeline, recorded for the organizer here
struct AdminAPI: Sendable {
    let users: UserDirectory
    let authenticator: APIAuthenticator
    let setupLinks: SetupLinks
    /// Where answers from elsewhere are recorded.
    let calDAV: CalDAVAdapter
    let logger: Logger

    func add(to router: Router<JadwalRequestContext>) {
        let group = router.group("api/v1/admin")
        group.get("users") { request, context in await self.authorized(request, context) { try await self.list() } }
        group.post("users") { request, context in await self.authorized(request, context) { try await self.create(request) } }
        group.get("users/:name") { request, context in await self.authorized(request, context) { try await self.show(try Self.name(context)) } }
        group.patch("users/:name") { request, context in
            await self.authorized(request, context) { try await self.update(try Self.name(context), request) }
        }
        group.delete("users/:name") { request, context in await self.authorized(request, context) { try await self.delete(try Self.name(context)) } }
        group.post("users/:name/password") { request, context in
            await self.authorized(request, context) { try await self.resetPassword(try Self.name(context), request) }
        }
        group.post("users/:name/setup-link") { request, context in
            await self.authorized(request, context) { try await self.setupLink(try Self.name(context), request) }
        }
        group.post("itip") { request, context in await self.authorized(request, context) { try await self.inboundReply(request) } }
        group.get("users/:name/app-passwords") { request, context in
            await self.authorized(request, context) { try await self.appPasswords(try Self.name(context)) }
        }
        group.delete("users/:name/app-passwords/:label") { request, context in
            await self.authorized(request, context) {
                try await self.revoke(try Self.name(context), label: context.parameters.get("label")?.removingPercentEncoding ?? "")
            }
        }
    }

    /// A refusal on the way to an answer.
    struct Refusal: Error {
        let response: Response
    }

    /// The largest iTIP message taken from a mail pipeline.
    static let maxInboundMessage = 256 << 10

    /// `POST itip`: records an attendee's REPLY for the organizer here (iMIP, RFC 6047).
    private func inboundReply(_ request: Request) async throws -> Response {
        guard request.headers[.contentType]?.lowercased().hasPrefix("text/calendar") == true else {
            return APIResponse.error(.unsupportedMediaType, "unsupported_media_type", "send the REPLY as text/calendar")
        }
        guard let body = try? await request.body.collect(upTo: Self.maxInboundMessage) else {
            return APIResponse.error(.contentTooLarge, "too_large", "an iTIP message has at most \(Self.maxInboundMessage) bytes")
        }
        guard let calendar = try? ICalendarParser().parseCalendar(Array(body.readableBytesView)) else {
            return APIResponse.error(.badRequest, "invalid", "the body is not iCalendar")
        }
        switch try await calDAV.receiveReply(calendar, now: Int(Date().timeIntervalSince1970)) {
        case .recorded(let user, let summary):
            return APIResponse.json(.ok, ["recorded": true, "organizer": user, "summary": summary ?? ""])
        case .invalid(let reason): return APIResponse.error(.badRequest, "invalid", reason)
        case .organizerElsewhere: return APIResponse.error(.notFound, "not_found", "the ORGANIZER has no account here")
        case .attendeeHere:
            return APIResponse.error(.forbidden, "forbidden", "the ATTENDEE has an account here; their answers come from their own calendar")
        case .noSuchEvent: return APIResponse.error(.notFound, "not_found", "the organizer has no such event")
        case .notInvited: return APIResponse.error(.conflict, "conflict", "the event does not name this attendee")
        }
    }

    func authorized(_ request: Request, _ context: JadwalRequestContext, _ body: () async throws -> Response) async -> Response {
        let authentication = await authenticator.authenticate(request, context: context)
        guard let caller = authentication.caller else { return authentication.refusal }
        guard await authenticator.isAdministrator(caller) else {
            return APIResponse.error(.forbidden, "forbidden", "the admin API is for administrators")
        }
        do {
            return try await body()
        } catch let refusal as Refusal {
            return refusal.response
        } catch let refusal as JSONRequestBody.Refusal {
            return refusal.response
        } catch let problem as AccountStore.AccountError {
            if problem.isConflict { return APIResponse.error(.conflict, "conflict", problem.description) }
            let missing = problem.isMissing
            return APIResponse.error(missing ? .notFound : .badRequest, missing ? "not_found" : "invalid", problem.description)
        } catch {
            logger.error("admin API failed", metadata: ["error": "\(error)"])
            return APIResponse.error(.serviceUnavailable, "unavailable", "the operation could not be completed; try again")
        }
    }

    private static func notFound(_ name: String) -> Refusal {
        Refusal(response: APIResponse.error(.notFound, "not_found", "no user \(name)"))
    }

    static func name(_ context: JadwalRequestContext) throws -> String {
        // Path parameters arrive percent-encoded ("amal%40example.org").
        guard let name = context.parameters.get("name")?.removingPercentEncoding.map(AccountIdentity.canonical), AccountStore.isValidName(name) else {
            throw Refusal(response: APIResponse.error(.notFound, "not_found", "no such user"))
        }
        return name
    }

    private func list() async throws -> Response {
        var summaries: [[String: Any]] = []
        for account in try await users.accounts.list() {
            if let summary = try await users.summary(of: account.name) { summaries.append(Self.json(summary)) }
        }
        return APIResponse.json(.ok, ["users": summaries])
    }

    private func show(_ name: String) async throws -> Response {
        guard let summary = try await users.summary(of: name) else { throw Self.notFound(name) }
        return APIResponse.json(.ok, Self.json(summary))
    }

    private func create(_ request: Request) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["name", "email", "password", "admin"], required: ["name"])
        let name = try body.requiredString("name", maxLength: 64)
        let email = try body.string("email", maxLength: 254)
        let password = try body.string("password", maxLength: 1024)
        let isAdmin = try body.bool("admin") ?? false
        try await users.create(name: name, password: password, email: email, isAdmin: isAdmin)
        logger.info("user created", metadata: ["user": "\(name)", "by": "admin API"])
        return try await summaryResponse(AccountIdentity.canonical(name), status: .created)
    }

    private func update(_ name: String, _ request: Request) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["email", "admin"])
        let email: String?? = body.isNull("email") ? .some(nil) : try body.string("email", maxLength: 254).map { .some($0) } ?? .none
        try await users.accounts.update(name: name, email: email, isAdmin: try body.bool("admin"))
        return try await summaryResponse(name, status: .ok)
    }

    private func delete(_ name: String) async throws -> Response {
        try await users.delete(name: name)
        logger.info("user deleted", metadata: ["user": "\(name)", "by": "admin API"])
        return APIResponse.noContent
    }

    private func resetPassword(_ name: String, _ request: Request) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["password"])
        let given = try body.string("password", maxLength: 1024)
        let password = given ?? SecretToken.generate()
        try await users.accounts.setPassword(name: name, password: password)
        try await users.application.refreshTokens.revokeAll(of: name)
        logger.info("password reset", metadata: ["user": "\(name)", "by": "admin API"])
        return given == nil ? APIResponse.json(.ok, ["password": password]) : APIResponse.noContent
    }

    private func setupLink(_ name: String, _ request: Request) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["send", "kind"])
        let kindName = try body.string("kind", maxLength: 32) ?? SetupLinks.Kind.calendars.rawValue
        guard let kind = SetupLinks.Kind(rawValue: kindName) else {
            throw Refusal(response: APIResponse.error(.badRequest, "wrong_type",
                                                      "kind must be one of \(SetupLinks.Kind.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        let link = try await setupLinks.issue(for: name, kind: kind, send: try body.bool("send") ?? false)
        var answer: [String: Any] = ["url": link.url, "expiresAt": link.expiresAt]
        if let sentTo = link.sentTo { answer["sentTo"] = sentTo }
        return APIResponse.json(.created, answer)
    }

    private func appPasswords(_ name: String) async throws -> Response {
        guard try await users.accounts.account(named: name) != nil else { throw Self.notFound(name) }
        return APIResponse.json(.ok, ["appPasswords": try await users.accounts.appPasswords(name: name).map(Self.json)])
    }

    private func revoke(_ name: String, label: String) async throws -> Response {
        try await users.accounts.revokeAppPassword(name: name, label: label)
        logger.info("app password revoked", metadata: ["user": "\(name)", "label": "\(label)", "by": "admin API"])
        return APIResponse.noContent
    }

    private func summaryResponse(_ name: String, status: HTTPResponse.Status) async throws -> Response {
        guard let summary = try await users.summary(of: name) else { throw Self.notFound(name) }
        return APIResponse.json(status, Self.json(summary))
    }

    static func json(_ summary: UserDirectory.Summary) -> [String: Any] {
        [
            "name": summary.account.name, "email": summary.account.email.map { $0 as Any } ?? NSNull(), "admin": summary.account.isAdmin,
            "createdAt": summary.account.createdAt, "objects": summary.objectCount, "storageBytes": summary.storageBytes,
            "calendars": summary.calendars.map { ["name": $0.name, "displayName": $0.displayName.map { $0 as Any } ?? NSNull(), "objects": $0.objects, "bytes": $0.bytes] },
            "addressBooks": summary.addressBooks.map { ["name": $0.name, "displayName": $0.displayName.map { $0 as Any } ?? NSNull(), "cards": $0.cards, "bytes": $0.bytes] },
            "appPasswords": summary.appPasswords.map(json),
        ]
    }

    static func json(_ password: AppPassword) -> [String: Any] {
        ["label": password.label, "createdAt": password.createdAt, "lastUsedAt": password.lastUsedAt.map { $0 as Any } ?? NSNull()]
    }
}
