import CalDAVCore
import CalDAVPostgres
import PostgresAccess
import PostgresNIO
import Testing
import WebDAV

/// Several stores, each with its own connection pool, on one database: what several
/// `jadwald` instances behind a load balancer do.
struct PostgresSharedDatabaseTests {
    static let work = CalendarReference(owner: "amal", name: "work")

    static func index(_ uid: String) -> CalendarObjectIndex {
        CalendarObjectIndex(uid: uid, componentType: "VEVENT", firstStart: 1000, lastEnd: 2000)
    }

    /// Two stores with their own connection pools on one database, as two instances would be.
    static func twoInstances() async throws -> (PostgresCalendarStore, PostgresCalendarStore) {
        let location = try TestDatabases.location()
        let first = try await PostgresCalendarStore.open(location: location, connectionTimeout: .seconds(60), maximumConnections: 10)
        let second = try await PostgresCalendarStore.open(location: location, connectionTimeout: .seconds(60), maximumConnections: 10)
        return (first, second)
    }

    /// Runs `attempt` 20 times at once, alternating the two stores, and returns each outcome:
    /// `nil` for a success, else the store error's code.
    static func race(
        _ first: PostgresCalendarStore, _ second: PostgresCalendarStore,
        _ attempt: @escaping @Sendable (PostgresCalendarStore, Int) async throws -> Void
    ) async -> [StoreError.Code?] {
        await withTaskGroup(of: StoreError.Code?.self) { group in
            for number in 0..<20 {
                let store = number.isMultiple(of: 2) ? first : second
                group.addTask {
                    do {
                        try await attempt(store, number)
                        return nil
                    } catch {
                        return (error as? StoreError)?.code ?? .unavailable
                    }
                }
            }
            var outcomes: [StoreError.Code?] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
    }

    @Test("a write through one instance is read through another")
    func sharedDatabase() async throws {
        let (first, second) = try await Self.twoInstances()
        try await first.createCalendar(CalendarCollection(reference: Self.work, displayName: "Work"))
        let stored = try await first.putObject(named: "a.ics", data: Array("BEGIN:VCALENDAR".utf8), index: Self.index("a"),
                                               in: Self.work, precondition: .none).object
        #expect(try await second.calendar(Self.work)?.displayName == "Work")
        #expect(try await second.object(named: "a.ics", in: Self.work) == stored)
        _ = try await second.makeCollection(at: ResourcePath(owner: "amal", segments: ["files"]), deadProperties: [:])
        await #expect(throws: StoreError(.alreadyExists, "calendar amal/files exists")) {
            try await first.createCalendar(CalendarCollection(reference: CalendarReference(owner: "amal", name: "files")))
        }
        await first.close()
        await second.close()
    }

    @Test("concurrent writes with one If-Match ETag have exactly one winner across instances")
    func oneWinner() async throws {
        let (first, second) = try await Self.twoInstances()
        try await first.createCalendar(CalendarCollection(reference: Self.work))
        let etag = try await first.putObject(named: "a.ics", data: [0], index: Self.index("a"), in: Self.work, precondition: .none).object.etag
        let outcomes = await Self.race(first, second) { store, number in
            _ = try await store.putObject(named: "a.ics", data: [UInt8(number + 1)], index: Self.index("a"),
                                          in: Self.work, precondition: .ifMatch([etag]))
        }
        #expect(outcomes.filter { $0 == nil }.count == 1)
        #expect(outcomes.filter { $0 == .preconditionFailed }.count == 19)
        #expect(try await second.calendar(Self.work)?.changePosition == 2)
        await first.close()
        await second.close()
    }

    @Test("change positions and change sets stay consistent across instances")
    func changePositions() async throws {
        let (first, second) = try await Self.twoInstances()
        try await first.createCalendar(CalendarCollection(reference: Self.work))
        let positions = try await withThrowingTaskGroup(of: [String].self) { group in
            for (instance, store) in [first, second].enumerated() {
                group.addTask {
                    var etags: [String] = []
                    for number in 0..<15 {
                        let name = "\(instance)-\(number).ics"
                        etags.append(try await store.putObject(named: name, data: [UInt8(number)], index: Self.index(name),
                                                               in: Self.work, precondition: .none).object.etag)
                        if number.isMultiple(of: 3) {
                            try await store.deleteObject(named: name, in: Self.work, precondition: .none)
                        }
                    }
                    return etags
                }
            }
            var etags: [String] = []
            for try await some in group { etags += some }
            return etags
        }
        // Every write got its own position: 30 puts and 10 deletes.
        let written = positions.map { Int64($0.dropFirst().prefix { $0 != "-" })! }
        #expect(Set(written).count == 30)
        let collection = try #require(try await second.calendar(Self.work))
        #expect(collection.changePosition == 40)
        let live = try await first.objects(in: Self.work).map(\.name)
        let everything = try await second.changes(in: Self.work, since: 0, limit: nil)
        #expect(everything.position == 40 && !everything.isTruncated)
        #expect(everything.changed.sorted() == live)
        #expect(everything.deleted.count == 10)
        // Paged through the other instance, nothing is lost or repeated.
        var seen: [String] = []
        var position: Int64 = 0
        while true {
            let page = try await (seen.count.isMultiple(of: 2) ? first : second).changes(in: Self.work, since: position, limit: 7)
            seen += page.changed + page.deleted
            position = page.position
            if !page.isTruncated { break }
        }
        #expect(seen.sorted() == (everything.changed + everything.deleted).sorted())
        #expect(position == 40)
        await first.close()
        await second.close()
    }

    @Test("eight stores opening one fresh database at once all succeed and migrate it once")
    func concurrentMigrations() async throws {
        let location = try TestDatabases.location()
        let stores = try await withThrowingTaskGroup(of: PostgresCalendarStore.self) { group in
            for _ in 0..<8 {
                group.addTask { try await PostgresCalendarStore.open(location: location, connectionTimeout: .seconds(60), maximumConnections: 2) }
            }
            var stores: [PostgresCalendarStore] = []
            for try await store in group { stores.append(store) }
            return stores
        }
        #expect(stores.count == 8)
        let applied = try await PostgresCalendarStore.migrator.appliedMigrations(in: stores[0].database)
        #expect(applied == PostgresCalendarStore.migrator.migrations.map(\.name))
        let rows = try await stores[0].database.query("SELECT count(*)::bigint FROM schema_migration WHERE module = 'caldav'")
        #expect(try rows.first?.decode(Int64.self) == Int64(PostgresCalendarStore.migrator.migrations.count))
        try await stores[3].createCalendar(CalendarCollection(reference: Self.work))
        #expect(try await stores[5].calendars(of: "amal").map(\.reference) == [Self.work])
        for store in stores { await store.close() }
    }

    @Test("concurrent file writes with one If-Match ETag have exactly one winner across instances")
    func oneFileWinner() async throws {
        let (first, second) = try await Self.twoInstances()
        let file = ResourcePath(owner: "amal", segments: ["files", "notes.txt"])
        _ = try await first.makeCollection(at: file.parent, deadProperties: [:])
        let etag = try #require(try await first.putFile(at: file, data: [0], contentType: "text/plain", precondition: .none).resource.etag)
        let outcomes = await Self.race(first, second) { store, number in
            _ = try await store.putFile(at: file, data: [UInt8(number + 1)], contentType: "text/plain", precondition: .ifMatch([etag]))
        }
        #expect(outcomes.filter { $0 == nil }.count == 1)
        #expect(outcomes.filter { $0 == .preconditionFailed }.count == 19)
        await first.close()
        await second.close()
    }

    @Test("one name created at once from two instances, as calendar or collection, has exactly one winner")
    func oneCreator() async throws {
        let (first, second) = try await Self.twoInstances()
        let outcomes = await Self.race(first, second) { store, number in
            if number % 4 < 2 {
                try await store.createCalendar(CalendarCollection(reference: Self.work))
            } else {
                _ = try await store.makeCollection(at: ResourcePath(owner: "amal", segments: ["work"]), deadProperties: [:])
            }
        }
        #expect(outcomes.filter { $0 == nil }.count == 1)
        #expect(outcomes.filter { $0 == .alreadyExists }.count == 19)
        let calendars = try await first.calendars(of: "amal").count
        let collections = try await second.members(of: .root(of: "amal")).count
        #expect(calendars + collections == 1)
        await first.close()
        await second.close()
    }
}
