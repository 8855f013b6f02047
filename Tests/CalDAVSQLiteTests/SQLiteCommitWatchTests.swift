import CalDAVCore
import GRDB
import SQLiteAccess
import Testing
@testable import CalDAVSQLite
import WebDAV

struct SQLiteCommitWatchTests {
    static let work = CalendarReference(owner: "amal", name: "work")

    @Test("the commit watch moves with every commit, whichever connection makes it, and only then")
    func movesWithCommits() async throws {
        let path = SQLiteCalendarStoreTests.temporaryPath()
        let store = try SQLiteCalendarStore(path: path)
        let watch = try #require(store.commits)
        let start = try #require(watch.current())
        #expect(watch.current() == start)

        try await store.createCalendar(CalendarCollection(reference: Self.work))
        let afterCreate = try #require(watch.current())
        #expect(afterCreate != start)

        // A read changes nothing; a rolled back write changes nothing visible either.
        _ = try await store.calendars(of: "amal")
        let other = try DatabaseQueue(path: path)
        try? await other.write { db in
            try db.execute(sql: "UPDATE calendar SET display_name = 'x'")
            throw CancellationError()
        }
        #expect(watch.current() == afterCreate)

        // Another connection's commit, as another process's would be.
        try await other.write { db in try db.execute(sql: "UPDATE calendar SET display_name = 'Renamed'") }
        #expect(watch.current() != afterCreate)

        try store.close()
        #expect(watch.current() == nil)
    }

    @Test("a calendar lookup served from memory still sees another connection's change at once")
    func lookupSeesOtherWriters() async throws {
        let path = SQLiteCalendarStoreTests.temporaryPath()
        let server = try SQLiteCalendarStore(path: path)
        let command = try SQLiteCalendarStore(path: path)

        #expect(try await server.calendar(Self.work) == nil)
        try await command.createCalendar(CalendarCollection(reference: Self.work, displayName: "Work"))
        #expect(try await server.calendar(Self.work)?.displayName == "Work")
        #expect(try await server.calendar(Self.work)?.displayName == "Work")

        var renamed = try #require(try await command.calendar(Self.work))
        renamed.displayName = "Renamed"
        try await command.updateCalendar(renamed)
        #expect(try await server.calendar(Self.work)?.displayName == "Renamed")

        let before = try #require(try await server.calendar(Self.work)).changePosition
        _ = try await command.putObject(named: "a.ics", data: Array("data".utf8),
                                        index: CalendarObjectIndex(uid: "a", componentType: "VEVENT", firstStart: 0, lastEnd: 1),
                                        in: Self.work, precondition: .none)
        #expect(try #require(try await server.calendar(Self.work)).changePosition > before)

        try await command.deleteCalendar(Self.work)
        #expect(try await server.calendar(Self.work) == nil)
    }

    @Test("an object kept from a GET is served only while its calendar is unchanged")
    func objectsFollowWriters() async throws {
        let path = SQLiteCalendarStoreTests.temporaryPath()
        let server = try SQLiteCalendarStore(path: path)
        let command = try SQLiteCalendarStore(path: path)
        let index = CalendarObjectIndex(uid: "a", componentType: "VEVENT", firstStart: 0, lastEnd: 1)
        try await command.createCalendar(CalendarCollection(reference: Self.work))
        _ = try await command.putObject(named: "a.ics", data: Array("one".utf8), index: index, in: Self.work, precondition: .none)

        #expect(try await server.objects(named: ["a.ics"], in: Self.work).map(\.data) == [Array("one".utf8)])
        #expect(try await server.objects(named: ["a.ics"], in: Self.work).map(\.data) == [Array("one".utf8)])

        _ = try await command.putObject(named: "a.ics", data: Array("two".utf8), index: index, in: Self.work, precondition: .none)
        #expect(try await server.objects(named: ["a.ics"], in: Self.work).map(\.data) == [Array("two".utf8)])

        // A write elsewhere leaves the calendar's objects as they were.
        try await command.createCalendar(CalendarCollection(reference: CalendarReference(owner: "amal", name: "home")))
        #expect(try await server.objects(named: ["a.ics"], in: Self.work).map(\.data) == [Array("two".utf8)])

        try await command.deleteObject(named: "a.ics", in: Self.work, precondition: .none)
        #expect(try await server.objects(named: ["a.ics"], in: Self.work).isEmpty)

        // The same name in a calendar made again is a new object.
        try await command.deleteCalendar(Self.work)
        await #expect(throws: StoreError.self) { _ = try await server.objects(named: ["a.ics"], in: Self.work) }
        try await command.createCalendar(CalendarCollection(reference: Self.work))
        _ = try await command.putObject(named: "a.ics", data: Array("three".utf8), index: index, in: Self.work, precondition: .none)
        #expect(try await server.objects(named: ["a.ics"], in: Self.work).map(\.data) == [Array("three".utf8)])
    }
}
