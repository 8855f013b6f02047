import CalDAVCore
import CalDAVCoreTesting
import CalDAVPostgres
import Testing

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
