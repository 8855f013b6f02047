import CalDAVCore
import CalDAVSQLite
import Foundation
import Jadwal
import Synchronization

/// HTTP Basic authentication (RFC 7617) against the account store, with a short cache of
/// successful checks so that a sync of hundreds of requests pays for bcrypt once, and
/// limits on failures per user name and per client address. A cached check holds only
/// while the stored hash it was made against is unchanged, so a changed password, a
/// revoked app password or a deleted user stops working at once, even when changed by
/// another process. With a ``SQLiteCommitWatch`` on the database, the stored hash is read
/// again only after a commit.
final class BasicAuthenticator: Sendable {
    private let accounts: AccountStore
    private let cacheSeconds: Int
    /// user name -> the passwords that worked: a salted digest, the stored hash it matched,
    /// expiry, and the commit that was current when that hash was last read.
    private let verified = Mutex<[String: [Verified]]>([:])
    private let commits: SQLiteCommitWatch?

    private struct Verified {
        let digest: UInt64
        let stamp: String
        let expires: Int
        var checkedAt: SQLiteCommitWatch.Commit?
    }
    /// user name -> email address, read when the user last signed in with bcrypt
    private let emails = Mutex<[String: String]>([:])
    /// Failures per user name, and per client address whatever names it tries.
    /// Kept in the database, so every instance behind a load balancer shares one budget.
    private let nameFailures: RateLimiter
    private let clientFailures: RateLimiter
    /// Per-process salt, so cached digests are useless outside this process.
    private let salt = UInt64.random(in: .min ... .max)

    static let maxFailures = 10
    static let maxClientFailures = 50
    static let maxCachedCredentials = 8
    static let failureWindow = 300

    /// - Parameter commits: the commits of the database holding the accounts; `nil` checks
    ///   the stored hash on every request (PostgreSQL).
    init(accounts: AccountStore, cacheSeconds: Int = 300, commits: SQLiteCommitWatch? = nil) {
        self.accounts = accounts
        self.cacheSeconds = cacheSeconds
        self.commits = commits
        nameFailures = accounts.rateLimiter("basic-user", limit: Self.maxFailures, per: Self.failureWindow)
        clientFailures = accounts.rateLimiter("basic-client", limit: Self.maxClientFailures, per: Self.failureWindow)
    }

    /// A signed-in user.
    struct User: Sendable {
        let name: String
        let email: String?
    }

    /// The authenticated user for an Authorization header value, or `nil`.
    /// - Parameter client: the caller's address; too many failures from one address stop
    ///   its checks for a while, whichever names it tries.
    func user(for header: String?, client: String? = nil) async -> User? {
        guard let name = await principal(for: header, client: client) else { return nil }
        return User(name: name, email: emails.withLock { $0[name] })
    }

    /// The authenticated user name for an Authorization header value, or `nil`.
    func principal(for header: String?, client: String? = nil) async -> String? {
        guard let header, let credentials = BasicCredentials(header: header) else { return nil }
        let (name, password) = (credentials.name, credentials.password)
        let now = Int(Date().timeIntervalSince1970)
        let digest = self.digest(name, password)
        // Taken before the stored hash is read: the read sees this commit or a later one.
        let commit = commits?.current()
        if let commit, verified.withLock({ $0[name]?.contains { $0.digest == digest && $0.checkedAt == commit && $0.expires > now } ?? false }) {
            return name
        }
        let stamp = await accounts.credentialStamp(name: name, password: password)
        if let stamp, verified.withLock({ table in
            guard let index = table[name]?.firstIndex(where: { $0.digest == digest && $0.stamp == stamp && $0.expires > now }) else { return false }
            table[name]![index].checkedAt = commit
            return true
        }) {
            return name
        }
        if await nameFailures.retryAfter(name, now: now) > 0 { return nil }
        if let client, await clientFailures.retryAfter(client, now: now) > 0 { return nil }
        guard await accounts.verify(name: name, password: password) else {
            _ = await nameFailures.allow(name, now: now)
            if let client { _ = await clientFailures.allow(client, now: now) }
            return nil
        }
        let email = try? await accounts.account(named: name)?.email
        emails.withLock { $0[name] = email }
        if let stamp {
            // A user may have several devices with different app passwords; keep a few.
            verified.withLock { table in
                let live = (table[name] ?? []).filter { $0.expires > now && $0.digest != digest }.suffix(Self.maxCachedCredentials - 1)
                table[name] = live + [Verified(digest: digest, stamp: stamp, expires: now + cacheSeconds, checkedAt: commit)]
            }
        }
        await nameFailures.reset(name)
        return name
    }

    private func digest(_ name: String, _ password: String) -> UInt64 {
        FNV1a.hash(name.utf8 + [0] + password.utf8, seed: FNV1a.offsetBasis ^ salt)
    }
}
