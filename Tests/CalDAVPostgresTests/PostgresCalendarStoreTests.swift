import CalDAVCore
import CalDAVPostgres
import Foundation
import PostgresNIO
import PostgresTestSupport
import Testing

struct PostgresCalendarStoreTests {
    static let work = CalendarReference(owner: "amal", name: "work")

    static func index(_ uid: String) -> CalendarObjectIndex {
        CalendarObjectIndex(uid: uid, componentType: "VEVENT", firstStart: 1000, lastEnd: 2000)
    }

    /// Two stores with their own connection pools on one database, as two instances would be.
    static func twoInstances() async throws -> (PostgresCalendarStore, PostgresCalendarStore) {
        let location = try TestDatabases.location()
        let first = try await PostgresCalendarStore.open(location: location, maximumConnections: 10)
        let second = try await PostgresCalendarStore.open(location: location, maximumConnections: 10)
        return (first, second)
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
        let outcomes = await withTaskGroup(of: StoreError.Code?.self) { group in
            for attempt in 0..<20 {
                let store = attempt.isMultiple(of: 2) ? first : second
                group.addTask {
                    do {
                        _ = try await store.putObject(named: "a.ics", data: [UInt8(attempt + 1)], index: Self.index("a"),
                                                      in: Self.work, precondition: .ifMatch([etag]))
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
                group.addTask { try await PostgresCalendarStore.open(location: location, maximumConnections: 2) }
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

    @Test("another module's migrations live beside the store's and apply once")
    func otherModule() async throws {
        let store = try await TestDatabases.store()
        let accounts = PostgresMigrator(module: "accounts", migrations: [
            PostgresMigration("1-account", statements: ["CREATE TABLE account (name TEXT PRIMARY KEY)"]),
            PostgresMigration("2-account-mail", statements: ["ALTER TABLE account ADD COLUMN mail TEXT"]),
        ])
        #expect(try await accounts.migrate(store.database) == ["1-account", "2-account-mail"])
        #expect(try await accounts.migrate(store.database) == [])
        #expect(try await accounts.appliedMigrations(in: store.database) == ["1-account", "2-account-mail"])
        try await store.database.execute("INSERT INTO account (name, mail) VALUES (\("amal"), \("amal@example.com"))")
        #expect(try await PostgresCalendarStore.migrator.appliedMigrations(in: store.database).count == PostgresCalendarStore.migrator.migrations.count)
        await store.close()
    }

    @Test("names and data with quotes, binary bytes and unicode round-trip exactly")
    func roundTrip() async throws {
        let store = try await TestDatabases.store()
        let owner = "o'brien \"quoted\" ; DROP TABLE calendar; --"
        let reference = CalendarReference(owner: owner, name: "تقويم 'work' ☪︎ \u{1F54C}")
        let dead = DAVXML.Name("urn:x'\"", "p\u{10000}")
        let deadXML = Array("<p xmlns=\"urn:x'&quot;\">\\' \u{0645}</p>".utf8)
        try await store.createCalendar(CalendarCollection(reference: reference, displayName: "Ramaḍān's \"calendar\"",
                                                          calendarDescription: "\\x00 'not' bytes", deadProperties: [dead: deadXML]))
        let binary = (0...255).map(UInt8.init) + (0...255).reversed().map(UInt8.init)
        let name = "e'v\"e\\nt ✓.ics"
        let uid = "uid-'\u{00E9}\u{0301}'-\u{1F600}"
        let stored = try await store.putObject(named: name, data: binary, index: Self.index(uid), in: reference, precondition: .mustNotExist).object
        #expect(try await store.calendars(of: owner).map(\.reference) == [reference])
        let collection = try #require(try await store.calendar(reference))
        #expect(collection.displayName == "Ramaḍān's \"calendar\"" && collection.calendarDescription == "\\x00 'not' bytes")
        #expect(collection.deadProperties == [dead: deadXML])
        let read = try #require(try await store.object(named: name, in: reference))
        #expect(read == stored && read.data == binary && read.uid == uid)
        let file = ResourcePath(owner: owner, segments: ["d'ir \u{1F4C1}", "f\"ile's.bin"])
        _ = try await store.makeCollection(at: file.parent, deadProperties: [dead: deadXML])
        _ = try await store.putFile(at: file, data: binary, contentType: "application/x-'quoted'", precondition: .none)
        let (resource, data) = try #require(try await store.file(at: file))
        #expect(data == binary && resource.contentType == "application/x-'quoted'" && resource.contentLength == binary.count)
        #expect(try await store.members(of: file.parent).map(\.path) == [file])
        #expect(try await store.resource(at: file.parent)?.deadProperties == [dead: deadXML])
        #expect(try await store.usage(of: owner) == [CalendarUsage(name: reference.name, displayName: "Ramaḍān's \"calendar\"",
                                                                     objects: 1, bytes: binary.count)])
        #expect(try await store.fileBytes(of: owner) == binary.count)
        try await store.deleteEverything(of: owner)
        #expect(try await store.calendars(of: owner).isEmpty)
        #expect(try await store.members(of: .root(of: owner)).isEmpty)
        await store.close()
    }

    @Test("names are listed in byte order, whatever the database's locale")
    func byteOrder() async throws {
        let store = try await TestDatabases.store()
        try await store.createCalendar(CalendarCollection(reference: Self.work))
        let names = ["b.ics", "B.ics", "a.ics", "_.ics", "é.ics", "z.ics", "Z.ics", "10.ics", "9.ics"]
        for name in names {
            _ = try await store.putObject(named: name, data: [1], index: Self.index(name), in: Self.work, precondition: .none)
        }
        let expected = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(try await store.objects(in: Self.work).map(\.name) == expected)
        await store.close()
    }

    @Test("an unreachable server is unavailable, and the error names no password")
    func unreachable() async throws {
        let location = try PostgresLocation(url: "postgresql://jadwal:s3cret-pw@/jadwal?host=/nonexistent/jadwal-socket")
        let started = ContinuousClock.now
        do {
            _ = try await PostgresCalendarStore.open(location: location, connectionTimeout: .seconds(1))
            Issue.record("opening a store on an unreachable server succeeded")
        } catch {
            #expect(error.code == .unavailable)
            #expect(!"\(error)".contains("s3cret-pw") && !"\(error)".contains("SELECT"))
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("a store whose server goes away is unavailable")
    func closedStore() async throws {
        let store = try await TestDatabases.store()
        try await store.createCalendar(CalendarCollection(reference: Self.work))
        await store.close()
        await #expect(throws: StoreError.self) { _ = try await store.calendars(of: "amal") }
        do {
            _ = try await store.calendars(of: "amal")
        } catch {
            #expect(error.code == .unavailable)
        }
    }
}
