import CalDAVCore
import CalDAVPostgres
import PostgresAccess
import PostgresTestSupport
import Synchronization

/// Fresh databases on the process's temporary server, and the stores opened on them.
enum TestDatabases {
    /// The location of a new, empty database.
    static func location() throws -> PostgresLocation {
        try PostgresLocation(url: TemporaryPostgres.shared().makeDatabase())
    }

    /// A store over a new, empty database.
    static func store() async throws -> PostgresCalendarStore {
        // A long wait for a connection: the whole suite shares two cores with the server.
        try await PostgresCalendarStore.open(location: location(), connectionTimeout: .seconds(60), maximumConnections: 4)
    }
}

/// Stores opened for a test, closed together at its end.
final class OpenStores: Sendable {
    private let stores = Mutex<[PostgresCalendarStore]>([])

    func open() async throws -> PostgresCalendarStore {
        let store = try await TestDatabases.store()
        stores.withLock { $0.append(store) }
        return store
    }

    func closeAll() async {
        for store in stores.withLock({ $0 }) { await store.close() }
    }
}
