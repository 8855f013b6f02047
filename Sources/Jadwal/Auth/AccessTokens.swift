import Foundation
import JWTKit

/// Short-lived bearer tokens for the app API: ES256 JWTs, five minutes long, naming the
/// account's id in `sub` (never reused, unlike names) and its password generation in
/// `gen`, so that deleting the account or changing its password ends them at once
/// (``AccountStore/holder(of:)``).
///
/// Signing keys live in the store's ``KeyVault``, so every instance on one database signs
/// and verifies with the same keys; one is made at first start. ``rotate()`` adds a new key
/// that signs from then on; the old ones keep verifying until every token they signed has
/// expired, then are deleted. Any process may rotate (`jadwald keys rotate`): every
/// instance reads the key list before it signs (sign-ins are rare), and for verifying
/// (every request) trusts its copy for ``refreshInterval`` seconds, reading again at once
/// when a token names a key it does not know.
public actor AccessTokens {
    /// Five minutes.
    public static let lifetime = 5 * 60
    /// How long a replaced key keeps verifying: longer than any token it signed lives.
    static let retirement = lifetime + 60
    /// Seconds a process trusts its copy of the key list.
    static let refreshInterval = 30
    static let audience = "jadwal-api"
    /// The vault purpose of signing keys.
    public static let keyPurpose = "access-token"

    private let vault: KeyVault
    private let issuer: String
    private let clock: @Sendable () -> Int
    private var keys = JWTKeyCollection()
    private var signingKeyID: String?
    private var knownKeyIDs: Set<String> = []
    /// The live keys' ids, newest first.
    private var liveKeyIDs: [String] = []
    /// When the key list was last read (clock seconds).
    private var loadedAt: Int?

    /// The signing keys in `vault`, making the first one when there is none.
    /// - Parameter issuer: the server's public URL, written as `iss`.
    public init(vault: KeyVault, issuer: String, clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) async throws {
        self.vault = vault
        self.issuer = issuer
        self.clock = clock
        try await reload()
        if signingKeyID == nil { try await rotate() }
    }

    /// Whom a token was issued to.
    public struct Subject: Sendable, Equatable {
        /// ``AccountStore/Account/id``.
        public let accountID: String
        /// ``AccountStore/Account/passwordGeneration`` when the token was issued.
        public let passwordGeneration: Int
    }

    /// A new access token for `account`.
    public func issue(for account: AccountStore.Account) async throws -> String {
        guard let id = account.id else { throw JWTError.claimVerificationFailure(failedClaim: nil, reason: "the account has no id") }
        try await reload()
        guard let signingKeyID else { throw JWTError.noKeyProvided }
        let now = clock()
        let claims = AccessClaims(sub: SubjectClaim(value: id), gen: account.passwordGeneration, iss: IssuerClaim(value: issuer),
                                  aud: AudienceClaim(value: Self.audience),
                                  iat: IssuedAtClaim(value: Date(timeIntervalSince1970: TimeInterval(now))),
                                  exp: ExpirationClaim(value: Date(timeIntervalSince1970: TimeInterval(now + Self.lifetime))))
        return try await keys.sign(claims, kid: JWKIdentifier(string: signingKeyID))
    }

    /// Whom a token was issued to, or `nil` when it is forged, expired, signed by a key
    /// this server does not know, or not an ES256 JWT. Whether that account still exists
    /// with the same password is ``AccountStore/holder(of:)``'s to say.
    public func verify(_ token: String) async -> Subject? {
        guard let header = JWTHeaderCheck(token), header.algorithm == "ES256" else { return nil }
        try? await reloadIfStale()
        // A key made by another process since the last read. A forged key id costs one
        // indexed lookup, no more than any request that fails its password.
        if !knownKeyIDs.contains(header.keyID), (try? await vault.contains(header.keyID)) == true { try? await reload() }
        guard knownKeyIDs.contains(header.keyID),
              let claims = try? await keys.verify(token, as: AccessClaims.self) else { return nil }
        let now = clock()
        guard claims.iss.value == issuer, claims.aud.value.contains(Self.audience),
              Int(claims.exp.value.timeIntervalSince1970) > now, Int(claims.iat.value.timeIntervalSince1970) <= now + 60 else { return nil }
        return Subject(accountID: claims.sub.value, passwordGeneration: claims.gen)
    }

    /// Adds a new signing key and deletes keys retired long enough ago.
    public func rotate() async throws {
        try await vault.addNewest(Data(ES256PrivateKey().pemRepresentation.utf8), purpose: Self.keyPurpose, now: clock())
        try await reload()
    }

    /// Key ids that verify tokens now, newest first (the first one signs).
    public func keyIDs() async throws -> [String] {
        try await reload()
        return liveKeyIDs
    }

    // MARK: Key list

    private func reloadIfStale() async throws {
        if let loadedAt, clock() - loadedAt < Self.refreshInterval { return }
        try await reload()
    }

    private func reload() async throws {
        let now = clock()
        let stored = try await vault.keys(purpose: Self.keyPurpose)
        // Newest first; a key is retired once its successor has signed for `retirement` seconds.
        var live: [KeyVault.StoredKey] = []
        var retired: [String] = []
        for (index, key) in stored.enumerated() {
            if index > 0, now - stored[index - 1].createdMilliseconds / 1000 > Self.retirement {
                retired.append(key.id)
            } else {
                live.append(key)
            }
        }
        try? await vault.remove(retired)
        let collection = JWTKeyCollection()
        for key in live {
            await collection.add(ecdsa: try ES256PrivateKey(pem: String(decoding: key.bytes, as: UTF8.self)), kid: JWKIdentifier(string: key.id))
        }
        keys = collection
        liveKeyIDs = live.map(\.id)
        knownKeyIDs = Set(liveKeyIDs)
        signingKeyID = liveKeyIDs.first
        loadedAt = now
    }
}

/// The claims of an access token.
struct AccessClaims: JWTPayload {
    var sub: SubjectClaim
    var gen: Int
    var iss: IssuerClaim
    var aud: AudienceClaim
    var iat: IssuedAtClaim
    var exp: ExpirationClaim

    /// Lifetimes are checked by ``AccessTokens/verify(_:)`` against its own clock, so that one
    /// clock (the injected one) decides; here only the signature matters.
    func verify(using algorithm: some JWTAlgorithm) throws {}
}
