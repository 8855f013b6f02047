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

    /// The caller of `request`, or `nil` when its credentials are missing or wrong.
    func caller(of request: Request, client: String? = nil) async -> Caller? {
        guard let header = request.headers[.authorization], header.utf8.count <= 8192 else { return nil }
        if header.lowercased().hasPrefix("bearer ") {
            let token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            if let adminTokenDigest, SecretToken.constantTimeEqual(SecretToken.digest(token), adminTokenDigest) { return .adminToken }
            return await accessTokens.verify(token).map(Caller.user)
        }
        return await basic.principal(for: header, client: client).map(Caller.user)
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
