import CalDAVCore
import CalDAVSQLite
import Foundation
import Synchronization
import Testing
@testable import Jadwal

/// One-time links, refresh tokens and users over a real SQLite file. (Access tokens are in
/// ``SharedKeysTests``, on both engines.)
struct SignInTokenTests {
    final class Fixture: Sendable {
        let directory: String
        let users: UserDirectory

        init() throws {
            directory = NSTemporaryDirectory() + "sign-in-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/jadwal.sqlite"
            users = UserDirectory(application: try ApplicationDatabase(path: path, bcryptCost: 4), calendars: try SQLiteCalendarStore(path: path))
        }

        var accounts: ApplicationDatabase { users.application }

        deinit { try? FileManager.default.removeItem(atPath: directory) }
    }

    static let now = 1_795_435_200

    @Test("a one-time token works once, for its purpose, within 15 minutes")
    func oneTimeTokens() async throws {
        let fixture = try Fixture()
        try await fixture.users.create(name: "amal", email: "amal@example.org")
        let tokens = fixture.accounts.oneTimeTokens
        let token = try await tokens.issue(.signIn, for: "amal", now: Self.now)
        #expect(SecretToken.isWellFormed(token))
        #expect(try await tokens.redeem(token, for: .setup, now: Self.now) == .unknown)
        #expect(try await tokens.peek(token, for: .signIn, now: Self.now) == .redeemed(account: "amal", detail: nil))
        #expect(try await tokens.redeem(token, for: .signIn, now: Self.now + 60) == .redeemed(account: "amal", detail: nil))
        #expect(try await tokens.redeem(token, for: .signIn, now: Self.now + 61) == .alreadyUsed)

        let late = try await tokens.issue(.signIn, for: "amal", now: Self.now)
        #expect(try await tokens.redeem(late, for: .signIn, now: Self.now + OneTimeTokens.lifetime) == .expired)
        #expect(try await tokens.redeem(String(repeating: "A", count: 43), for: .signIn, now: Self.now) == .unknown)
        #expect(try await tokens.redeem("short", for: .signIn, now: Self.now) == .unknown)
        await #expect(throws: AccountStore.AccountError.self) { try await tokens.issue(.setup, for: "nobody") }
    }

    @Test("of many concurrent redemptions of one token, exactly one wins")
    func concurrentRedemption() async throws {
        let fixture = try Fixture()
        try await fixture.users.create(name: "amal")
        let tokens = fixture.accounts.oneTimeTokens
        let token = try await tokens.issue(.setup, for: "amal", detail: "iPhone")
        let outcomes = try await withThrowingTaskGroup(of: OneTimeTokens.Redemption.self) { group in
            for _ in 0..<16 { group.addTask { try await tokens.redeem(token, for: .setup) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .redeemed(account: "amal", detail: "iPhone") }.count == 1)
        #expect(outcomes.filter { $0 == .alreadyUsed }.count == 15)
    }

    @Test("the database keeps only digests of tokens")
    func digestsOnly() async throws {
        let fixture = try Fixture()
        try await fixture.users.create(name: "amal")
        let link = try await fixture.accounts.oneTimeTokens.issue(.signIn, for: "amal")
        let refresh = try await fixture.accounts.refreshTokens.issue(for: "amal")
        let file = try Data(contentsOf: URL(fileURLWithPath: fixture.directory + "/jadwal.sqlite"))
            + ((try? Data(contentsOf: URL(fileURLWithPath: fixture.directory + "/jadwal.sqlite-wal"))) ?? Data())
        for secret in [link, refresh] {
            #expect(file.range(of: Data(secret.utf8)) == nil)
            #expect(file.range(of: Data(SecretToken.digest(secret).utf8)) != nil)
        }
    }

    @Test("a refresh token rotates; a replaced one used again revokes its family")
    func refreshRotation() async throws {
        let fixture = try Fixture()
        try await fixture.users.create(name: "amal")
        let tokens = fixture.accounts.refreshTokens
        let first = try await tokens.issue(for: "amal", now: Self.now)
        guard case .rotated("amal", let second) = try await tokens.rotate(first, now: Self.now + 10) else {
            Issue.record("a fresh token rotates"); return
        }
        #expect(try await tokens.activeCount(of: "amal", now: Self.now + 10) == 1)
        // The first token again: someone kept a copy. Both lose the session.
        #expect(try await tokens.rotate(first, now: Self.now + 20) == .refused)
        #expect(try await tokens.rotate(second, now: Self.now + 30) == .refused)

        let other = try await tokens.issue(for: "amal", now: Self.now)
        try await tokens.revoke(other, now: Self.now + 1)
        #expect(try await tokens.rotate(other, now: Self.now + 2) == .refused)
        let old = try await tokens.issue(for: "amal", now: Self.now)
        #expect(try await tokens.rotate(old, now: Self.now + RefreshTokens.lifetime) == .refused)
        let everywhere = try await tokens.issue(for: "amal", now: Self.now)
        try await tokens.revokeAll(of: "amal", now: Self.now + 1)
        #expect(try await tokens.rotate(everywhere, now: Self.now + 2) == .refused)
    }

    @Test("a new user gets a calendar and none of an earlier namesake's data; deleting removes everything")
    func users() async throws {
        let fixture = try Fixture()
        // Left behind by an account deleted before calendars went with it.
        try await fixture.users.calendars.createCalendar(CalendarCollection(reference: CalendarReference(owner: "amal", name: "old"),
                                                                          supportedComponents: ["VEVENT"]))
        try await fixture.users.create(name: "amal", email: "Amal@Example.org")
        #expect(try await fixture.users.calendars.calendars(of: "amal").map(\.reference.name) == ["calendar"])
        #expect(try await fixture.accounts.accounts.account(withEmail: "amal@example.ORG")?.name == "amal")
        let summary = try #require(try await fixture.users.summary(of: "amal"))
        #expect(summary.calendars.map(\.name) == ["calendar"] && summary.objectCount == 0)
        try await fixture.accounts.accounts.update(name: "amal", email: .some(nil), isAdmin: true)
        #expect(try await fixture.accounts.accounts.account(named: "amal")?.email == nil)
        #expect(try await fixture.accounts.accounts.account(named: "amal")?.isAdmin == true)
        #expect(try await fixture.accounts.accounts.recordSignIn(name: "amal") == true)
        #expect(try await fixture.accounts.accounts.recordSignIn(name: "amal") == false)

        try await fixture.users.delete(name: "amal")
        #expect(try await fixture.users.calendars.calendars(of: "amal").isEmpty)
        #expect(try await fixture.users.summary(of: "amal") == nil)
    }

    @Test("a rate limiter allows its share per key and window, shared by every store on the database")
    func rateLimiter() async throws {
        let fixture = try Fixture()
        let limiter = fixture.accounts.rateLimiter("test", limit: 3, per: 60)
        let other = try ApplicationDatabase(path: fixture.directory + "/jadwal.sqlite", bcryptCost: 4).rateLimiter("test", limit: 3, per: 60)
        let first = await limiter.allow("a", now: 100), second = await limiter.allow("a", now: 100)
        let third = await other.allow("a", now: 101)  // another process on the same database
        #expect(first && second && third)
        let fourth = await limiter.allow("a", now: 110)
        #expect(!fourth)
        let wait = await other.retryAfter("a", now: 110)
        #expect(wait == 50)
        let otherKey = await limiter.allow("b", now: 110)
        let otherScope = await fixture.accounts.rateLimiter("another", limit: 3, per: 60).allow("a", now: 110)
        #expect(otherKey && otherScope)
        let nextWindow = await limiter.allow("a", now: 160)
        #expect(nextWindow)
        await limiter.reset("a")
        let afterReset = await limiter.retryAfter("a", now: 161)
        #expect(afterReset == 0)
    }
}

/// A settable clock for token lifetimes.
final class TestClock: Sendable {
    private let seconds: Mutex<Int>

    init(_ start: Int) { seconds = Mutex(start) }

    var read: @Sendable () -> Int { { self.seconds.withLock { $0 } } }

    func advance(by delta: Int) { seconds.withLock { $0 += delta } }
}
