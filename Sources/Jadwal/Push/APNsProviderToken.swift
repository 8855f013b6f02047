import Foundation
import JWTKit

/// The provider authentication token APNs asks on every request: an ES256 JWT naming the
/// team (`iss`) and the time (`iat`), signed with the `.p8` key (`kid`). Apple refuses
/// tokens older than an hour and throttles ones renewed more often than every 20 minutes,
/// so one is kept and renewed after ``renewal`` seconds, or at once when APNs answers
/// `ExpiredProviderToken`.
actor APNsProviderToken {
    /// Seconds a token is used: inside Apple's window of 20 to 60 minutes.
    static let renewal = 40 * 60

    private let keys: JWTKeyCollection
    private let keyID: String
    private let teamID: String
    private var current: (token: String, issuedAt: Int)?

    init(privateKeyPEM: String, keyID: String, teamID: String) async throws {
        keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PrivateKey(pem: privateKeyPEM), kid: JWKIdentifier(string: keyID))
        self.keyID = keyID
        self.teamID = teamID
    }

    /// The token to send at `now`.
    func token(now: Int) async throws -> String {
        if let current, now - current.issuedAt < Self.renewal, now >= current.issuedAt { return current.token }
        let claims = APNsProviderClaims(iss: IssuerClaim(value: teamID), iat: IssuedAtClaim(value: Date(timeIntervalSince1970: TimeInterval(now))))
        let token = try await keys.sign(claims, kid: JWKIdentifier(string: keyID))
        current = (token, now)
        return token
    }

    /// Drops `token` when it is the one kept (APNs said it expired): the next push signs a new one.
    func expire(_ token: String) {
        if current?.token == token { current = nil }
    }
}

/// The claims of an APNs provider token.
struct APNsProviderClaims: JWTPayload {
    var iss: IssuerClaim
    var iat: IssuedAtClaim

    /// APNs checks them; the server only signs.
    func verify(using algorithm: some JWTAlgorithm) throws {}
}
