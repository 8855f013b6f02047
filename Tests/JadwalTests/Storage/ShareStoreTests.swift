import DAVTesting
import SQLStorage
import Testing
import WebDAV
@testable import Jadwal

/// The application's share store on SQLite and PostgreSQL: the conformance checks every
/// ``CollectionShareStore`` passes, and shares leaving with their accounts.
struct ShareStoreTests {
    @Test("the share store conforms", arguments: StoreEngine.allCases)
    func conforms(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            for name in ["amal", "karim", "lina"] {
                try await fixture.accounts.accounts.create(name: name, password: "password of \(name)")
            }
            let database = fixture.accounts.database
            let failures = await ShareStoreConformance.run {
                try await database.write { session in _ = try await session.execute("DELETE FROM collection_share") }
                return fixture.accounts.shares
            }
            #expect(failures.isEmpty, "\(failures)")
        }
    }

    @Test("deleting an account ends the shares it gave and received", arguments: StoreEngine.allCases)
    func leaveWithAccount(engine: StoreEngine) async throws {
        try await StoreFixture.with(engine) { fixture in
            for name in ["amal", "karim", "lina"] {
                try await fixture.accounts.accounts.create(name: name, password: "password of \(name)")
            }
            let shares = fixture.accounts.shares
            try await shares.saveShare(ShareStoreConformance.share(with: "karim"))
            try await shares.saveShare(ShareStoreConformance.share("karim", "work", with: "lina"))
            try await fixture.accounts.accounts.delete(name: "karim")
            #expect(try await shares.shares(involving: "amal", in: "calendars").all.isEmpty)
            #expect(try await shares.shares(involving: "lina", in: "calendars").all.isEmpty)
        }
    }
}
