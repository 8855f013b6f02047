import Foundation
import GRDB
import SQLStorage
import Testing
@testable import Jadwal

/// Names and addresses that are the same after normalization are one account.
@Suite struct AccountIdentityTests {
    /// The pairs an outside audit found sharing data: a composed and a decomposed é, the
    /// KELVIN SIGN, and an alef with a combining hamza.
    static let pairs: [(taken: String, other: String)] = [
        ("jos\u{E9}", "jose\u{301}"),
        ("Karim", "\u{212A}arim"),
        ("\u{623}mal", "\u{627}\u{654}mal"),
        ("amal", "Amal"),
    ]

    @Test("every pair has one key, and the stored form is NFC")
    func keys() {
        for (taken, other) in Self.pairs {
            #expect(AccountIdentity.key(taken) == AccountIdentity.key(other))
            #expect(!AccountIdentity.same(taken, other))
        }
        #expect(AccountIdentity.canonical("jose\u{301}").unicodeScalars.map(\.value) == [0x6A, 0x6F, 0x73, 0xE9])
        #expect(AccountIdentity.canonical("\u{212A}arim") == "Karim")
        #expect(AccountIdentity.same(AccountIdentity.canonical("\u{627}\u{654}mal"), "\u{623}mal"))
    }

    @Test("a name taken in another normalization or case is refused", arguments: StoreEngine.allCases)
    func collisions(engine: StoreEngine) async throws {
        let fixture = try await StoreFixture.make(engine)
        defer { Task { await fixture.close() } }
        for (taken, other) in Self.pairs {
            try await fixture.accounts.accounts.create(name: taken, password: "password-1")
            await #expect(throws: AccountStore.AccountError.self) { try await fixture.accounts.accounts.create(name: other, password: "password-2") }
            // Both spellings sign in to the first account, stored as it was made.
            #expect(try await fixture.accounts.accounts.resolve(other).map { AccountIdentity.same($0, AccountIdentity.canonical(taken)) } == true)
        }
        let names = try await fixture.accounts.accounts.list().map(\.name)
        #expect(names.count == Self.pairs.count)
        #expect(names.allSatisfy { AccountIdentity.same($0, AccountIdentity.canonical($0)) })
    }

    @Test("an email address is one account's, whatever its case", arguments: StoreEngine.allCases)
    func emails(engine: StoreEngine) async throws {
        let fixture = try await StoreFixture.make(engine)
        defer { Task { await fixture.close() } }
        try await fixture.accounts.accounts.create(name: "amal", password: "password-1", email: "amal@example.org")
        let refusal = await #expect(throws: AccountStore.AccountError.self) {
            try await fixture.accounts.accounts.create(name: "bashir", password: "password-2", email: "AMAL@Example.org")
        }
        #expect(refusal?.isConflict == true)
        try await fixture.accounts.accounts.create(name: "bashir", password: "password-2", email: "bashir@example.org")
        await #expect(throws: AccountStore.AccountError.self) { try await fixture.accounts.accounts.update(name: "bashir", email: "Amal@example.org") }
        try await fixture.accounts.accounts.update(name: "amal", email: "Amal@Example.org")
        #expect(try await fixture.accounts.accounts.account(withEmail: "amal@EXAMPLE.org")?.name == "amal")
    }

    @Test("accounts get ids that are never reused", arguments: StoreEngine.allCases)
    func ids(engine: StoreEngine) async throws {
        let fixture = try await StoreFixture.make(engine)
        defer { Task { await fixture.close() } }
        try await fixture.accounts.accounts.create(name: "amal", password: "password-1")
        let first = try #require(try await fixture.accounts.accounts.account(named: "amal")?.id)
        try await fixture.accounts.accounts.delete(name: "amal")
        try await fixture.accounts.accounts.create(name: "amal", password: "password-1")
        let second = try #require(try await fixture.accounts.accounts.account(named: "amal")?.id)
        #expect(first != second)
        #expect(try await fixture.accounts.accounts.account(id: first) == nil)
    }

    @Test("a token's holder ends with a password change or a deletion", arguments: StoreEngine.allCases)
    func holders(engine: StoreEngine) async throws {
        let fixture = try await StoreFixture.make(engine)
        defer { Task { await fixture.close() } }
        try await fixture.accounts.accounts.create(name: "amal", password: "password-1")
        let account = try #require(try await fixture.accounts.accounts.account(named: "amal"))
        let subject = AccessTokens.Subject(accountID: try #require(account.id), passwordGeneration: account.passwordGeneration)
        #expect(try await fixture.accounts.accounts.holder(of: subject) == "amal")
        try await fixture.accounts.accounts.setPassword(name: "amal", password: "password-2")
        #expect(try await fixture.accounts.accounts.holder(of: subject) == nil)
    }

    @Test("an OpenID subject links to one account, and an account to one subject per issuer", arguments: StoreEngine.allCases)
    func linkedIdentities(engine: StoreEngine) async throws {
        let fixture = try await StoreFixture.make(engine)
        defer { Task { await fixture.close() } }
        try await fixture.accounts.accounts.create(name: "amal", password: "password-1")
        try await fixture.accounts.accounts.create(name: "omar", password: "password-1")
        let identities = fixture.accounts.identities
        #expect(try await identities.link("amal", issuer: "https://issuer", subject: "1"))
        #expect(try await identities.link("amal", issuer: "https://issuer", subject: "1"))
        #expect(try await !identities.link("amal", issuer: "https://issuer", subject: "2"))
        #expect(try await !identities.link("omar", issuer: "https://issuer", subject: "1"))
        #expect(try await identities.link("amal", issuer: "https://other", subject: "2"))
        #expect(try await identities.account(issuer: "https://issuer", subject: "1") == "amal")
    }

    @Test("rows from before keys: the older account keeps the name, the other is reported")
    func backfill() {
        let plan = IdentityBackfill.plan([
            .init(name: "jos\u{E9}", email: "j@example.org"),
            .init(name: "jose\u{301}", email: nil),
            .init(name: "Amal", email: "A@example.org"),
            .init(name: "amal", email: "a@example.org"),
        ])
        #expect(plan.map { $0.nameKey != nil } == [true, false, true, false])
        #expect(plan.map { $0.emailKey != nil } == [true, false, true, false])
        #expect(Set(plan.map(\.id)).count == 4)
    }

    @Test("a database made before keys gets them, and reports what collides")
    func migration() async throws {
        let directory = NSTemporaryDirectory() + "identities-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/jadwal.sqlite"
        let database = try SQLiteDatabase(path: path)
        // The accounts' schema as it stood before jadwal-10-identities.
        let migrator = AccountMigrations.migrator
        try migrator.migrate(database.pool, upTo: "jadwal-9-sealed-keys")
        try await database.write { session in
            for (index, name) in ["jos\u{E9}", "jose\u{301}", "amal", "Amal"].enumerated() {
                try await session.execute("INSERT INTO account (name, password_hash, created_at) VALUES (?, 'x', ?)", [name, index])
            }
        }
        let accounts = try ApplicationDatabase(path: path, bcryptCost: 4)
        let problems = try await accounts.accounts.identityProblems()
        #expect(problems.count == 2)
        #expect(try await accounts.accounts.resolve("AMAL") == "amal")
        #expect(try await accounts.accounts.list().allSatisfy { $0.id != nil })
    }
}
