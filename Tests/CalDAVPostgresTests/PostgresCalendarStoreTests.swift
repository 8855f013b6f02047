import CalDAVCore
import CalDAVPostgres
import Foundation
import PostgresAccess
import PostgresNIO
import PostgresTestSupport
import Testing
import WebDAV

struct PostgresCalendarStoreTests {
    static let work = CalendarReference(owner: "amal", name: "work")

    static func index(_ uid: String) -> CalendarObjectIndex {
        CalendarObjectIndex(uid: uid, componentType: "VEVENT", firstStart: 1000, lastEnd: 2000)
    }

    @Test("a refused write changes nothing")
    func refusedWrite() async throws {
        let store = try await TestDatabases.store()
        try await store.createCalendar(CalendarCollection(reference: Self.work))
        let stored = try await store.putObject(named: "a.ics", data: [1], index: Self.index("a"), in: Self.work, precondition: .none).object
        _ = try await store.putObject(named: "b.ics", data: [2], index: Self.index("b"), in: Self.work, precondition: .none)
        let before = try await store.changes(in: Self.work, since: 0, limit: nil)
        // UID conflict on a new name, UID conflict on a replace, failed precondition, missing calendar.
        let refusals: [(StoreError.Code, @Sendable () async throws -> Void)] = [
            (.uidConflict, { _ = try await store.putObject(named: "c.ics", data: [3], index: Self.index("a"), in: Self.work, precondition: .none) }),
            (.uidConflict, { _ = try await store.putObject(named: "b.ics", data: [3], index: Self.index("a"), in: Self.work, precondition: .none) }),
            (.preconditionFailed, { _ = try await store.putObject(named: "a.ics", data: [3], index: Self.index("a"), in: Self.work, precondition: .mustNotExist) }),
            (.notFound, { _ = try await store.putObject(named: "a.ics", data: [3], index: Self.index("a"),
                                                          in: CalendarReference(owner: "amal", name: "none"), precondition: .none) }),
        ]
        for (code, refusal) in refusals {
            do {
                try await refusal()
                Issue.record("a refused write succeeded")
            } catch {
                #expect((error as? StoreError)?.code == code)
            }
        }
        #expect(try await store.calendar(Self.work)?.changePosition == 2)
        #expect(try await store.objects(in: Self.work).map(\.name) == ["a.ics", "b.ics"])
        #expect(try await store.object(named: "a.ics", in: Self.work) == stored)
        #expect(try await store.object(named: "b.ics", in: Self.work)?.uid == "b")
        #expect(try await store.changes(in: Self.work, since: 0, limit: nil) == before)
        await store.close()
    }

    @Test("the change log keeps one entry per name, however often it is written")
    func changeLogStaysSmall() async throws {
        let store = try await TestDatabases.store()
        try await store.createCalendar(CalendarCollection(reference: Self.work))
        let start = try await store.changes(in: Self.work, since: nil, limit: nil).position
        for round in 0..<20 {
            for name in ["a", "b", "c"] {
                _ = try await store.putObject(named: "\(name).ics", data: [UInt8(round)], index: Self.index(name), in: Self.work, precondition: .none)
            }
        }
        try await store.deleteObject(named: "b.ics", in: Self.work, precondition: .none)
        let middle = try await store.changes(in: Self.work, since: start + 30, limit: nil)
        #expect(Set(middle.changed) == ["a.ics", "c.ics"] && middle.deleted == ["b.ics"])
        let rows = try await store.database.query("SELECT count(*)::bigint FROM change_log")
        #expect(try rows.first?.decode(Int64.self) == 3)
        await store.close()
    }

    @Test("everything survives closing the store and opening another on the database")
    func reopen() async throws {
        let location = try TestDatabases.location()
        let deadName = DAVXML.Name("urn:x", "y")
        let deadXML = Array("<y xmlns=\"urn:x\">1</y>".utf8)
        let store = try await PostgresCalendarStore.open(location: location, connectionTimeout: .seconds(60), clock: { 1_700_000_000 })
        try await store.createCalendar(CalendarCollection(reference: Self.work, displayName: "Work", color: "#112233", order: 3,
                                                          supportedComponents: ["VEVENT", "VTODO"], deadProperties: [deadName: deadXML]))
        let stored = try await store.putObject(named: "a.ics", data: Array("data".utf8), index: Self.index("a"), in: Self.work, precondition: .none).object
        _ = try await store.putObject(named: "b.ics", data: [2], index: Self.index("b"), in: Self.work, precondition: .none)
        try await store.deleteObject(named: "b.ics", in: Self.work, precondition: .none)
        await store.close()
        let reopened = try await PostgresCalendarStore.open(location: location, connectionTimeout: .seconds(60))
        let collection = try #require(try await reopened.calendar(Self.work))
        #expect(collection.displayName == "Work" && collection.color == "#112233" && collection.order == 3)
        #expect(collection.supportedComponents == ["VEVENT", "VTODO"] && collection.createdAt == 1_700_000_000)
        #expect(collection.deadProperties == [deadName: deadXML] && collection.changePosition == 3)
        #expect(try await reopened.object(named: "a.ics", in: Self.work) == stored)
        let changes = try await reopened.changes(in: Self.work, since: 0, limit: nil)
        #expect(changes.changed == ["a.ics"] && changes.deleted == ["b.ics"] && changes.position == 3)
        let next = try await reopened.putObject(named: "c.ics", data: [3], index: Self.index("c"), in: Self.work, precondition: .none)
        #expect(next.object.etag.hasPrefix("\"4-"))
        await reopened.close()
    }

    @Test("readers see the last commit while another connection's write is open")
    func readersSeeLastCommit() async throws {
        let store = try await TestDatabases.store()
        try await store.createCalendar(CalendarCollection(reference: Self.work))
        _ = try await store.putObject(named: "a.ics", data: [1], index: Self.index("a"), in: Self.work, precondition: .none)
        let home = CalendarReference(owner: "amal", name: "home")
        let (opened, open) = AsyncStream.makeStream(of: Void.self)
        let (finish, finishing) = AsyncStream.makeStream(of: Void.self)
        async let writer: Void = store.database.withTransaction { connection in
            try await connection.query("INSERT INTO calendar (owner, name, components, created_at, sync_id) VALUES ('amal', 'home', '', 0, 'x')",
                                       logger: connection.logger)
            try await connection.query("DELETE FROM calendar_object", logger: connection.logger)
            open.yield()
            for await _ in finish { break }
        }
        for await _ in opened { break }
        #expect(try await store.calendar(home) == nil)
        #expect(try await store.objects(in: Self.work).map(\.name) == ["a.ics"])
        finishing.yield()
        try await writer
        #expect(try await store.calendar(home) != nil)
        #expect(try await store.objects(in: Self.work).isEmpty)
        await store.close()
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
        do {
            _ = try await PostgresCalendarStore.open(location: location, connectionTimeout: .seconds(1))
            Issue.record("opening a store on an unreachable server succeeded")
        } catch {
            #expect(error.code == .unavailable)
            #expect(!"\(error)".contains("s3cret-pw") && !"\(error)".contains("SELECT"))
        }
    }

    @Test("a closed store is unavailable")
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
