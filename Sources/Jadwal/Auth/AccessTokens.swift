import Foundation
import JWTKit

/// Short-lived bearer tokens for the app API: ES256 JWTs, five minutes long, naming the
/// account in `sub`.
///
/// Signing keys live in the data directory (`keys/jwt-*.pem`, readable by the owner only)
/// and are made at first start. ``rotate()`` adds a new key that signs from then on; the
/// old ones keep verifying until every token they signed has expired, then are deleted.
/// Another process (`jadwald keys rotate`) may rotate: the key folder is read again when
/// it changes.
public actor AccessTokens {
    /// Five minutes.
    public static let lifetime = 5 * 60
    /// How long a replaced key keeps verifying: longer than any token it signed lives.
    static let retirement = lifetime + 60
    static let audience = "jadwal-api"

    private let directory: URL
    private let issuer: String
    private let clock: @Sendable () -> Int
    private var keys = JWTKeyCollection()
    private var signingKeyID: String?
    private var knownKeyIDs: Set<String> = []
    private var loadedStamp: Date?

    /// Opens (creating when needed) the key folder `directory`.
    /// - Parameter issuer: the server's public URL, written as `iss`.
    public init(directory: String, issuer: String, clock: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }) throws {
        self.directory = URL(fileURLWithPath: directory)
        self.issuer = issuer
        self.clock = clock
        try Self.prepareDirectory(self.directory)
        if try Self.keyFiles(in: self.directory).isEmpty { try Self.writeNewKey(in: self.directory, now: clock()) }
    }

    /// A new access token for `account`.
    public func issue(for account: String) async throws -> String {
        try await reloadIfChanged()
        guard let signingKeyID else { throw JWTError.noKeyProvided }
        let now = clock()
        let claims = AccessClaims(sub: SubjectClaim(value: account), iss: IssuerClaim(value: issuer),
                                  aud: AudienceClaim(value: Self.audience),
                                  iat: IssuedAtClaim(value: Date(timeIntervalSince1970: TimeInterval(now))),
                                  exp: ExpirationClaim(value: Date(timeIntervalSince1970: TimeInterval(now + Self.lifetime))))
        return try await keys.sign(claims, kid: JWKIdentifier(string: signingKeyID))
    }

    /// The account a token was issued for, or `nil` when it is forged, expired, signed by
    /// a key this server does not know, or not an ES256 JWT.
    public func verify(_ token: String) async -> String? {
        guard let header = JWTHeaderCheck(token), header.algorithm == "ES256" else { return nil }
        try? await reloadIfChanged()
        guard knownKeyIDs.contains(header.keyID),
              let claims = try? await keys.verify(token, as: AccessClaims.self) else { return nil }
        let now = clock()
        guard claims.iss.value == issuer, claims.aud.value.contains(Self.audience),
              Int(claims.exp.value.timeIntervalSince1970) > now, Int(claims.iat.value.timeIntervalSince1970) <= now + 60 else { return nil }
        return claims.sub.value
    }

    /// Adds a new signing key and deletes keys retired long enough ago.
    public func rotate() async throws {
        try Self.writeNewKey(in: directory, now: clock())
        try await reloadIfChanged()
    }

    /// Key ids that verify tokens now, newest first (the first one signs).
    public func keyIDs() async throws -> [String] {
        try await reloadIfChanged()
        return try Self.keyFiles(in: directory).map(\.id)
    }

    // MARK: Key folder

    private func reloadIfChanged() async throws {
        let stamp = (try? FileManager.default.attributesOfItem(atPath: directory.path)[.modificationDate]) as? Date
        if let loadedStamp, loadedStamp == stamp { return }
        let now = clock()
        let files = try Self.keyFiles(in: directory)
        // Newest first; a key is retired once its successor has signed for `retirement` seconds.
        var live: [KeyFile] = []
        for (index, file) in files.enumerated() {
            if index > 0, now - files[index - 1].created / 1000 > Self.retirement {
                try? FileManager.default.removeItem(at: file.url)
                continue
            }
            live.append(file)
        }
        let collection = JWTKeyCollection()
        for file in live {
            let key = try ES256PrivateKey(pem: try String(contentsOf: file.url, encoding: .utf8))
            await collection.add(ecdsa: key, kid: JWKIdentifier(string: file.id))
        }
        keys = collection
        knownKeyIDs = Set(live.map(\.id))
        signingKeyID = live.first?.id
        loadedStamp = (try? FileManager.default.attributesOfItem(atPath: directory.path)[.modificationDate]) as? Date
    }

    struct KeyFile {
        let url: URL
        let id: String
        /// Milliseconds since 1970, and always later than the key before it.
        let created: Int
    }

    /// `jwt-<created>-<random>.pem`, newest first.
    static func keyFiles(in directory: URL) throws -> [KeyFile] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).compactMap { name -> KeyFile? in
            guard name.hasPrefix("jwt-"), name.hasSuffix(".pem") else { return nil }
            let id = String(name.dropFirst(4).dropLast(4))
            guard let created = id.split(separator: "-").first.flatMap({ Int($0) }) else { return nil }
            return KeyFile(url: directory.appendingPathComponent(name), id: id, created: created)
        }.sorted { $0.created > $1.created }
    }

    static func writeNewKey(in directory: URL, now: Int) throws {
        // Later than every key there, even two rotations within one millisecond: the
        // newest key is the one that signs.
        let created = max(now * 1000, (try keyFiles(in: directory).first?.created ?? 0) + 1)
        let id = "\(created)-\(SecretToken.generate().prefix(8))"
        let url = directory.appendingPathComponent("jwt-\(id).pem")
        let pem = ES256PrivateKey().pemRepresentation
        // Owner-only from the first byte: create empty with 0600, then write.
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission)
        }
        try Data(pem.utf8).write(to: url)
    }

    static func prepareDirectory(_ directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
    }
}

/// The claims of an access token.
struct AccessClaims: JWTPayload {
    var sub: SubjectClaim
    var iss: IssuerClaim
    var aud: AudienceClaim
    var iat: IssuedAtClaim
    var exp: ExpirationClaim

    /// Lifetimes are checked by ``AccessTokens/verify(_:)`` against its own clock, so that one
    /// clock (the injected one) decides; here only the signature matters.
    func verify(using algorithm: some JWTAlgorithm) throws {}
}
