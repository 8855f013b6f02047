import Foundation
import Testing
import CalDAVCoreTesting
import CardDAVCore
import CardDAVCoreTesting
import CardDAVPostgres
import DAVCaching
import PostgresAccess
import PostgresTestSupport
import Synchronization
import WebDAV

/// The PostgreSQL store of address books under the conformance suite, each check on a
/// fresh database of the process's temporary server.
struct PostgresAddressBookStoreTests {
    /// Pools opened for a test, closed together at its end.
    final class OpenPools: Sendable {
        private let pools = Mutex<[PostgresPool]>([])

        func store() async throws -> PostgresAddressBookStore {
            // A long wait for a connection: the whole suite shares two cores with the server.
            let pool = PostgresPool(location: try PostgresLocation(url: TemporaryPostgres.shared().makeDatabase()),
                                    connectionTimeout: .seconds(60), maximumConnections: 4)
            pools.withLock { $0.append(pool) }
            return try await PostgresAddressBookStore(database: pool)
        }

        func closeAll() async {
            for pool in pools.withLock({ $0 }) { await pool.close() }
        }
    }

    @Test("the PostgreSQL store conforms")
    func conformance() async {
        let pools = OpenPools()
        let failures = await AddressBookStoreConformance().run { try await pools.store() }
        await pools.closeAll()
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("the caching decorator over the PostgreSQL store conforms")
    func cachedConformance() async {
        let pools = OpenPools()
        let failures = await AddressBookStoreConformance().run {
            let store = try await pools.store()
            return CachedAddressBookStore(store, signal: PostgresChangeSignal(pool: store.database))
        }
        await pools.closeAll()
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("each client's exchanges, on PostgreSQL", arguments: CardDAVProtocolFixtureTests.fixtures.clients)
    func exchanges(_ client: String) async throws {
        let pools = OpenPools()
        let failures = try await CardDAVProtocolFixtureTests.run(client, on: try await pools.store())
        await pools.closeAll()
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
