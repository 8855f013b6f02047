import DAVCaching
import CalDAVCore
import CalDAVCoreTesting
import CalDAVPostgres
import Foundation
import PostgresAccess
import Testing
import WebDAV

struct PostgresConformanceTests {
    @Test("the PostgreSQL store passes the conformance suite")
    func conformance() async {
        let stores = OpenStores()
        let failures = await CalendarStoreConformance().run { try await stores.open() }
        await stores.closeAll()
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("the PostgreSQL store passes the resource tree conformance suite")
    func resourceTreeConformance() async {
        let stores = OpenStores()
        let failures = await ResourceTreeStoreConformance().run { try await stores.open() }
        await stores.closeAll()
        #expect(failures.isEmpty, "\(failures)")
    }
}

/// The caching decorators over PostgreSQL, kept exact by its change stamp.
struct PostgresCachingTests {
    @Test("the caching decorator over the PostgreSQL store passes the conformance suite")
    func cachedConformance() async {
        let stores = OpenStores()
        let failures = await CalendarStoreConformance().run {
            let store = try await stores.open()
            return CachedCalendarStore(store, signal: store.changes)
        }
        await stores.closeAll()
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("the protocol fixtures answer the same over PostgreSQL under both caching decorators", arguments: fixtures.clients)
    func exchanges(_ client: String) async throws {
        let stores = OpenStores()
        let store = try await stores.open()
        let responder = ProtocolFixtures.server {
            ResponseCache(CalDAVAdapter(store: CachedCalendarStore(store, signal: store.changes), yearInstances: KeptYearInstances(),
                                        scheduling: ProtocolFixtures.scheduling, sharing: $0))
        }
        let failures = try await Self.fixtures.run(client, on: responder)
        await stores.closeAll()
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    static let fixtures = ProtocolFixtures(folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/protocol"))

    @Test("a write through one pool moves the stamp another pool on the same database reads")
    func stampAcrossPools() async throws {
        let location = try TestDatabases.location()
        let first = try await PostgresCalendarStore.open(location: location, connectionTimeout: .seconds(60), maximumConnections: 2)
        let second = try await PostgresCalendarStore.open(location: location, connectionTimeout: .seconds(60), maximumConnections: 2)
        let before = try #require(await second.changes.stamp())
        #expect(await second.changes.stamp() == before)
        try await first.createCalendar(CalendarCollection(reference: CalendarReference(owner: "amal", name: "work")))
        let after = try #require(await second.changes.stamp())
        #expect(after != before)
        let cached = CachedCalendarStore(second, signal: second.changes)
        #expect(try await cached.calendar(CalendarReference(owner: "amal", name: "work"))?.displayName == nil)
        var renamed = CalendarCollection(reference: CalendarReference(owner: "amal", name: "work"))
        renamed.displayName = "Office"
        try await first.updateCalendar(renamed)
        #expect(try await cached.calendar(CalendarReference(owner: "amal", name: "work"))?.displayName == "Office")
        await first.close()
        await second.close()
    }
}
