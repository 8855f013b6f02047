import Extraction
import Foundation
import Mail
import PrayerTimes
import Testing
@testable import Jadwal

/// What a real server relies on from the application's stores (accounts and what hangs off
/// them), run through the stores' own API on SQLite and on PostgreSQL alike. The
/// concurrency cases use two separately opened stores on one database, as two processes.
struct ApplicationStoreConformanceTests {
    /// 2026-11-23T12:00:00Z.
    static let now = 1_795_435_200
    static let nowDate = Date(timeIntervalSince1970: TimeInterval(now))

    // MARK: Accounts

    @Test("an account made from another server's digest signs in with its old password once, then has a bcrypt hash", arguments: StoreEngine.allCases)
    func inheritedDigest(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let accounts = fixture.accounts.accounts
            // Baïkal's digesta1 for karim / karim-pass-3 in realm BaikalDAV.
            try await accounts.createInherited(name: "karim", digest: "3a5abaaab0df40f3cd538e3254030f34", realm: "BaikalDAV",
                                               email: "karim@example.net", now: Self.now)
            await #expect(throws: AccountStore.AccountError.self) {
                try await accounts.createInherited(name: "karim", digest: "3a5abaaab0df40f3cd538e3254030f34", realm: "BaikalDAV")
            }
            await #expect(throws: AccountStore.AccountError.self) { try await accounts.createInherited(name: "short", digest: "abc", realm: "BaikalDAV") }
            #expect(await accounts.verify(name: "karim", password: "wrong password") == false)
            let before = await accounts.credentialStamp(name: "karim", password: "karim-pass-3")
            #expect(before?.hasPrefix("digest-md5$BaikalDAV$") == true)
            #expect(await accounts.verify(name: "karim", password: "karim-pass-3"))
            let after = await fixture.other.accounts.credentialStamp(name: "karim", password: "karim-pass-3")
            #expect(after?.hasPrefix("$2") == true, "the digest is replaced by a bcrypt hash")
            #expect(await fixture.other.accounts.verify(name: "karim", password: "karim-pass-3"))
            #expect(await accounts.verify(name: "karim", password: "karim-pass-4") == false)
            #expect(try await accounts.account(named: "karim")?.email == "karim@example.net")
        }
    }

    @Test("accounts: create, list, verify, password, email, admin, first sign-in", arguments: StoreEngine.allCases)
    func accounts(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let accounts = fixture.accounts
            try await accounts.accounts.create(name: "amal", password: "first password", email: "Amal@Example.org", now: Self.now)
            try await accounts.accounts.create(name: "bilal", password: "bilal's password", isAdmin: true, now: Self.now + 1)
            try await accounts.accounts.create(name: "Zed", password: "zed's password", now: Self.now + 2)

            // A taken name is refused, by either process, and changes nothing.
            await #expect(throws: AccountStore.AccountError.self) {
                try await accounts.accounts.create(name: "amal", password: "another password", now: Self.now + 3)
            }
            await #expect(throws: AccountStore.AccountError.self) {
                try await fixture.other.accounts.create(name: "amal", password: "another password", now: Self.now + 3)
            }
            #expect(await accounts.accounts.verify(name: "amal", password: "first password"))

            // Listed by name, byte by byte (upper case first), as stored.
            let listed = try await fixture.other.accounts.list().map { AccountStore.Account(name: $0.name, email: $0.email, isAdmin: $0.isAdmin, createdAt: $0.createdAt) }
            #expect(listed == [
                AccountStore.Account(name: "Zed", email: nil, isAdmin: false, createdAt: Self.now + 2),
                AccountStore.Account(name: "amal", email: "Amal@Example.org", isAdmin: false, createdAt: Self.now),
                AccountStore.Account(name: "bilal", email: nil, isAdmin: true, createdAt: Self.now + 1),
            ])
            #expect(try await accounts.accounts.account(named: "bilal")?.isAdmin == true)
            #expect(try await accounts.accounts.account(named: "nobody") == nil)

            // Passwords.
            #expect(await fixture.other.accounts.verify(name: "amal", password: "first password"))
            #expect(await accounts.accounts.verify(name: "amal", password: "wrong password") == false)
            #expect(await accounts.accounts.verify(name: "nobody", password: "first password") == false)
            let stampBefore = await accounts.accounts.credentialStamp(name: "amal", password: "first password")
            #expect(stampBefore != nil)
            try await fixture.other.accounts.setPassword(name: "amal", password: "second password")
            #expect(await accounts.accounts.verify(name: "amal", password: "first password") == false)
            #expect(await accounts.accounts.verify(name: "amal", password: "second password"))
            let stampAfter = await accounts.accounts.credentialStamp(name: "amal", password: "second password")
            #expect(stampAfter != nil && stampAfter != stampBefore)
            await #expect(throws: AccountStore.AccountError.self) { try await accounts.accounts.setPassword(name: "nobody", password: "long enough") }
            await #expect(throws: AccountStore.AccountError.self) { try await accounts.accounts.setPassword(name: "amal", password: "short") }

            // Email and admin flag; email found without regard to case.
            #expect(try await accounts.accounts.account(withEmail: "amal@example.org")?.name == "amal")
            #expect(try await fixture.other.accounts.account(withEmail: "AMAL@EXAMPLE.ORG")?.name == "amal")
            #expect(try await accounts.accounts.account(withEmail: "nobody@example.org") == nil)
            try await accounts.accounts.update(name: "amal", email: "amal.new@example.org")
            #expect(try await fixture.other.accounts.account(named: "amal")?.email == "amal.new@example.org")
            #expect(try await accounts.accounts.account(withEmail: "Amal@Example.org") == nil)
            #expect(try await accounts.accounts.account(withEmail: "Amal.New@example.org")?.name == "amal")
            try await accounts.accounts.update(name: "amal", isAdmin: true)
            var amal = try #require(try await accounts.accounts.account(named: "amal"))
            #expect(amal.isAdmin && amal.email == "amal.new@example.org")
            try await accounts.accounts.update(name: "amal", email: .some(""), isAdmin: false)
            amal = try #require(try await accounts.accounts.account(named: "amal"))
            #expect(!amal.isAdmin && amal.email == nil)
            await #expect(throws: AccountStore.AccountError.self) { try await accounts.accounts.update(name: "amal", email: "not an address") }
            await #expect(throws: AccountStore.AccountError.self) { try await accounts.accounts.update(name: "nobody", isAdmin: true) }

            // The welcome is due once, whichever process asks.
            #expect(try await accounts.accounts.recordSignIn(name: "amal", now: Self.now + 10))
            #expect(try await fixture.other.accounts.recordSignIn(name: "amal", now: Self.now + 11) == false)
            #expect(try await accounts.accounts.recordSignIn(name: "amal", now: Self.now + 12) == false)
            #expect(try await accounts.accounts.recordSignIn(name: "bilal", now: Self.now + 12))
            #expect(try await accounts.accounts.recordSignIn(name: "nobody", now: Self.now + 12) == false)
        }
    }

    @Test("deleting an account takes everything of it along", arguments: StoreEngine.allCases)
    func deleteCascades(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let accounts = fixture.accounts
            try await accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            try await accounts.accounts.create(name: "bilal", password: "bilal's password", now: Self.now)
            let appPassword = try await accounts.accounts.createAppPassword(name: "amal", label: "iPhone", now: Self.now)
            let prayer = try await accounts.prayerSettings.update("amal", now: Self.now) { $0.blockMinutes = 30 }
            let oneTime = try await accounts.oneTimeTokens.issue(.signIn, for: "amal", now: Self.now)
            let refresh = try await accounts.refreshTokens.issue(for: "amal", now: Self.now)
            let web = try await accounts.webSessions.start(for: "amal", now: Self.now)
            try await accounts.jobs.enqueue(.webhook, account: "amal", payload: Data("x".utf8), due: Self.now)
            try await accounts.jobs.enqueue(.webhook, account: "bilal", payload: Data("y".utf8), due: Self.now)
            _ = try await fixture.chats().record([message("m1", at: Self.now)], account: "amal", chatID: "c1", counterpart: "Sara",
                                                 source: .bridge, now: Self.now)
            _ = try await accounts.conflicts.replaceOpen(account: "amal", eventUID: "e1", with: [busy("x", start: Self.now)], now: Self.now)
            let bridge = try await fixture.chatSettings().issueBridgeToken(for: "amal")
            #expect(try await accounts.jobs.entries().count == 3)  // two webhooks and the chat's judging

            try await fixture.other.accounts.delete(name: "amal")

            #expect(try await accounts.accounts.account(named: "amal") == nil)
            #expect(try await accounts.accounts.appPasswords(name: "amal").isEmpty)
            #expect(await accounts.accounts.verify(name: "amal", password: appPassword) == false)
            #expect(await accounts.accounts.credentialStamp(name: "amal", password: appPassword) == nil)
            #expect(try await accounts.prayerSettings.settings(of: "amal") == PrayerSettings())
            #expect(try await accounts.prayerSettings.settings(forFeedToken: prayer.feedToken) == nil)
            #expect(try await accounts.oneTimeTokens.redeem(oneTime, for: .signIn, now: Self.now + 1) == .unknown)
            #expect(try await accounts.refreshTokens.rotate(refresh, now: Self.now + 1) == .refused)
            #expect(try await accounts.webSessions.session(for: web.cookie, now: Self.now + 1) == nil)
            #expect(try await accounts.jobs.entries().map(\.account) == ["bilal"])
            #expect(try await fixture.chats().conversations(of: "amal").isEmpty)
            #expect(try await accounts.conflicts.conflicts(of: "amal", includeResolved: true).isEmpty)
            #expect(try await fixture.chatSettings().account(forBridgeToken: bridge) == nil)
            await #expect(throws: AccountStore.AccountError.self) { try await accounts.accounts.delete(name: "amal") }

            // The name can be taken again, and starts from nothing.
            try await accounts.accounts.create(name: "amal", password: "a new password", now: Self.now + 5)
            #expect(try await accounts.prayerSettings.settings(of: "amal").version == 0)
            #expect(try await accounts.accounts.appPasswords(name: "amal").isEmpty)
            #expect(try await accounts.accounts.account(named: "bilal") != nil)
        }
    }

    // MARK: App passwords

    @Test("app passwords: create, verify, list, revoke", arguments: StoreEngine.allCases)
    func appPasswords(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let accounts = fixture.accounts
            try await accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let phone = try await accounts.accounts.createAppPassword(name: "amal", label: "iPhone", now: Self.now + 1)
            let laptop = try await fixture.other.accounts.createAppPassword(name: "amal", label: "Laptop", now: Self.now + 1)
            #expect(phone != laptop)
            #expect(AppPassword.Parsed(phone) != nil)
            await #expect(throws: AccountStore.AccountError.self) { try await accounts.accounts.createAppPassword(name: "amal", label: "iPhone") }
            await #expect(throws: AccountStore.AccountError.self) { try await accounts.accounts.createAppPassword(name: "nobody", label: "iPhone") }

            #expect(await fixture.other.accounts.verify(name: "amal", password: phone, now: Self.now + 5))
            #expect(await accounts.accounts.verify(name: "amal", password: phone.uppercased(), now: Self.now + 6))
            #expect(await accounts.accounts.verify(name: "bilal", password: phone) == false)
            let wrong = AppPassword.generate()
            #expect(await accounts.accounts.verify(name: "amal", password: wrong) == false)

            let listed = try await accounts.accounts.appPasswords(name: "amal")
            #expect(listed.map(\.label) == ["Laptop", "iPhone"])
            #expect(listed.map(\.createdAt) == [Self.now + 1, Self.now + 1])
            #expect(listed.first { $0.label == "iPhone" }?.lastUsedAt == Self.now + 6)
            #expect(listed.first { $0.label == "Laptop" }?.lastUsedAt == nil)
            #expect(listed.first { $0.label == "iPhone" }?.id == AppPassword.Parsed(phone)?.id)

            let stamp = await accounts.accounts.credentialStamp(name: "amal", password: phone)
            let accountStamp = await accounts.accounts.credentialStamp(name: "amal", password: "amal's password")
            #expect(stamp != nil && stamp != accountStamp)
            try await fixture.other.accounts.revokeAppPassword(name: "amal", label: "iPhone")
            let revokedStamp = await accounts.accounts.credentialStamp(name: "amal", password: phone)
            #expect(revokedStamp != stamp)
            #expect(revokedStamp == nil)
            #expect(await accounts.accounts.verify(name: "amal", password: phone) == false)
            #expect(await accounts.accounts.verify(name: "amal", password: laptop))
            #expect(try await accounts.accounts.appPasswords(name: "amal").map(\.label) == ["Laptop"])
            await #expect(throws: AccountStore.AccountError.self) { try await accounts.accounts.revokeAppPassword(name: "amal", label: "iPhone") }
            // The label is free again.
            _ = try await accounts.accounts.createAppPassword(name: "amal", label: "iPhone", now: Self.now + 9)
        }
    }

    // MARK: Prayer settings

    @Test("prayer settings: every field reads back, each update bumps the version, the feed token finds them", arguments: StoreEngine.allCases)
    func prayerSettings(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let store = fixture.accounts.prayerSettings
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            #expect(try await store.settings(of: "amal") == PrayerSettings())

            let place = PrayerSettings.Place(name: "Makkah · مكة", latitude: 21.422_487_123_456_7, longitude: 39.826_206_987_654_3,
                                             elevation: 277.125, timeZone: "Asia/Riyadh")
            let first = try await store.update("amal", now: Self.now + 1) { settings in
                settings.place = place
                settings.method = .ummAlQura
                settings.asrSchool = .hanafi
                settings.highLatitudeRule = .angleBased
                settings.blockMinutes = 25
                settings.jumuahMinutes = 60
                settings.reminderMinutes = 10
                settings.isEnabled = false
            }
            #expect(first.version == 1 && first.updatedAt == Self.now + 1 && !first.feedToken.isEmpty)
            let read = try await fixture.other.prayerSettings.settings(of: "amal")
            #expect(read == first)
            #expect(read.place == place)
            #expect(read.method == .ummAlQura && read.asrSchool == .hanafi && read.highLatitudeRule == .angleBased)
            #expect(read.blockMinutes == 25 && read.jumuahMinutes == 60 && read.reminderMinutes == 10 && !read.isEnabled)

            // Optional fields back to nothing; the feed token stays.
            let second = try await fixture.other.prayerSettings.update("amal", now: Self.now + 2) { settings in
                settings.place = nil
                settings.method = nil
                settings.reminderMinutes = nil
                settings.isEnabled = true
            }
            #expect(second.version == 2 && second.feedToken == first.feedToken)
            let reread = try await store.settings(of: "amal")
            #expect(reread == second)
            #expect(reread.place == nil && reread.method == nil && reread.reminderMinutes == nil && reread.isEnabled)

            // A place without a name, at sea level.
            let third = try await store.update("amal", now: Self.now + 3) { $0.place = PrayerSettings.Place(latitude: -33.5, longitude: 151.25, timeZone: "Australia/Sydney") }
            #expect(try await store.settings(of: "amal") == third)
            #expect(third.version == 3)

            // The feed token finds the account and its settings, from either process.
            let found = try #require(try await fixture.other.prayerSettings.settings(forFeedToken: first.feedToken))
            #expect(found.account == "amal" && found.settings == third)
            #expect(try await store.settings(forFeedToken: "no-such-token") == nil)
            #expect(try await store.settings(forFeedToken: "") == nil)

            // A rotated token cuts the old one off.
            let rotated = try await store.update("amal", now: Self.now + 4) { $0.feedToken = "" }
            #expect(rotated.feedToken != first.feedToken && rotated.version == 4)
            #expect(try await store.settings(forFeedToken: first.feedToken) == nil)
            #expect(try await store.settings(forFeedToken: rotated.feedToken)?.account == "amal")

            // Refused changes change nothing, not even the version.
            await #expect(throws: AccountStore.AccountError.self) { try await store.update("amal") { $0.blockMinutes = 0 } }
            await #expect(throws: AccountStore.AccountError.self) {
                try await store.update("amal") { $0.place = PrayerSettings.Place(latitude: 21, longitude: 39, timeZone: "Mars/Olympus") }
            }
            await #expect(throws: AccountStore.AccountError.self) { try await store.update("nobody") { $0.blockMinutes = 30 } }
            #expect(try await store.settings(of: "amal") == rotated)
            #expect(try await store.settings(of: "nobody") == PrayerSettings())
        }
    }

    // MARK: Mail outbox

    @Test("mail outbox: ids grow, a claim leases, release, sent, retry and failure", arguments: StoreEngine.allCases)
    func mailOutbox(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let outbox = fixture.accounts.mailOutbox
            let otherOutbox = fixture.other.mailOutbox
            let start = Self.nowDate
            let messages = try (0..<3).map { try mail("Message \($0)", html: $0 == 1 ? "<p>Hello \($0)</p>" : nil) }
            var ids: [Int64] = []
            for (index, message) in messages.enumerated() {
                ids.append(try await (index == 1 ? otherOutbox : outbox).enqueue(message, now: start))
            }
            #expect(ids == ids.sorted() && Set(ids).count == 3)

            let listed = try await otherOutbox.entries()
            #expect(listed.map(\.id) == ids)
            #expect(listed.map(\.state) == [.pending, .pending, .pending])
            #expect(listed[0].subject == "Message 0" && listed[0].recipients == ["Amal <amal@example.org>"])
            #expect(listed[0].createdAt == start && listed[0].nextAttemptAt == start && listed[0].attempts == 0)

            // Two due messages leased at once: nobody else gets them meanwhile.
            let claimed = try await outbox.claimDue(now: start, lease: 600, limit: 2)
            #expect(claimed.map(\.id) == Array(ids.prefix(2)))
            #expect(claimed.map(\.attempts) == [1, 1])
            #expect(try claimed[1].message.get() == messages[1])
            #expect(try claimed[0].message.get() == messages[0])
            let rest = try await otherOutbox.claimDue(now: start, lease: 600, limit: 10)
            #expect(rest.map(\.id) == [ids[2]])
            #expect(try await outbox.claimDue(now: start, lease: 600, limit: 10).isEmpty)
            #expect(try await otherOutbox.claim(id: ids[0], now: start, lease: 600) == nil)
            #expect(try await outbox.entry(id: ids[0])?.nextAttemptAt == start.addingTimeInterval(600))

            // Released: due again at once, the attempt not counted.
            try await outbox.release([ids[0]], now: start.addingTimeInterval(1))
            #expect(try await outbox.entry(id: ids[0])?.attempts == 0)
            let again = try #require(try await otherOutbox.claim(id: ids[0], now: start.addingTimeInterval(1), lease: 600))
            #expect(again.attempts == 1 && again.messageID == messages[0].messageID)

            // Sent: its body forgotten, listed as sent.
            try await outbox.markSent(id: ids[0], now: start.addingTimeInterval(2))
            let sent = try #require(try await otherOutbox.entry(id: ids[0]))
            #expect(sent.state == .sent && sent.finishedAt == start.addingTimeInterval(2) && sent.lastError == nil)
            #expect(try await outbox.claim(id: ids[0], now: start.addingTimeInterval(10_000), lease: 600) == nil)

            // A transient failure: tried again when due, not before.
            try await outbox.reschedule(id: ids[1], at: start.addingTimeInterval(30.5), error: "421 try later")
            let waiting = try #require(try await outbox.entry(id: ids[1]))
            #expect(waiting.state == .pending && waiting.lastError == "421 try later" && waiting.nextAttemptAt == start.addingTimeInterval(31))
            #expect(try await outbox.nextAttemptAt() == start.addingTimeInterval(31))
            #expect(try await outbox.claimDue(now: start.addingTimeInterval(30), lease: 600, limit: 10).isEmpty)
            let retried = try await otherOutbox.claimDue(now: start.addingTimeInterval(31), lease: 600, limit: 10)
            #expect(retried.map(\.id) == [ids[1]] && retried.map(\.attempts) == [2])

            // A permanent failure: given up, kept with the reason.
            try await otherOutbox.markFailed(id: ids[2], now: start.addingTimeInterval(40), error: "550 no such user")
            let failed = try #require(try await outbox.entry(id: ids[2]))
            #expect(failed.state == .failed && failed.lastError == "550 no such user" && failed.finishedAt == start.addingTimeInterval(40))
            #expect(try await outbox.entries().map(\.id) == [ids[1], ids[2]])
            #expect(try await outbox.entries(in: [.sent]).map(\.id) == [ids[0]])
            #expect(try await outbox.entries(in: [.failed]).map(\.id) == [ids[2]])
            #expect(try await outbox.entries(in: []).isEmpty)

            // Sent records are purged after a while; the others stay.
            try await outbox.purgeSent(before: start.addingTimeInterval(3))
            #expect(try await outbox.entry(id: ids[0]) == nil)
            #expect(try await outbox.entries(in: Set(MailOutbox.Entry.State.allCases)).map(\.id) == [ids[1], ids[2]])
            // A new message gets a new, higher id.
            let later = try await outbox.enqueue(try mail("Later"), now: start.addingTimeInterval(50))
            #expect(later > ids[2])
        }
    }

    // MARK: Job queue

    @Test("job queue: keys coalesce, claims lease, completion, retries, dead letters", arguments: StoreEngine.allCases)
    func jobQueue(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let jobs = fixture.accounts.jobs
            let otherJobs = fixture.other.jobs
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)

            // A key coalesces: one job, its generation bumped, its due time the earlier one.
            try await jobs.enqueue(.judgeChat, key: "chat:1", account: "amal", due: Self.now + 100)
            try await otherJobs.enqueue(.judgeChat, key: "chat:1", account: "amal", due: Self.now + 10)
            try await jobs.enqueue(.judgeChat, key: "chat:1", account: "amal", due: Self.now + 50)
            var entries = try await jobs.entries()
            #expect(entries.count == 1 && entries[0].dueAt == Self.now + 10 && entries[0].key == "chat:1" && entries[0].account == "amal")
            // Jobs without a key never coalesce; payloads come back byte for byte.
            let payload = Data((0...255).map { UInt8($0) })
            try await jobs.enqueue(.webhook, payload: payload, due: Self.now)
            try await jobs.enqueue(.webhook, payload: payload, due: Self.now)
            entries = try await otherJobs.entries()
            #expect(entries.count == 3)

            #expect(try await jobs.claimDue(now: Self.now + 9, lease: 60, limit: 10).map(\.kind) == [.webhook, .webhook])
            let claims = try await otherJobs.claimDue(now: Self.now + 10, lease: 60, limit: 10)
            #expect(claims.count == 1)
            let claim = try #require(claims.first)
            #expect(claim.kind == .judgeChat && claim.key == "chat:1" && claim.account == "amal" && claim.payload == nil)
            #expect(claim.generation == 3 && claim.attempts == 1)
            // The webhooks are leased until now + 69, the judging until now + 70.
            #expect(try await jobs.claimDue(now: Self.now + 68, lease: 60, limit: 10).isEmpty)

            // Completed without news: gone.
            try await jobs.complete(claim, now: Self.now + 11)
            #expect(try await jobs.entries().filter { $0.key == "chat:1" }.isEmpty)

            // Enqueued again while it ran: completing leaves it, due at once.
            try await jobs.enqueue(.judgeChat, key: "chat:2", due: Self.now + 20)
            let running = try #require(try await jobs.claimDue(now: Self.now + 70, lease: 60, limit: 10).first { $0.key == "chat:2" })
            try await otherJobs.enqueue(.judgeChat, key: "chat:2", due: Self.now + 75)
            try await jobs.complete(running, now: Self.now + 80)
            let requeued = try #require(try await jobs.entries().first { $0.key == "chat:2" })
            #expect(requeued.dueAt == Self.now + 80 && requeued.attempts == 0)
            let rerun = try await otherJobs.claimDue(now: Self.now + 80, lease: 60, limit: 10).filter { $0.key == "chat:2" }
            #expect(rerun.count == 1 && rerun[0].generation == running.generation + 1)
            try await otherJobs.complete(rerun[0], now: Self.now + 81)
            #expect(try await jobs.entries().filter { $0.key == "chat:2" }.isEmpty)

            // Failures back off, then the job is dead-lettered and can be revived.
            try await jobs.enqueue(.judgeChat, key: "chat:3", due: Self.now + 100)
            let first = try #require(try await jobs.claimDue(now: Self.now + 100, lease: 60, limit: 10).first { $0.key == "chat:3" })
            try await jobs.retry(first, at: Self.now + 200, error: "database locked")
            #expect(try await otherJobs.entries().first { $0.key == "chat:3" }?.lastError == "database locked")
            #expect(try await otherJobs.claimDue(now: Self.now + 199, lease: 60, limit: 10).allSatisfy { $0.key != "chat:3" })
            let second = try #require(try await otherJobs.claimDue(now: Self.now + 200, lease: 60, limit: 10).first { $0.key == "chat:3" })
            #expect(second.attempts == 2)
            try await otherJobs.deadLetter(second, now: Self.now + 201, reason: "conversation unreadable")
            #expect(try await jobs.claimDue(now: Self.now + 100_000, lease: 60, limit: 10).allSatisfy { $0.key != "chat:3" })
            let dead = try await jobs.entries(deadOnly: true)
            #expect(dead.count == 1 && dead[0].key == "chat:3" && dead[0].lastError == "conversation unreadable" && dead[0].deadAt == Self.now + 201)
            #expect(dead[0].attempts == 2)
            #expect(try await otherJobs.revive(now: Self.now + 300) == 1)
            #expect(try await jobs.entries(deadOnly: true).isEmpty)
            let revived = try await jobs.claimDue(now: Self.now + 300, lease: 60, limit: 10).filter { $0.key == "chat:3" }
            #expect(revived.count == 1 && revived[0].attempts == 1)
            // Enqueuing a dead job's key brings it back too.
            try await jobs.deadLetter(revived[0], now: Self.now + 301, reason: "again")
            try await otherJobs.enqueue(.judgeChat, key: "chat:3", due: Self.now + 400)
            #expect(try await jobs.entries(deadOnly: true).isEmpty)
            #expect(try await jobs.nextDue() != nil)
        }
    }

    // MARK: Tokens

    @Test("one-time tokens redeem once, for their purpose, before they expire", arguments: StoreEngine.allCases)
    func oneTimeTokens(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let tokens = fixture.accounts.oneTimeTokens
            let otherTokens = fixture.other.oneTimeTokens
            let token = try await tokens.issue(.setup, for: "amal", detail: "iPhone · آيفون", now: Self.now)
            #expect(try await otherTokens.peek(token, for: .setup, now: Self.now + 1) == .redeemed(account: "amal", detail: "iPhone · آيفون"))
            #expect(try await otherTokens.redeem(token, for: .signIn, now: Self.now + 1) == .unknown)
            #expect(try await otherTokens.redeem(token, for: .setup, now: Self.now + 2) == .redeemed(account: "amal", detail: "iPhone · آيفون"))
            #expect(try await tokens.redeem(token, for: .setup, now: Self.now + 3) == .alreadyUsed)
            #expect(try await tokens.peek(token, for: .setup, now: Self.now + 3) == .alreadyUsed)

            let signIn = try await tokens.issue(.signIn, for: "amal", now: Self.now)
            #expect(try await otherTokens.redeem(signIn, for: .signIn, now: Self.now + OneTimeTokens.lifetime) == .expired)
            #expect(try await otherTokens.redeem(SecretToken.generate(), for: .signIn, now: Self.now) == .unknown)
            await #expect(throws: AccountStore.AccountError.self) { try await tokens.issue(.signIn, for: "nobody", now: Self.now) }

            // Spent and expired tokens are cleaned up a day later, by the next issue.
            _ = try await tokens.issue(.signIn, for: "amal", now: Self.now + OneTimeTokens.lifetime + 86_401)
            #expect(try await tokens.redeem(token, for: .setup, now: Self.now + OneTimeTokens.lifetime + 86_402) == .unknown)
        }
    }

    @Test("refresh tokens rotate, and a replaced token used again revokes its family", arguments: StoreEngine.allCases)
    func refreshTokens(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let tokens = fixture.accounts.refreshTokens
            let otherTokens = fixture.other.refreshTokens
            let first = try await tokens.issue(for: "amal", now: Self.now)
            let unrelated = try await tokens.issue(for: "amal", now: Self.now)
            #expect(try await tokens.activeCount(of: "amal", now: Self.now) == 2)

            guard case .rotated(let account, let second) = try await otherTokens.rotate(first, now: Self.now + 10) else {
                Issue.record("the first rotation was refused")
                return
            }
            #expect(account == "amal" && second != first)
            guard case .rotated(_, let third) = try await tokens.rotate(second, now: Self.now + 20) else {
                Issue.record("the second rotation was refused")
                return
            }
            #expect(try await tokens.activeCount(of: "amal", now: Self.now + 20) == 2)

            // The first token again: someone has a copy. The whole family goes.
            #expect(try await tokens.rotate(first, now: Self.now + 30) == .refused)
            #expect(try await otherTokens.rotate(third, now: Self.now + 31) == .refused)
            #expect(try await tokens.activeCount(of: "amal", now: Self.now + 31) == 1)

            // The other family is untouched, until signed out.
            guard case .rotated(_, let fourth) = try await tokens.rotate(unrelated, now: Self.now + 40) else {
                Issue.record("an unrelated family was revoked")
                return
            }
            try await otherTokens.revoke(fourth, now: Self.now + 41)
            #expect(try await tokens.rotate(fourth, now: Self.now + 42) == .refused)
            #expect(try await tokens.activeCount(of: "amal", now: Self.now + 42) == 0)

            // Sign out everywhere; expiry ninety days after the last use.
            let fifth = try await tokens.issue(for: "amal", now: Self.now + 50)
            let sixth = try await tokens.issue(for: "amal", now: Self.now + 50)
            try await otherTokens.revokeAll(of: "amal", now: Self.now + 51)
            #expect(try await tokens.rotate(fifth, now: Self.now + 52) == .refused)
            #expect(try await tokens.rotate(sixth, now: Self.now + 52) == .refused)
            let seventh = try await tokens.issue(for: "amal", now: Self.now + 60)
            #expect(try await tokens.rotate(seventh, now: Self.now + 60 + RefreshTokens.lifetime) == .refused)
            #expect(try await tokens.rotate("not a token", now: Self.now) == .refused)
        }
    }

    @Test("web sessions: found until they expire, end, or the password changes", arguments: StoreEngine.allCases)
    func webSessions(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let sessions = fixture.accounts.webSessions
            let otherSessions = fixture.other.webSessions
            let started = try await sessions.start(for: "amal", now: Self.now)
            #expect(started.session.account == "amal" && !started.session.csrfToken.isEmpty)
            #expect(try await otherSessions.session(for: started.cookie, now: Self.now + 1) == started.session)
            #expect(try await otherSessions.session(for: started.cookie, now: Self.now + WebSessions.lifetime - 1) == started.session)
            #expect(try await otherSessions.session(for: started.cookie, now: Self.now + WebSessions.lifetime) == nil)
            #expect(try await sessions.session(for: SecretToken.generate(), now: Self.now) == nil)
            await #expect(throws: AccountStore.AccountError.self) { try await sessions.start(for: "nobody", now: Self.now) }

            let second = try await otherSessions.start(for: "amal", now: Self.now + 10)
            let third = try await sessions.start(for: "amal", now: Self.now + 10)
            try await otherSessions.end(second.cookie)
            #expect(try await sessions.session(for: second.cookie, now: Self.now + 11) == nil)
            #expect(try await sessions.session(for: third.cookie, now: Self.now + 11) == third.session)

            // A password change (in another process) ends every session started before it.
            try await fixture.other.accounts.setPassword(name: "amal", password: "a new password")
            #expect(try await sessions.session(for: third.cookie, now: Self.now + 12) == nil)
            #expect(try await sessions.session(for: started.cookie, now: Self.now + 12) == nil)
            let fourth = try await sessions.start(for: "amal", now: Self.now + 13)
            #expect(try await otherSessions.session(for: fourth.cookie, now: Self.now + 14) == fourth.session)
        }
    }

    // MARK: Chats and conflicts

    @Test("chats: recording is idempotent on the message id, in either process", arguments: StoreEngine.allCases)
    func chats(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let chats = fixture.chats()
            let otherChats = fixture.chats(fixture.other)
            let first = try await chats.record([message("m1", at: Self.now - 60), message("m2", at: Self.now - 30, fromOwner: true)],
                                               account: "amal", chatID: "966500000000@c.us", counterpart: "Sara · سارة", source: .bridge, now: Self.now)
            #expect(first.accepted == 2 && first.duplicates == 0)
            let second = try await otherChats.record([message("m2", at: Self.now - 30, fromOwner: true), message("m3", at: Self.now)],
                                                     account: "amal", chatID: "966500000000@c.us", counterpart: "Sara · سارة", source: .bridge,
                                                     now: Self.now + 5)
            #expect(second == ChatStore.Recorded(conversationID: first.conversationID, accepted: 1, duplicates: 1))
            let repeated = try await chats.record([message("m1", at: Self.now - 60)], account: "amal", chatID: "966500000000@c.us",
                                                  counterpart: "Sara · سارة", source: .bridge, now: Self.now + 6)
            #expect(repeated.accepted == 0 && repeated.duplicates == 1)

            let listed = try await otherChats.conversations(of: "amal")
            #expect(listed.count == 1)
            let summary = try #require(listed.first)
            #expect(summary.id == first.conversationID && summary.counterpart == "Sara · سارة" && summary.chatID == "966500000000@c.us")
            #expect(summary.source == .bridge && summary.status == .noEvent && summary.pendingMessages == 3 && summary.updatedAt == Self.now + 5)
            #expect(try await chats.conversation(first.conversationID, of: "amal") == summary)
            #expect(try await chats.conversation(first.conversationID, of: "bilal") == nil)

            let window = try await chats.window(of: first.conversationID)
            #expect(window.map(\.message.messageID) == ["m1", "m2", "m3"])
            #expect(window[1].message == message("m2", at: Self.now - 30, fromOwner: true))
            #expect(window.map(\.rowID) == window.map(\.rowID).sorted())

            // The conversation was queued once for judging, however often it was recorded.
            let queued = try await fixture.accounts.jobs.entries()
            #expect(queued.map(\.key) == ["chat:\(first.conversationID)"])

            // Settled: the texts go, the ids stay known.
            try await otherChats.apply(ChatStore.Outcome(status: .agreed, extractor: "built-in", event: (uid: "e1", end: Self.now + 3600),
                                                         eventSequence: 1, purgeThrough: window.last?.rowID, window: window),
                                       to: first.conversationID, now: Self.now + 10)
            let settled = try #require(try await chats.state(of: first.conversationID))
            #expect(settled.summary.status == .agreed && settled.summary.pendingMessages == 0 && settled.summary.eventUID == "e1")
            #expect(settled.eventEnd == Self.now + 3600 && settled.eventSequence == 1 && settled.account == "amal")
            #expect(try await chats.window(of: first.conversationID).isEmpty)
            let afterPurge = try await otherChats.record([message("m3", at: Self.now), message("m4", at: Self.now + 20)], account: "amal",
                                                         chatID: "966500000000@c.us", counterpart: "Sara · سارة", source: .bridge, now: Self.now + 20)
            #expect(afterPurge.accepted == 1 && afterPurge.duplicates == 1)
            #expect(try await chats.window(of: first.conversationID).map(\.message.messageID) == ["m4"])

            // Another chat is another conversation.
            let imported = try await chats.record([message("m1", at: Self.now)], account: "amal", chatID: "export-1", counterpart: "Family",
                                                  source: .import, now: Self.now + 30)
            #expect(imported.accepted == 1 && imported.conversationID != first.conversationID)
            #expect(try await chats.conversations(of: "amal").map(\.chatID) == ["export-1", "966500000000@c.us"])
        }
    }

    @Test("chat settings: webhook and its secret, waking hours, bridge tokens", arguments: StoreEngine.allCases)
    func chatSettings(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let settings = fixture.chatSettings()
            let otherSettings = fixture.chatSettings(fixture.other)
            #expect(try await settings.settings(of: "amal") == .defaults)

            let (changed, secret) = try await settings.update("amal", webhookURL: .some("https://example.org/hook"), notifyByEmail: false,
                                                              waking: (start: 7 * 60, end: 23 * 60))
            let webhookSecret = try #require(secret)
            #expect(changed == ChatSettingsStore.Settings(webhookURL: "https://example.org/hook", notifyByEmail: false, wakingStart: 420,
                                                          wakingEnd: 1380, hasBridgeToken: false))
            #expect(try await otherSettings.settings(of: "amal") == changed)
            #expect(try await otherSettings.webhook(of: "amal")?.secret == webhookSecret)

            // Other changes keep the secret; clearing the URL drops it.
            let (_, noNewSecret) = try await otherSettings.update("amal", notifyByEmail: true)
            #expect(noNewSecret == nil)
            #expect(try await settings.webhook(of: "amal")?.secret == webhookSecret)
            let (_, rotated) = try await settings.update("amal", rotateSecret: true)
            #expect(rotated != nil && rotated != webhookSecret)
            #expect(try await otherSettings.webhook(of: "amal")?.secret == rotated)
            let (cleared, none) = try await settings.update("amal", webhookURL: .some(nil))
            #expect(cleared.webhookURL == nil && none == nil)
            #expect(try await settings.webhook(of: "amal") == nil)
            let (_, fresh) = try await settings.update("amal", webhookURL: .some("https://example.org/hook"))
            #expect(fresh != nil && fresh != rotated && fresh != webhookSecret)

            let token = try await settings.issueBridgeToken(for: "amal")
            #expect(try await otherSettings.account(forBridgeToken: token) == "amal")
            #expect(try await otherSettings.settings(of: "amal").hasBridgeToken)
            let replacement = try await otherSettings.issueBridgeToken(for: "amal")
            #expect(try await settings.account(forBridgeToken: token) == nil)
            #expect(try await settings.account(forBridgeToken: replacement) == "amal")
            try await settings.revokeBridgeToken(of: "amal")
            #expect(try await otherSettings.account(forBridgeToken: replacement) == nil)
            #expect(try await otherSettings.settings(of: "amal").hasBridgeToken == false)
        }
    }

    @Test("conflicts: stored, listed soonest first, resolved, replaced", arguments: StoreEngine.allCases)
    func conflicts(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let store = fixture.accounts.conflicts
            let otherStore = fixture.other.conflicts
            let later = busy("dentist", start: Self.now + 7200)
            let sooner = BusyItem(kind: .prayer, calendar: PrayerCalendar.name, uid: "dhuhr", summary: "Dhuhr · الظهر",
                                  start: Self.now + 3600, end: Self.now + 4800, isAllDay: false)
            let made = try await store.replaceOpen(account: "amal", eventUID: "e1", with: [later, sooner], now: Self.now)
            #expect(made.count == 2)
            let listed = try await otherStore.conflicts(of: "amal")
            #expect(listed.map(\.other) == [sooner, later])
            #expect(listed.allSatisfy { $0.eventUID == "e1" && $0.account == "amal" && $0.createdAt == Self.now && $0.resolvedAt == nil })
            #expect(Set(listed.map(\.id)) == Set(made.map(\.id)))
            let one = try #require(listed.first)
            #expect(try await store.conflict(one.id, of: "amal") == one)
            #expect(try await store.conflict(one.id, of: "bilal") == nil)

            try await otherStore.resolve(one.id, account: "amal", as: .keep, now: Self.now + 1)
            #expect(try await store.conflicts(of: "amal").map(\.other) == [later])
            let resolved = try #require(try await store.conflict(one.id, of: "amal"))
            #expect(resolved.resolvedAt == Self.now + 1 && resolved.resolution == .keep)

            // A re-check replaces the open ones only.
            let third = busy("meeting", start: Self.now + 600)
            _ = try await store.replaceOpen(account: "amal", eventUID: "e1", with: [third], now: Self.now + 2)
            #expect(try await otherStore.conflicts(of: "amal").map(\.other) == [third])
            #expect(try await otherStore.conflicts(of: "amal", includeResolved: true).map(\.other) == [third, sooner])
            _ = try await store.replaceOpen(account: "amal", eventUID: "e2", with: [later], now: Self.now + 3)
            try await otherStore.resolveAll(account: "amal", eventUID: "e1", as: .superseded, now: Self.now + 4)
            let open = try await store.conflicts(of: "amal")
            #expect(open.map(\.eventUID) == ["e2"])
            let all = try await store.conflicts(of: "amal", includeResolved: true)
            #expect(all.first { $0.other == third }?.resolution == .superseded)
            #expect(all.count == 3)
        }
    }

    // MARK: Concurrency across two processes

    @Test("of 20 concurrent redemptions of one token in two processes, exactly one wins", arguments: StoreEngine.allCases)
    func concurrentRedemptions(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let token = try await fixture.accounts.oneTimeTokens.issue(.signIn, for: "amal", now: Self.now)
            let stores = [fixture.accounts.oneTimeTokens, fixture.other.oneTimeTokens]
            let outcomes = try await withThrowingTaskGroup(of: OneTimeTokens.Redemption.self) { group in
                for index in 0..<20 {
                    let tokens = stores[index % 2]
                    group.addTask { try await tokens.redeem(token, for: .signIn, now: Self.now + 1) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.count == 20)
            #expect(outcomes.filter { $0 == .redeemed(account: "amal", detail: nil) }.count == 1)
            #expect(outcomes.filter { $0 == .alreadyUsed }.count == 19)
        }
    }

    @Test("of concurrent rotations of one refresh token in two processes, exactly one wins", arguments: StoreEngine.allCases)
    func concurrentRotations(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let token = try await fixture.accounts.refreshTokens.issue(for: "amal", now: Self.now)
            let stores = [fixture.accounts.refreshTokens, fixture.other.refreshTokens]
            let outcomes = try await withThrowingTaskGroup(of: RefreshTokens.Rotation.self) { group in
                for index in 0..<10 {
                    let tokens = stores[index % 2]
                    group.addTask { try await tokens.rotate(token, now: Self.now + 1) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 != .refused }.count == 1)
            // The others used a replaced token: the family is revoked, the winner's new token with it.
            #expect(try await fixture.accounts.refreshTokens.activeCount(of: "amal", now: Self.now + 1) == 0)
        }
    }

    @Test("two processes claiming jobs at once never take the same job twice", arguments: StoreEngine.allCases)
    func concurrentJobClaims(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            for index in 0..<60 {
                try await (index % 2 == 0 ? fixture.accounts : fixture.other).jobs.enqueue(.judgeChat, key: "chat:\(index)", due: Self.now)
            }
            let queues = [fixture.accounts.jobs, fixture.other.jobs]
            let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for worker in 0..<8 {
                    let queue = queues[worker % 2]
                    group.addTask {
                        var ids: [Int64] = []
                        while true {
                            let batch = try await queue.claimDue(now: Self.now, lease: 600, limit: 3)
                            if batch.isEmpty { return ids }
                            ids += batch.map(\.id)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claimed.count == 60)
            #expect(Set(claimed).count == 60)
            #expect(try await fixture.accounts.jobs.entries().allSatisfy { $0.attempts == 1 && $0.dueAt == Self.now + 600 })
        }
    }

    @Test("concurrent enqueues of one key make one job with every enqueue counted", arguments: StoreEngine.allCases)
    func concurrentCoalescing(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let queues = [fixture.accounts.jobs, fixture.other.jobs]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    let queue = queues[index % 2]
                    group.addTask { try await queue.enqueue(.judgeChat, key: "chat:1", due: Self.now + index) }
                }
                try await group.waitForAll()
            }
            let entries = try await fixture.accounts.jobs.entries()
            #expect(entries.count == 1 && entries.first?.dueAt == Self.now)
            let claim = try #require(try await fixture.other.jobs.claimDue(now: Self.now, lease: 60, limit: 10).first)
            #expect(claim.generation == 20)
        }
    }

    @Test("two processes claiming mail at once never take the same message twice", arguments: StoreEngine.allCases)
    func concurrentMailClaims(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            var ids: [Int64] = []
            for index in 0..<40 {
                ids.append(try await (index % 2 == 0 ? fixture.accounts : fixture.other).mailOutbox.enqueue(try mail("Message \(index)"), now: Self.nowDate))
            }
            #expect(Set(ids).count == 40)
            let outboxes = [fixture.accounts.mailOutbox, fixture.other.mailOutbox]
            let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for worker in 0..<8 {
                    let outbox = outboxes[worker % 2]
                    group.addTask {
                        var ids: [Int64] = []
                        while true {
                            let batch = try await outbox.claimDue(now: Self.nowDate, lease: 600, limit: 3)
                            if batch.isEmpty { return ids }
                            ids += batch.map(\.id)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claimed.count == 40)
            #expect(Set(claimed) == Set(ids))

            // One message claimed by id from both processes at once: one attempt only.
            let single = try await fixture.accounts.mailOutbox.enqueue(try mail("Single"), now: Self.nowDate)
            let singles = try await withThrowingTaskGroup(of: Int64?.self) { group in
                for index in 0..<10 {
                    let outbox = outboxes[index % 2]
                    group.addTask { try await outbox.claim(id: single, now: Self.nowDate, lease: 600)?.id }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(singles.compactMap { $0 } == [single])
            #expect(try await fixture.accounts.mailOutbox.entry(id: single)?.attempts == 1)
        }
    }

    @Test("concurrent prayer-settings updates in two processes never lose a version", arguments: StoreEngine.allCases)
    func concurrentPrayerUpdates(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let stores = [fixture.accounts.prayerSettings, fixture.other.prayerSettings]
            let count = 20
            // The first save also makes the row (and its feed token): include it in the race.
            let results = try await withThrowingTaskGroup(of: PrayerSettings.self) { group in
                for index in 0..<count {
                    let store = stores[index % 2]
                    group.addTask { try await store.update("amal", now: Self.now + index) { $0.blockMinutes = 10 + index } }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(results.map(\.version)) == Set((1...count).map { Int64($0) }))
            #expect(Set(results.map(\.feedToken)).count == 1)
            let final = try await fixture.other.prayerSettings.settings(of: "amal")
            #expect(final.version == Int64(count))
            #expect(final == results.first { $0.version == Int64(count) })
        }
    }

    @Test("the same account created in two processes at once: one wins, the others are refused", arguments: StoreEngine.allCases)
    func concurrentCreation(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let stores = [fixture.accounts, fixture.other]
            let outcomes = await withTaskGroup(of: String.self) { group in
                for index in 0..<6 {
                    let store = stores[index % 2]
                    group.addTask {
                        do {
                            try await store.accounts.create(name: "amal", password: "password \(index)", now: Self.now)
                            return "created"
                        } catch {
                            guard let refused = error as? AccountStore.AccountError else { return "failed: \(error)" }
                            return refused.isMissing ? "missing" : "refused"
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == "created" }.count == 1)
            #expect(outcomes.filter { $0 == "refused" }.count == 5, "\(outcomes)")
            let names = try await fixture.accounts.accounts.list().map(\.name)
            #expect(names == ["amal"])
        }
    }

    @Test("concurrent chat-settings updates of different fields in two processes keep every change", arguments: StoreEngine.allCases)
    func concurrentChatSettings(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let stores = [fixture.chatSettings(), fixture.chatSettings(fixture.other)]
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await stores[0].update("amal", webhookURL: .some("https://example.org/hook")) }
                group.addTask { _ = try await stores[1].update("amal", notifyByEmail: false) }
                group.addTask { _ = try await stores[0].update("amal", waking: (start: 300, end: 1200)) }
                try await group.waitForAll()
            }
            let settings = try await fixture.chatSettings().settings(of: "amal")
            #expect(settings == ChatSettingsStore.Settings(webhookURL: "https://example.org/hook", notifyByEmail: false, wakingStart: 300,
                                                           wakingEnd: 1200, hasBridgeToken: false))
            #expect(try await fixture.chatSettings().webhook(of: "amal") != nil)
        }
    }

    @Test("the same chat message recorded in two processes at once is kept once", arguments: StoreEngine.allCases)
    func concurrentRecording(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            try await fixture.accounts.accounts.create(name: "amal", password: "amal's password", now: Self.now)
            let stores = [fixture.chats(), fixture.chats(fixture.other)]
            let results = try await withThrowingTaskGroup(of: ChatStore.Recorded.self) { group in
                for index in 0..<10 {
                    let chats = stores[index % 2]
                    group.addTask {
                        try await chats.record([message("m1", at: Self.now)], account: "amal", chatID: "c1", counterpart: "Sara",
                                               source: .bridge, now: Self.now)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.map(\.accepted).reduce(0, +) == 1)
            #expect(Set(results.map(\.conversationID)).count == 1)
            #expect(try await fixture.accounts.jobs.entries().count == 1)
        }
    }
}

// MARK: Helpers

private func message(_ id: String, at sentAt: Int, fromOwner: Bool = false) -> ChatStore.IncomingMessage {
    ChatStore.IncomingMessage(messageID: id, sender: fromOwner ? "Amal" : "Sara", fromOwner: fromOwner, sentAt: sentAt,
                              text: "Dinner on Thursday at 8? \(id) · عشاء")
}

private func busy(_ uid: String, start: Int) -> BusyItem {
    BusyItem(kind: .event, calendar: "personal", uid: uid, summary: "Busy: \(uid)", start: start, end: start + 1800, isAllDay: false)
}

private func mail(_ subject: String, html: String? = nil) throws -> MailMessage {
    try MailMessage(from: try MailAddress(parsing: "Jadwal <jadwal@example.org>"), to: try MailAddress("amal@example.org", displayName: "Amal"),
                    subject: subject, text: "Hello, \(subject)\nhttps://example.org/login/x", html: html,
                    date: Date(timeIntervalSince1970: 1_795_435_200.5))
}
