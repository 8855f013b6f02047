import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import Logging

/// `/api/v1/auth/*`: sign-in for the app.
///
/// - `POST email {email}`: mails a sign-in link; 202 whether or not the address has an
///   account, so the answer tells nobody who is registered.
/// - `POST complete {token}`: the link's token for a session.
/// - `POST oidc {idToken}`: an OpenID Connect ID token for a session.
/// - `POST refresh {refreshToken}`: a new session; the old refresh token is spent.
/// - `POST logout {refreshToken}`: ends the session (204).
///
/// A session is `{accessToken, tokenType, expiresIn, refreshToken, user}`. Attempts are
/// limited per email address and per client address.
struct SignInAPI: Sendable {
    let service: SignInService
    let limits: SignInLimits
    let logger: Logger

    func add(to router: Router<JadwalRequestContext>) {
        let group = router.group("api/v1/auth")
        group.post("email") { request, context in await self.email(request, context) }
        group.post("complete") { request, context in await self.complete(request, context) }
        group.post("oidc") { request, context in await self.oidc(request, context) }
        group.post("refresh") { request, context in await self.refresh(request, context) }
        group.post("logout") { request, _ in await self.logout(request) }
        // Where the mailed link lands when it is opened in a browser rather than by the app
        // (on iOS with the app installed, apple-app-site-association opens the app instead).
        router.get("/signin") { request, _ in
            let t = PageLanguage(preference: nil, request: request)
            let token = request.uri.queryParameters["token"].map(String.init).flatMap { SecretToken.isWellFormed($0) ? $0 : nil }
            // A POST, not a link: mail scanners that open links must not spend the token.
            let browser = token.map { token in
                """
                <form method="post" action="/account/sign-in/link"><input type="hidden" name="token" value="\(HTMLPage.escape(token))">
                <p>\(t("Not on your phone, or no app? Continue in this browser to your account page."))</p>
                <p><button>\(t("Continue in this browser"))</button></p></form>
                """
            } ?? ""
            return HTMLPage(title: t("Sign in to Jadwal"), body: """
                <h1>\(t("Sign in to Jadwal"))</h1>
                <p>\(t("This link signs you in to the Jadwal app. Open it on the iPhone or iPad where the app is installed; the app completes the sign-in."))</p>
                \(browser)
                <p class="muted">\(t("The link works once, within 15 minutes. If it has expired, ask for a new one."))</p>
                """, language: t.code).response()
        }
    }

    private func email(_ request: Request, _ context: JadwalRequestContext) async -> Response {
        do throws(JSONRequestBody.Refusal) {
            let body = try await JSONRequestBody.read(request, fields: ["email"], required: ["email"])
            let email = try body.requiredString("email", maxLength: 254).trimmingCharacters(in: .whitespaces).lowercased()
            if let wait = await limits.checkEmail(email, from: context.clientAddress) { return APIResponse.tooManyRequests(retryAfter: wait) }
            do {
                try await service.requestLink(email: email, language: PageLanguage(acceptLanguage: request.headers[.acceptLanguage] ?? "").code)
            } catch {
                return APIResponse.error(error.status, error.code, error.message)
            }
            return APIResponse.json(.accepted, ["message": "if \(email) may sign in here, a link is on its way"])
        } catch {
            return error.response
        }
    }

    private func complete(_ request: Request, _ context: JadwalRequestContext) async -> Response {
        await session(request, context, field: "token") { token throws(SignInService.Refusal) in try await service.complete(token: token) }
    }

    private func oidc(_ request: Request, _ context: JadwalRequestContext) async -> Response {
        await session(request, context, field: "idToken", maxLength: 16 << 10) { token throws(SignInService.Refusal) in
            try await service.complete(idToken: token)
        }
    }

    private func refresh(_ request: Request, _ context: JadwalRequestContext) async -> Response {
        await session(request, context, field: "refreshToken") { token throws(SignInService.Refusal) in try await service.refresh(token: token) }
    }

    private func logout(_ request: Request) async -> Response {
        do throws(JSONRequestBody.Refusal) {
            let body = try await JSONRequestBody.read(request, fields: ["refreshToken"], required: ["refreshToken"])
            let token = try body.requiredString("refreshToken", maxLength: 256)
            do { try await service.logout(refreshToken: token) } catch {
                return APIResponse.error(error.status, error.code, error.message)
            }
            return APIResponse.noContent
        } catch {
            return error.response
        }
    }

    /// Reads one token field, checks the client's attempt budget and answers with a session.
    private func session(_ request: Request, _ context: JadwalRequestContext, field: String, maxLength: Int = 256,
                         _ start: (String) async throws(SignInService.Refusal) -> SignInService.Session) async -> Response {
        if let wait = await limits.checkToken(from: context.clientAddress) { return APIResponse.tooManyRequests(retryAfter: wait) }
        do throws(JSONRequestBody.Refusal) {
            let body = try await JSONRequestBody.read(request, maxBytes: max(16 << 10, maxLength + 1024), fields: [field], required: [field])
            let token = try body.requiredString(field, maxLength: maxLength)
            do {
                let session = try await start(token)
                logger.info("signed in", metadata: ["user": "\(session.account)", "via": "\(field)"])
                return APIResponse.json(.ok, [
                    "accessToken": session.accessToken, "tokenType": "Bearer", "expiresIn": session.expiresIn,
                    "refreshToken": session.refreshToken, "user": session.account,
                ])
            } catch {
                logger.notice("sign-in refused", metadata: ["code": "\(error.code)", "token": "\(SecretToken.redacted(token))",
                                                            "client": "\(context.clientAddress)"])
                return APIResponse.error(error.status, error.code, error.message)
            }
        } catch {
            return error.response
        }
    }
}

/// The attempt budgets of sign-in: links per email address and per client address, token
/// redemptions per client address.
struct SignInLimits: Sendable {
    let linksPerEmail: RateLimiter
    let linksPerClient: RateLimiter
    let tokensPerClient: RateLimiter

    /// The budgets, kept in the application's database and so shared by every instance.
    init(application: ApplicationDatabase) {
        linksPerEmail = application.rateLimiter("sign-in-email", limit: 5, per: 3600)
        linksPerClient = application.rateLimiter("sign-in-client", limit: 20, per: 3600)
        tokensPerClient = application.rateLimiter("sign-in-token-client", limit: 30, per: 600)
    }

    /// Seconds to wait, or `nil` when the attempt may go ahead.
    func checkEmail(_ email: String, from client: String) async -> Int? {
        if !(await linksPerClient.allow(client)) { return await linksPerClient.retryAfter(client) }
        if !(await linksPerEmail.allow(email)) { return await linksPerEmail.retryAfter(email) }
        return nil
    }

    func checkToken(from client: String) async -> Int? {
        await tokensPerClient.allow(client) ? nil : await tokensPerClient.retryAfter(client)
    }
}
