import Foundation
import SQLStorage
import Testing
@testable import Jadwal

/// Keys kept in the store (``KeyVault``) and the access tokens they sign, on SQLite and on
/// PostgreSQL, with two processes' stores on one database.
struct SharedKeysTests {
    static let now = 1_795_435_200
    static let issuer = "https://cal.example.org"

    @Test("access tokens verify until they expire; forged, unsigned and foreign ones do not", arguments: StoreEngine.allCases)
    func accessTokens(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let clock = TestClock(Self.now)
            let keys = try await AccessTokens(vault: fixture.vault(), issuer: Self.issuer, clock: clock.read)
            let token = try await keys.issue(for: .amal)
            #expect(await keys.verify(token)?.accountID == AccountStore.Account.amal.id)

            let parts = token.split(separator: ".").map(String.init)
            let forgedClaims = SecretToken.base64URL(Array(#"{"sub":"root","iss":"https://cal.example.org","aud":"jadwal-api","iat":1795435200,"exp":4102444800}"#.utf8))
            #expect(await keys.verify([parts[0], forgedClaims, parts[2]].joined(separator: ".")) == nil)
            let unsignedHeader = SecretToken.base64URL(Array(#"{"alg":"none","typ":"JWT","kid":"x"}"#.utf8))
            #expect(await keys.verify([unsignedHeader, parts[1], ""].joined(separator: ".")) == nil)
            let kid = try #require(try await keys.keyIDs().first)
            let noneWithKnownKey = SecretToken.base64URL(Array(#"{"alg":"none","typ":"JWT","kid":"\#(kid)"}"#.utf8))
            #expect(await keys.verify([noneWithKnownKey, parts[1], ""].joined(separator: ".")) == nil)

            // Another server's keys (its own database) and another issuer sharing the keys.
            try await StoreFixture.with(engine) { stranger in
                let foreign = try await AccessTokens(vault: stranger.vault(), issuer: Self.issuer, clock: clock.read)
                #expect(await keys.verify(try await foreign.issue(for: .amal)) == nil)
            }
            let otherIssuer = try await AccessTokens(vault: fixture.vault(), issuer: "https://elsewhere.example", clock: clock.read)
            #expect(await keys.verify(try await otherIssuer.issue(for: .amal)) == nil)

            clock.advance(by: AccessTokens.lifetime)
            #expect(await keys.verify(token) == nil)
        }
    }

    @Test("instances share signing keys: a token from one verifies on the other, and a rotation reaches both", arguments: StoreEngine.allCases)
    func sharedAcrossInstances(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let clock = TestClock(Self.now)
            // Two instances starting together make one key between them, or two of which the newest signs.
            async let starting = AccessTokens(vault: fixture.vault(), issuer: Self.issuer, clock: clock.read)
            async let startingOther = AccessTokens(vault: fixture.vault(fixture.other), issuer: Self.issuer, clock: clock.read)
            let (first, second) = try await (starting, startingOther)
            #expect(try await first.keyIDs() == second.keyIDs())
            let before = try await first.issue(for: .amal)
            #expect(await second.verify(before)?.accountID == AccountStore.Account.amal.id)

            clock.advance(by: 1)
            // `jadwald keys rotate` in a third process; the second instance learns of the new
            // key from the first token that names it, before its own refresh is due.
            let rotator = try await AccessTokens(vault: fixture.vault(fixture.other), issuer: Self.issuer, clock: clock.read)
            try await rotator.rotate()
            let fromRotator = try await rotator.issue(for: .amal)
            #expect(await second.verify(fromRotator)?.accountID == AccountStore.Account.amal.id)
            #expect(await first.verify(fromRotator)?.accountID == AccountStore.Account.amal.id)
            #expect(await first.verify(before)?.accountID == AccountStore.Account.amal.id)
            // Every instance signs with the newest key at once.
            let after = try await first.issue(for: .amal)
            #expect(JWTHeaderCheck(after)?.keyID == JWTHeaderCheck(fromRotator)?.keyID)
        }
    }

    @Test("after a rotation old tokens verify until they expire, then the old key is deleted", arguments: StoreEngine.allCases)
    func keyRotation(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let clock = TestClock(Self.now)
            let keys = try await AccessTokens(vault: fixture.vault(), issuer: Self.issuer, clock: clock.read)
            let before = try await keys.issue(for: .amal)
            clock.advance(by: 1)
            try await keys.rotate()
            #expect(try await keys.keyIDs().count == 2)
            #expect(await keys.verify(before)?.accountID == AccountStore.Account.amal.id)
            #expect(await keys.verify(try await keys.issue(for: .amal))?.accountID == AccountStore.Account.amal.id)

            clock.advance(by: AccessTokens.retirement + 1)
            try await keys.rotate()
            #expect(try await keys.keyIDs().count == 2)
            #expect(try await fixture.vault().keys(purpose: AccessTokens.keyPurpose).count == 2)
        }
    }

    @Test("of keys made within the same second, the newest signs", arguments: StoreEngine.allCases)
    func sameSecondRotation(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let keys = try await AccessTokens(vault: fixture.vault(), issuer: Self.issuer, clock: { Self.now })
            for _ in 0..<3 { try await keys.rotate() }
            let ids = try await keys.keyIDs()
            #expect(ids.count == 4)
            let header = try #require(JWTHeaderCheck(try await keys.issue(for: .amal)))
            #expect(header.keyID == ids.first)
        }
    }

    @Test("a named key asked for by two processes at once is made once", arguments: StoreEngine.allCases)
    func namedKeyRace(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let keys = try await withThrowingTaskGroup(of: KeyVault.StoredKey.self) { group in
                for index in 0..<10 {
                    let vault = fixture.vault(index.isMultiple(of: 2) ? fixture.accounts : fixture.other)
                    group.addTask { try await vault.key("chats", purpose: "chats") { SealingKey.random().bytes } }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(keys.map(\.bytes)).count == 1)
            #expect(keys[0].bytes.count == 32)
        }
    }

    @Test("a key sealed with another secret key is refused with a message naming the setting", arguments: StoreEngine.allCases)
    func wrongSecret(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            _ = try await AccessTokens(vault: fixture.vault(), issuer: Self.issuer)
            let stranger = fixture.accounts.keyVault(secret: .random())
            let error = await #expect(throws: KeyVault.VaultError.self) {
                _ = try await AccessTokens(vault: stranger, issuer: Self.issuer)
            }
            #expect(error?.description.contains("secret_key") == true)
            // The refusal changed nothing: the right secret still opens every key.
            #expect(try await fixture.vault().keys(purpose: AccessTokens.keyPurpose).count == 1)
        }
    }

    @Test("a sealed key does not open under another key's id")
    func sealedKeysBoundToTheirRow() async throws {
        try await StoreFixture.with(.sqlite) { fixture in
            let vault = fixture.vault()
            let first = try await vault.key("first", purpose: "test") { Data(repeating: 1, count: 32) }
            _ = try await vault.key("second", purpose: "test") { Data(repeating: 2, count: 32) }
            #expect(first.bytes == Data(repeating: 1, count: 32))
            try await fixture.accounts.database.write { session in
                _ = try await session.execute("UPDATE sealed_key SET sealed = (SELECT sealed FROM sealed_key WHERE id = 'first') WHERE id = 'second'")
            }
            await #expect(throws: KeyVault.VaultError.self) { _ = try await vault.keys(purpose: "test") }
        }
    }
}

extension AccountStore.Account {
    /// An account to issue tokens for.
    static let amal = AccountStore.Account(name: "amal", email: nil, isAdmin: false, createdAt: 0, id: "0b7c3f2e-amal")
}
