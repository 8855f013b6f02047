import CalDAVCore
import CardDAVCore
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import Logging
import WebDAV

/// `/api/v1/me`: what a signed-in person does for themselves, without an administrator
/// (issue "for the people who use it"). Documented in `openapi.yaml`.
///
/// - `GET`: name, email, preferences, the addresses to type into any client, calendars and
///   address books with their URLs, devices.
/// - `PATCH {displayName?, language?, timeZone?}` (`null` clears one).
/// - `POST password {password, currentPassword?}`: the current one is asked of Basic callers
///   (a script, a device); an app session proved itself by email link or ID token. Every
///   app session ends; a bearer caller gets a new one in the answer.
/// - `POST setup-link {kind?, send?}`: a one-time setup link, as administrators issue.
/// - `GET devices`, `DELETE devices/{id}`: app passwords, as devices, revoked at once.
/// - `POST app-passwords {label}`: a new app password, shown this once.
struct MeAPI: Sendable {
    let users: UserDirectory
    /// Where the person's calendars (their own, shared with them, computed) are listed.
    let calDAV: CalDAVAdapter
    let cardDAV: CardDAVAdapter
    let setupLinks: SetupLinks
    let signIn: SignInService
    let requests: SignedInRequests
    /// Checks of the current password, limited as sign-in attempts are.
    let passwordGuard: PasswordGuard
    let publicURL: String

    func add(to router: Router<JadwalRequestContext>) {
        router.get("/api/v1/me") { request, context in
            await requests.signedIn(request, context) { user in APIResponse.json(.ok, try await overview(of: user)) }
        }
        router.patch("/api/v1/me") { request, context in
            await requests.signedIn(request, context) { user in try await update(user, request) }
        }
        let group = router.group("api/v1/me")
        group.post("password") { request, context in
            await requests.signedIn(request, context) { user in try await changePassword(user, request, context) }
        }
        group.post("setup-link") { request, context in
            await requests.signedIn(request, context) { user in try await setupLink(user, request) }
        }
        group.get("devices") { request, context in
            await requests.signedIn(request, context) { user in
                APIResponse.json(.ok, ["devices": try await users.accounts.appPasswords(name: user).map(Self.json)])
            }
        }
        group.delete("devices/:id") { request, context in
            await requests.signedIn(request, context) { user in
                let id = context.parameters.get("id") ?? ""
                guard id.utf8.count <= 64, let label = try await users.accounts.revokeAppPassword(name: user, deviceID: id) else {
                    throw ChatAPI.refuse(.notFound, "not_found", "no such device")
                }
                requests.logger.info("app password revoked", metadata: ["user": "\(user)", "label": "\(label)", "by": "its owner"])
                return APIResponse.noContent
            }
        }
        group.post("app-passwords") { request, context in
            await requests.signedIn(request, context) { user in try await createAppPassword(user, request) }
        }
    }

    /// Everything `GET /api/v1/me` shows.
    func overview(of user: String) async throws -> [String: Any] {
        guard let account = try await users.accounts.account(named: user),
              let preferences = try await users.accounts.preferences(of: user) else { throw Self.gone }
        let calendars = try await calDAV.store.calendars(of: user).map { calendar -> [String: Any] in
            [
                "name": calendar.reference.name, "displayName": calendar.displayName ?? calendar.reference.name,
                "color": calendar.color ?? NSNull(), "url": link(DAVPath.calendar(user: user, calendar: calendar.reference.name).href),
                "readOnly": calendar.isReadOnly, "sharedBy": calendar.receivedShare?.owner ?? NSNull(),
            ]
        }
        let books = try await cardDAV.store.addressBooks(of: user).map { book -> [String: Any] in
            [
                "name": book.reference.name, "displayName": book.displayName ?? book.reference.name,
                "url": link(CardDAVPath.book(user: user, book: book.reference.name).href),
                "readOnly": book.isReadOnly, "sharedBy": book.receivedShare?.owner ?? NSNull(),
            ]
        }
        return [
            "name": account.name, "email": account.email ?? NSNull(), "displayName": account.displayName ?? NSNull(),
            "language": preferences.language ?? NSNull(), "timeZone": preferences.timeZone ?? NSNull(), "admin": account.isAdmin,
            "dav": [
                "server": publicURL + "/dav/", "userName": account.name, "principal": link(ServerPath.principalHref(user)),
                "calendarHome": link(DAVPath.home(user: user).href), "addressBookHome": link(CardDAVPath.home(user: user).href),
            ],
            "calendars": calendars, "addressBooks": books,
            "devices": try await users.accounts.appPasswords(name: user).map(Self.json),
        ]
    }

    private func update(_ user: String, _ request: Request) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["displayName", "language", "timeZone"])
        let displayName = try Self.clearable(body, "displayName", maxLength: 200)
        let language = try Self.clearable(body, "language", maxLength: 35)
        let timeZone = try Self.clearable(body, "timeZone", maxLength: 64)
        do {
            try await users.accounts.updatePreferences(name: user, language: language, timeZone: timeZone)
            if case .some(let name) = displayName { try await users.accounts.setDisplayName(name: user, name) }
        } catch let problem as AccountStore.AccountError where !problem.isMissing {
            throw ChatAPI.refuse(.badRequest, "invalid", problem.description)
        }
        return APIResponse.json(.ok, try await overview(of: user))
    }

    private func changePassword(_ user: String, _ request: Request, _ context: JadwalRequestContext) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["password", "currentPassword"], required: ["password"])
        let password = try body.requiredString("password", maxLength: 1024)
        guard password.count >= 8 else { throw ChatAPI.refuse(.badRequest, "invalid", "a password needs at least 8 characters") }
        let hasSession = request.headers[.authorization]?.lowercased().hasPrefix("bearer ") ?? false
        if !hasSession {
            guard let current = try body.string("currentPassword", maxLength: 1024) else {
                throw ChatAPI.refuse(.forbidden, "current_password_required", "give your current password as currentPassword")
            }
            try await checkCurrentPassword(current, of: user, client: context.clientAddress)
        }
        try await users.accounts.setPassword(name: user, password: password)
        try await users.application.refreshTokens.revokeAll(of: user)
        requests.logger.info("password changed", metadata: ["user": "\(user)", "by": "its owner"])
        guard hasSession else { return APIResponse.noContent }
        do {
            let session = try await signIn.startSession(for: user)
            return APIResponse.json(.ok, ["accessToken": session.accessToken, "tokenType": "Bearer", "expiresIn": session.expiresIn,
                                          "refreshToken": session.refreshToken, "user": session.account])
        } catch {
            throw ChatAPI.refuse(HTTPResponse.Status(code: error.status), error.code, error.message)
        }
    }

    /// The account's own password (never an app password), checked as slowly as sign-in.
    private func checkCurrentPassword(_ current: String, of user: String, client: String) async throws {
        switch await passwordGuard.admit(name: user, client: client) {
        case .refuse(let retryAfter):
            throw AdminAPI.Refusal(response: APIResponse.tooManyRequests(retryAfter: retryAfter))
        case .check(let ticket, let delay):
            try? await Task.sleep(for: delay)
            let matches = AppPassword.isAppPasswordShaped(current) ? false : await users.accounts.verify(name: user, password: current)
            await passwordGuard.finish(ticket, succeeded: matches)
            guard matches else { throw ChatAPI.refuse(.forbidden, "wrong_password", "the current password is not right") }
        }
    }

    private func setupLink(_ user: String, _ request: Request) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["kind", "send"])
        let kindName = try body.string("kind", maxLength: 32) ?? SetupLinks.Kind.calendars.rawValue
        guard let kind = SetupLinks.Kind(rawValue: kindName) else {
            throw ChatAPI.refuse(.badRequest, "invalid", "kind is one of \(SetupLinks.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let link: SetupLinks.Link
        do {
            link = try await setupLinks.issue(for: user, kind: kind, send: try body.bool("send") ?? false)
        } catch let problem as AccountStore.AccountError {
            throw ChatAPI.refuse(.conflict, "no_email", problem.description)
        }
        var answer: [String: Any] = ["url": link.url, "kind": kind.rawValue, "expiresAt": link.expiresAt]
        if let sentTo = link.sentTo { answer["sentTo"] = sentTo }
        return APIResponse.json(.created, answer)
    }

    private func createAppPassword(_ user: String, _ request: Request) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["label"], required: ["label"])
        let label = try body.requiredString("label", maxLength: 100)
        let password: String
        do {
            password = try await users.accounts.createAppPassword(name: user, label: label)
        } catch let problem as AccountStore.AccountError where !problem.isMissing {
            throw ChatAPI.refuse(problem.isConflict ? .conflict : .badRequest, problem.isConflict ? "conflict" : "invalid", problem.description)
        }
        guard let device = try await users.accounts.appPasswords(name: user).first(where: { $0.label == label.trimmingCharacters(in: .whitespacesAndNewlines) }) else {
            throw Self.gone
        }
        requests.logger.info("app password created", metadata: ["user": "\(user)", "label": "\(device.label)", "by": "its owner"])
        var answer = Self.json(device)
        answer["password"] = password
        answer["userName"] = user
        answer["server"] = publicURL + "/dav/"
        return APIResponse.json(.created, answer)
    }

    /// A device as the person sees it: an app password, "connected" once a device used it.
    static func json(_ password: AppPassword) -> [String: Any] {
        ["id": password.deviceID, "label": password.label, "createdAt": password.createdAt,
         "lastUsedAt": password.lastUsedAt.map { $0 as Any } ?? NSNull(), "connected": password.lastUsedAt != nil]
    }

    /// A field that may be given (a value), cleared (`null`) or left out.
    private static func clearable(_ body: JSONRequestBody, _ name: String, maxLength: Int) throws -> String?? {
        if body.isNull(name) { return .some(nil) }
        return try body.string(name, maxLength: maxLength).map { .some($0) } ?? .none
    }

    /// The account went away between authentication and the answer (deleted meanwhile).
    private static var gone: AdminAPI.Refusal { ChatAPI.refuse(.unauthorized, "unauthorized", "this account no longer exists") }

    private func link(_ href: String) -> String { publicURL + href }
}
