import CalDAVCore
import CalDAVCoreTesting
import Foundation
import Testing
@testable import CalDAVSQLite

struct SQLiteCalendarStoreTests {
    static func temporaryPath() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jadwal-sqlite-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("jadwal.sqlite").path
    }

    static let work = CalendarReference(owner: "amal", name: "work")

    static func index(_ uid: String) -> CalendarObjectIndex {
        CalendarObjectIndex(uid: uid, componentType: "VEVENT", firstStart: 1000, lastEnd: 2000)
    }

    @Test("the SQLite store passes the conformance suite")
    func conformance() async {
        let failures = await CalendarStoreConformance().run { try SQLiteCalendarStore(path: Self.temporaryPath()) }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("everything survives closing and reopening the file")
    func reopen() async throws {
        let path = Self.temporaryPath()
        do {
            let store = try SQLiteCalendarStore(path: path)
            try await store.createCalendar(CalendarCollection(reference: Self.work, displayName: "Work", color: "#112233",
                                                              deadProperties: [DAVXML.Name("urn:x", "y"): Array("<y/>".utf8)]))
            _ = try await store.putObject(named: "a.ics", data: Array("data".utf8), index: Self.index("a"), in: Self.work, precondition: .none)
        }
        let reopened = try SQLiteCalendarStore(path: path)  // runs the migrations again: a no-op
        let collection = try #require(try await reopened.calendar(Self.work))
        #expect(collection.displayName == "Work" && collection.color == "#112233" && collection.deadProperties.count == 1)
        #expect(collection.changePosition == 1)
        #expect(try await reopened.object(named: "a.ics", in: Self.work)?.data == Array("data".utf8))
    }

    @Test("a refused write changes nothing")
    func refusedWrite() async throws {
        let store = try SQLiteCalendarStore(path: Self.temporaryPath())
        try await store.createCalendar(CalendarCollection(reference: Self.work))
        _ = try await store.putObject(named: "a.ics", data: [1], index: Self.index("a"), in: Self.work, precondition: .none)
        await #expect(throws: StoreError.self) {
            try await store.putObject(named: "b.ics", data: [2], index: Self.index("a"), in: Self.work, precondition: .none)
        }
        #expect(try await store.calendar(Self.work)?.changePosition == 1)
        #expect(try await store.objects(in: Self.work).map(\.name) == ["a.ics"])
    }

    @Test("readers see the last commit while writes go on")
    func concurrentReaders() async throws {
        let store = try SQLiteCalendarStore(path: Self.temporaryPath())
        try await store.createCalendar(CalendarCollection(reference: Self.work))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for number in 0..<200 {
                    _ = try await store.putObject(named: "\(number).ics", data: [UInt8(number % 256)], index: Self.index("\(number)"), in: Self.work, precondition: .none)
                }
            }
            group.addTask {
                var last = 0
                for _ in 0..<200 {
                    let count = try await store.objects(in: Self.work).count
                    #expect(count >= last)  // never a half-written state, never going back
                    last = count
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store.objects(in: Self.work).count == 200)
    }
}
