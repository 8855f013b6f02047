import Testing
@testable import Jadwal

/// What a person changes for themselves, on SQLite and PostgreSQL: preferences, devices
/// revoked by the id their page shows, and the sign-in cache's stamp following their name.
struct SelfServiceStoreTests {
    @Test("preferences read back, bad values change nothing, nil leaves one as it is", arguments: StoreEngine.allCases)
    func preferences(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let accounts = fixture.accounts.accounts
            try await accounts.create(name: "amal", password: "amal's password")
            #expect(try await accounts.preferences(of: "amal") == AccountPreferences())
            #expect(try await accounts.preferences(of: "nobody") == nil)

            try await accounts.updatePreferences(name: "amal", language: "ar-SA", timeZone: "Asia/Riyadh")
            #expect(try await fixture.other.accounts.preferences(of: "amal") == AccountPreferences(language: "ar-SA", timeZone: "Asia/Riyadh"))
            for (language, zone) in [("fr", "Asia/Riyadh"), ("ar", "Mars/Olympus"), ("en-", "UTC"), ("ar\u{0}", "UTC")] {
                await #expect(throws: AccountStore.AccountError.self) {
                    try await accounts.updatePreferences(name: "amal", language: language, timeZone: zone)
                }
            }
            #expect(try await accounts.preferences(of: "amal") == AccountPreferences(language: "ar-SA", timeZone: "Asia/Riyadh"))
            try await accounts.updatePreferences(name: "amal", timeZone: .some(nil))
            #expect(try await accounts.preferences(of: "amal") == AccountPreferences(language: "ar-SA"))
            await #expect(throws: AccountStore.AccountError.self) { try await accounts.updatePreferences(name: "nobody", language: "en") }
        }
    }

    @Test("a device is revoked by its id, which holds nothing of its password", arguments: StoreEngine.allCases)
    func devices(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let accounts = fixture.accounts.accounts
            for name in ["amal", "omar"] { try await accounts.create(name: name, password: "\(name)'s password") }
            let phone = try await accounts.createAppPassword(name: "amal", label: "iPhone")
            let device = try #require(try await accounts.appPasswords(name: "amal").first)
            #expect(!phone.split(separator: "-").contains { device.deviceID.contains($0) })
            #expect(try await accounts.revokeAppPassword(name: "omar", deviceID: device.deviceID) == nil)
            #expect(await accounts.verify(name: "amal", password: phone))
            #expect(try await fixture.other.accounts.revokeAppPassword(name: "amal", deviceID: device.deviceID) == "iPhone")
            #expect(await accounts.verify(name: "amal", password: phone) == false)
            #expect(try await accounts.revokeAppPassword(name: "amal", deviceID: device.deviceID) == nil)
        }
    }

    @Test("the credential stamp changes with the display name and address, so a cached sign-in shows them", arguments: StoreEngine.allCases)
    func stampFollowsNames(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            let accounts = fixture.accounts.accounts
            try await accounts.create(name: "amal", password: "amal's password")
            let phone = try await accounts.createAppPassword(name: "amal", label: "iPhone")
            let before = [await accounts.credentialStamp(name: "amal", password: "amal's password"),
                          await accounts.credentialStamp(name: "amal", password: phone)]
            try await accounts.setDisplayName(name: "amal", "Amal A.")
            let named = [await accounts.credentialStamp(name: "amal", password: "amal's password"),
                         await accounts.credentialStamp(name: "amal", password: phone)]
            try await accounts.update(name: "amal", email: "amal@example.org")
            let addressed = [await accounts.credentialStamp(name: "amal", password: "amal's password"),
                             await accounts.credentialStamp(name: "amal", password: phone)]
            for index in 0..<2 {
                #expect(before[index] != nil && before[index] != named[index] && named[index] != addressed[index])
            }
        }
    }
}
