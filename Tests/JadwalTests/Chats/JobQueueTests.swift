import CalDAVSQLite
import Foundation
import Testing
@testable import Jadwal

/// The durable queue over a real SQLite file.
struct JobQueueTests {
    static let now = 1_795_435_200

    @Test("a keyed job enqueued while it runs is done once more, not lost and not doubled")
    func coalescing() async throws {
        let fixture = try ChatFixture()
        let jobs = fixture.accounts.jobs
        try await jobs.enqueue(.judgeChat, key: "chat:1", due: Self.now)
        try await jobs.enqueue(.judgeChat, key: "chat:1", due: Self.now)
        let first = try await jobs.claimDue(now: Self.now, lease: 60, limit: 10)
        #expect(first.count == 1)
        // Nothing else is due while the lease holds.
        #expect(try await jobs.claimDue(now: Self.now + 1, lease: 60, limit: 10).isEmpty)
        try await jobs.enqueue(.judgeChat, key: "chat:1", due: Self.now + 2)
        try await jobs.complete(first[0], now: Self.now + 3)
        let again = try await jobs.claimDue(now: Self.now + 3, lease: 60, limit: 10)
        #expect(again.map(\.key) == ["chat:1"])
        try await jobs.complete(again[0], now: Self.now + 4)
        #expect(try await jobs.entries().isEmpty)
    }

    @Test("a job whose worker died is taken again when its lease runs out")
    func leaseExpiry() async throws {
        let fixture = try ChatFixture()
        let jobs = fixture.accounts.jobs
        try await jobs.enqueue(.webhook, account: nil, payload: Data("x".utf8), due: Self.now)
        let taken = try await jobs.claimDue(now: Self.now, lease: 60, limit: 10)
        #expect(taken.count == 1 && taken[0].attempts == 1)
        #expect(try await jobs.claimDue(now: Self.now + 59, lease: 60, limit: 10).isEmpty)
        let retaken = try await jobs.claimDue(now: Self.now + 60, lease: 60, limit: 10)
        #expect(retaken.map(\.id) == taken.map(\.id) && retaken[0].attempts == 2 && retaken[0].payload == Data("x".utf8))
    }

    @Test("failures back off, then the job is dead-lettered with its reason and can be revived")
    func deadLetters() async throws {
        let fixture = try ChatFixture()
        let jobs = fixture.accounts.jobs
        try await jobs.enqueue(.judgeChat, key: "chat:9", due: Self.now)
        let claim = try await jobs.claimDue(now: Self.now, lease: 60, limit: 1)[0]
        try await jobs.retry(claim, at: Self.now + 10, error: "database locked")
        #expect(try await jobs.claimDue(now: Self.now + 9, lease: 60, limit: 1).isEmpty)
        let second = try await jobs.claimDue(now: Self.now + 10, lease: 60, limit: 1)[0]
        try await jobs.deadLetter(second, now: Self.now + 11, reason: "conversation unreadable")
        #expect(try await jobs.claimDue(now: Self.now + 10_000, lease: 60, limit: 1).isEmpty)
        let dead = try await jobs.entries(deadOnly: true)
        #expect(dead.count == 1 && dead[0].lastError == "conversation unreadable" && dead[0].attempts == 2)
        #expect(try await jobs.revive(now: Self.now + 20) == 1)
        #expect(try await jobs.claimDue(now: Self.now + 20, lease: 60, limit: 1).count == 1)
    }

    @Test("two workers claiming at once never take the same job")
    func exclusiveClaims() async throws {
        let fixture = try ChatFixture()
        let jobs = fixture.accounts.jobs
        for index in 0..<40 { try await jobs.enqueue(.judgeChat, key: "chat:\(index)", due: Self.now) }
        let other = try ApplicationDatabase(path: fixture.path, bcryptCost: 4).jobs
        async let a = jobs.claimDue(now: Self.now, lease: 60, limit: 25)
        async let b = other.claimDue(now: Self.now, lease: 60, limit: 25)
        let ids = try await (a + b).map(\.id)
        #expect(ids.count == 40 && Set(ids).count == 40)
    }
}

/// A temporary database with the accounts, calendars and a chat key.
final class ChatFixture: Sendable {
    let directory: String
    let path: String
    let users: UserDirectory
    let cipher: SealingKey

    init() throws {
        directory = NSTemporaryDirectory() + "chats-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/jadwal.sqlite"
        users = UserDirectory(application: try ApplicationDatabase(path: path, bcryptCost: 4), calendars: try SQLiteCalendarStore(path: path))
        cipher = try SealingKey.loadOrCreate(keyFile: directory + "/keys/chats.key")
    }

    var accounts: ApplicationDatabase { users.application }

    deinit { try? FileManager.default.removeItem(atPath: directory) }
}
