import Foundation
import HTTPTypes
import Hummingbird
import Jadwal

/// Who is calling the JSON API: an app session's bearer token (an access JWT), the
/// account password or an app password over Basic (scripts, the prayer settings API),
/// or, for the admin API only, the configured admin token.
struct APIAuthenticator: Sendable {
    /// A caller the API knows.
    enum Caller: Sendable, Equatable {
        case user(String)
        /// The configured admin token: may use the admin API, owns no data.
        case adminToken
    }

    let accessTokens: AccessTokens
    let basic: BasicAuthenticator
    let accounts: AccountStore
    /// SHA-256 digest of the configured admin token.
    let adminTokenDigest: String?

    init(accessTokens: AccessTokens, basic: BasicAuthenticator, accounts: AccountStore, adminToken: String?) {
        self.accessTokens = accessTokens
        self.basic = basic
        self.accounts = accounts
        adminTokenDigest = adminToken.map(SecretToken.digest)
    }

    /// Who called, or the answer that refuses the call.
    enum Authentication: Sendable {
        case caller(Caller)
        /// 401, or 429 when too many attempts failed.
        case refused(Response)

        var caller: Caller? {
            if case .caller(let caller) = self { return caller }
            return nil
        }

        var refusal: Response {
            if case .refused(let response) = self { return response }
            return APIAuthenticator.unauthorized()
        }
    }

    /// The caller of `request`; the signed-in user is noted in `context` for the log line.
    func authenticate(_ request: Request, context: JadwalRequestContext) async -> Authentication {
        guard let header = request.headers[.authorization], header.utf8.count <= 8192 else { return .refused(Self.unauthorized()) }
        if header.lowercased().hasPrefix("bearer ") {
            let token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            if let adminTokenDigest, SecretToken.constantTimeEqual(SecretToken.digest(token), adminTokenDigest) { return .caller(.adminToken) }
            guard let subject = await accessTokens.verify(token), let name = (try? await accounts.holder(of: subject)).flatMap({ $0 }) else {
                return .refused(Self.unauthorized())
            }
            context.identity.user = name
            return .caller(.user(name))
        }
        switch await basic.authenticate(header, client: context.clientAddress) {
        case .signedIn(let user):
            context.identity.user = user.name
            return .caller(.user(user.name))
        case .refused: return .refused(Self.unauthorized())
        case .throttled(let retryAfter): return .refused(APIResponse.tooManyRequests(retryAfter: retryAfter))
        }
    }

    /// Whether `caller` may use the admin API: the admin token, or an administrator
    /// account (read now, so a demoted admin loses access at once).
    func isAdministrator(_ caller: Caller) async -> Bool {
        switch caller {
        case .adminToken: return true
        case .user(let name): return (try? await accounts.account(named: name))?.isAdmin ?? false
        }
    }

    /// 401 with the schemes the API accepts.
    static func unauthorized() -> Response {
        var response = APIResponse.error(.unauthorized, "unauthorized", "sign in: a bearer access token, or your user name and an app password")
        response.headers[.wwwAuthenticate] = "Bearer realm=\"Jadwal\", Basic realm=\"Jadwal\", charset=\"UTF-8\""
        return response
    }
}
