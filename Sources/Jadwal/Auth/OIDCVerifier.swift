import AsyncHTTPClient
import Foundation
import JWTKit
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Verifies ID tokens from an OpenID Connect provider ("Sign in with Google" is one):
/// the signature against the issuer's published keys (JWKS), then `iss`, `aud`, `exp`
/// and `email_verified`. The key set is fetched on first use and kept for an hour; a
/// token naming a key id it does not hold (the provider rotated) fetches it again early,
/// at most once a minute.
public actor OIDCVerifier {
    /// Where the provider's keys are and whose tokens count.
    public struct Settings: Sendable, Equatable {
        /// The exact `iss` of the provider's tokens (`https://accounts.google.com`).
        public var issuer: String
        /// The JWKS document (`https://www.googleapis.com/oauth2/v3/certs`).
        public var keySetURL: URL
        /// This server's client ids; a token's `aud` must name one.
        public var clientIDs: [String]

        public init(issuer: String, keySetURL: URL, clientIDs: [String]) {
            self.issuer = issuer
            self.keySetURL = keySetURL
            self.clientIDs = clientIDs
        }
    }

    /// A verified identity.
    public struct Identity: Sendable, Equatable {
        public let subject: String
        public let email: String
    }

    /// Why a token was refused; `message` is safe to show.
    public struct Refusal: Error, Sendable, Equatable {
        public let message: String
    }

    static let keySetLifetime = 3600
    static let refetchInterval = 60
    static let maxKeySetBytes = 256 << 10
    static let algorithms: Set = ["RS256", "RS384", "RS512", "ES256", "ES384", "PS256"]

    public let settings: Settings
    private let clock: @Sendable () -> Int
    private var keys: JWTKeyCollection?
    private var keyIDs: Set<String> = []
    private var fetchedAt = Int.min / 2
    private var unknownKeyFetchAt = Int.min / 2

    public init(settings: Settings, clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) {
        self.settings = settings
        self.clock = clock
    }

    /// The identity in `token`, or a refusal saying why not.
    public func verify(_ token: String) async throws(Refusal) -> Identity {
        guard let header = JWTHeaderCheck(token) else { throw Refusal(message: "not a signed JWT with a key id") }
        guard Self.algorithms.contains(header.algorithm) else { throw Refusal(message: "algorithm \(header.algorithm) is not accepted") }
        let now = clock()
        if keys == nil || now - fetchedAt > Self.keySetLifetime {
            try await fetchKeySet(now: now)
        } else if !keyIDs.contains(header.keyID) && now - unknownKeyFetchAt > Self.refetchInterval {
            // The provider may have rotated; a stream of made-up key ids gets one fetch a minute.
            unknownKeyFetchAt = now
            try await fetchKeySet(now: now)
        }
        guard let keys, keyIDs.contains(header.keyID) else { throw Refusal(message: "the token is signed with a key the provider does not publish") }
        let claims: IdentityClaims
        do { claims = try await keys.verify(token, as: IdentityClaims.self) } catch {
            throw Refusal(message: "the token's signature or claims are not valid")
        }
        guard claims.iss.value == settings.issuer else { throw Refusal(message: "the token is from another issuer") }
        guard claims.aud.value.contains(where: settings.clientIDs.contains) else { throw Refusal(message: "the token is for another client") }
        guard Int(claims.exp.value.timeIntervalSince1970) > now else { throw Refusal(message: "the token has expired") }
        guard let email = claims.email, !email.isEmpty else { throw Refusal(message: "the token carries no email address") }
        guard claims.email_verified?.value == true else { throw Refusal(message: "the provider has not verified this email address") }
        return Identity(subject: claims.sub.value, email: email.lowercased())
    }

    private func fetchKeySet(now: Int) async throws(Refusal) {
        fetchedAt = now
        var request = HTTPClientRequest(url: settings.keySetURL.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        let data: Data
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            guard response.status.code == 200 else { throw Refusal(message: "the provider's key set could not be fetched") }
            data = Data(buffer: try await response.body.collect(upTo: Self.maxKeySetBytes))
        } catch {
            throw (error as? Refusal) ?? Refusal(message: "the provider's key set could not be fetched")
        }
        guard data.count <= Self.maxKeySetBytes, let jwks = try? JSONDecoder().decode(JWKS.self, from: data) else {
            throw Refusal(message: "the provider's key set is not a JWKS document")
        }
        let collection = JWTKeyCollection()
        var ids: Set<String> = []
        for key in jwks.keys {
            // Keys without an id or of kinds this server does not verify are skipped, not fatal.
            guard let id = key.keyIdentifier?.string, (try? await collection.add(jwk: key)) != nil else { continue }
            ids.insert(id)
        }
        keys = collection
        keyIDs = ids
    }
}

/// The claims of an OpenID Connect ID token that sign-in needs.
struct IdentityClaims: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var email: String?
    var email_verified: BoolClaim?

    func verify(using algorithm: some JWTAlgorithm) throws {
        try exp.verifyNotExpired()
    }
}
