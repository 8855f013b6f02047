import CalDAVCore
import Crypto
import Foundation
import Jadwal
import Logging
import Synchronization
import WebDAV

/// HTTP Basic authentication (RFC 7617) against the account store.
///
/// A name signs in to the account ``AccountStore/resolve(_:)`` finds for it (the same name
/// in another normalization or case), and the signed-in user is always that stored name.
/// Successful checks are kept for a few minutes, so that a sync of hundreds of requests
/// pays for bcrypt once; a kept check holds only while the stored hash it was made against
/// is unchanged, so a changed password, a revoked app password or a deleted user stops
/// working at once, even when changed by another process. With a ``ChangeSignal`` of the
/// database, the stored hash is read again only after a commit. Attempts that are not
/// kept go through a ``PasswordGuard``.
final class BasicAuthenticator: Sendable {
    /// A signed-in user.
    struct User: Sendable {
        let name: String
        let email: String?
        var displayName: String? = nil
    }

    /// How an attempt ended.
    enum Outcome: Sendable {
        case signedIn(User)
        /// No credentials, or wrong ones.
        case refused
        /// Too many attempts: not checked; try again after this many seconds.
        case throttled(retryAfter: Int)
    }

    private let accounts: AccountStore
    private let passwordGuard: PasswordGuard
    private let cacheSeconds: Int
    private let changes: (any ChangeSignal)?
    private let logger: Logger
    /// Name as typed -> the credentials that worked for it.
    private let verified = Mutex<[String: [Verified]]>([:])
    /// Keyed with a per-process key, so kept digests are useless outside this process; set
    /// up once and copied for each digest, as the key's setup costs as much as the rest.
    private let keyed = HMAC<SHA256>(key: SymmetricKey(size: .bits256))

    private struct Verified {
        let digest: HashedAuthenticationCode<SHA256>
        let user: User
        let stamp: String
        let expires: Int
        var checkedAt: ChangeStamp?
    }

    static let maxCachedCredentials = 8

    /// - Parameter changes: tells when the database holding the accounts had a commit; `nil`
    ///   checks the stored hash on every request.
    init(application: ApplicationDatabase, cacheSeconds: Int = 300, changes: (any ChangeSignal)? = nil,
         limits: PasswordGuard.Limits = PasswordGuard.Limits(), logger: Logger = Logger(label: "jadwald.auth")) {
        accounts = application.accounts
        self.cacheSeconds = cacheSeconds
        self.changes = changes
        self.logger = logger
        passwordGuard = PasswordGuard(application: application, scope: "basic", limits: limits)
    }

    /// What a connection remembers of its last sign-in: the exact header value, whom it
    /// signed in, and the commit it was checked at. Clients send the same header on every
    /// request of a connection; while nothing commits, it signs in the same user.
    struct ConnectionSignIn: Sendable {
        fileprivate let header: String
        fileprivate let typed: String
        fileprivate let digest: HashedAuthenticationCode<SHA256>
        fileprivate let user: User
        fileprivate let checkedAt: ChangeStamp
        fileprivate let expires: Int
    }

    /// The user of a kept check, without touching the database: `nil` when the header's
    /// credentials were not checked since the last commit (then ask ``authenticate(_:client:)``).
    /// - Parameter remembered: the connection's last sign-in: answered from when the header
    ///   and the commit are the same, and replaced after a kept check.
    func keptUser(for header: String?, remembered: inout ConnectionSignIn?) -> User? {
        guard let commit = changes?.immediateStamp(), let header else { return nil }
        let now = Int(Date().timeIntervalSince1970)
        let typed: String
        let digest: HashedAuthenticationCode<SHA256>
        if let last = remembered, last.header == header {
            if last.checkedAt == commit && last.expires > now { return last.user }
            // The same header: the same credentials, so the same digest.
            (typed, digest) = (last.typed, last.digest)
        } else {
            guard let credentials = BasicCredentials(header: header) else { return nil }
            (typed, digest) = (credentials.name, self.digest(credentials.name, credentials.password))
        }
        let kept = verified.withLock { table in
            table[typed]?.first { $0.digest == digest && $0.checkedAt == commit && $0.expires > now }
        }
        guard let kept else { return nil }
        remembered = ConnectionSignIn(header: header, typed: typed, digest: digest, user: kept.user, checkedAt: commit, expires: kept.expires)
        return kept.user
    }

    /// Checks an Authorization header value.
    /// - Parameter client: the caller's address, which failures are counted against.
    func authenticate(_ header: String?, client: String) async -> Outcome {
        guard let header, let credentials = BasicCredentials(header: header) else { return .refused }
        let (typed, password) = (credentials.name, credentials.password)
        let now = Int(Date().timeIntervalSince1970)
        let digest = self.digest(typed, password)
        // Taken before the stored hash is read: the read sees this commit or a later one.
        let commit = await changes?.stamp()
        let kept = verified.withLock { $0[typed]?.first { $0.digest == digest && $0.expires > now } }
        if let kept, let commit, kept.checkedAt == commit {
            return .signedIn(kept.user)
        }
        // Kept credentials name their account; its stored hash, read next, tells whether they still hold.
        var name = kept?.user.name
        if name == nil { name = (try? await accounts.resolve(typed)).flatMap { $0 } }
        let stamp = await accounts.credentialStamp(name: name ?? AccountIdentity.canonical(typed), password: password)
        if let stamp, let user = verified.withLock({ table -> User? in
            guard let index = table[typed]?.firstIndex(where: { $0.digest == digest && $0.stamp == stamp && $0.expires > now }) else { return nil }
            table[typed]![index].checkedAt = commit
            return table[typed]![index].user
        }) {
            return .signedIn(user)
        }
        let ticket: PasswordGuard.Ticket
        switch await passwordGuard.admit(name: typed, client: client, now: now) {
        case .refuse(let retryAfter):
            logger.notice("sign-in throttled", metadata: ["user": "\(typed)", "client": "\(client)", "retry_after": "\(retryAfter)"])
            return .throttled(retryAfter: retryAfter)
        case .check(let admitted, let delay):
            ticket = admitted
            if delay > .zero { try? await Task.sleep(for: delay) }
        }
        // Unknown names still cost one bcrypt check, so timing does not tell which exist.
        let matches = await accounts.verify(name: name ?? "\u{0}", password: password)
        await passwordGuard.finish(ticket, succeeded: matches)
        guard matches, let name else {
            logger.notice("sign-in failed", metadata: ["user": "\(typed)", "client": "\(client)"])
            return .refused
        }
        let account = try? await accounts.account(named: name)
        let user = User(name: name, email: account?.email, displayName: account?.displayName)
        if let stamp {
            // A user may have several devices with different app passwords; keep a few.
            verified.withLock { table in
                let live = (table[typed] ?? []).filter { $0.expires > now && $0.digest != digest }.suffix(Self.maxCachedCredentials - 1)
                table[typed] = live + [Verified(digest: digest, user: user, stamp: stamp, expires: now + cacheSeconds, checkedAt: commit)]
            }
        }
        return .signedIn(user)
    }

    /// A keyed digest of the credentials as sent, byte for byte; it runs on every request,
    /// so the bytes are hashed where they lie.
    private func digest(_ name: String, _ password: String) -> HashedAuthenticationCode<SHA256> {
        var mac = keyed
        var bytes = name
        bytes.append("\u{0}")
        bytes.append(password)
        bytes.withUTF8 { mac.update(data: UnsafeRawBufferPointer($0)) }
        return mac.finalize()
    }
}
