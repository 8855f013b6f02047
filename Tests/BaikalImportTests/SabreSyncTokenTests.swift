import Testing
import WebDAV

/// Collections brought from Baïkal answer the sync tokens sabre/dav served for them.
struct SabreSyncTokenTests {
    @Test("sabre/dav's token N names position N - 1 of a collection brought from it, and nothing elsewhere")
    func sabreTokens() {
        let brought = SyncToken.newSabreSyncID()
        #expect(brought.hasPrefix(SyncToken.sabreIncarnation))
        #expect(SyncToken.position(in: "http://sabre.io/ns/sync/19", syncID: brought) == 18)
        #expect(SyncToken.position(in: "http://sabre.io/ns/sync/1", syncID: brought) == 0)
        #expect(SyncToken.position(in: "http://sabre.io/ns/sync/0", syncID: brought) == nil)
        #expect(SyncToken.position(in: "http://sabre.io/ns/sync/x", syncID: brought) == nil)
        #expect(SyncToken.position(in: SyncToken.make(syncID: brought, position: 25), syncID: brought) == 25)
        let made = SyncToken.newSyncID()
        #expect(SyncToken.position(in: "http://sabre.io/ns/sync/19", syncID: made) == nil, "a collection made here, or made again, knows no sabre token")
    }
}
