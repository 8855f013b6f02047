import DAVCaching
import CalDAVCore
import CalDAVCoreTesting
import Foundation
import GRDB
import SQLiteAccess
import Testing
@testable import CalDAVSQLite

#if canImport(Glibc)
import Glibc
import WebDAV
#endif

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

    @Test("the SQLite store passes the resource tree conformance suite")
    func resourceTreeConformance() async {
        let failures = await ResourceTreeStoreConformance().run { try SQLiteCalendarStore(path: Self.temporaryPath()) }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("calendars and top-level plain collections never share a name")
    func calendarAndCollectionNames() async throws {
        let store = try SQLiteCalendarStore(path: Self.temporaryPath())
        try await store.createCalendar(CalendarCollection(reference: Self.work))
        let clash = ResourcePath(owner: "amal", segments: ["work"])
        await #expect(throws: StoreError.self) { _ = try await store.makeCollection(at: clash, deadProperties: [:]) }
        _ = try await store.makeCollection(at: ResourcePath(owner: "amal", segments: ["files"]), deadProperties: [:])
        await #expect(throws: StoreError.self) { try await store.createCalendar(CalendarCollection(reference: CalendarReference(owner: "amal", name: "files"))) }
        _ = try await store.makeCollection(at: ResourcePath(owner: "amal", segments: ["files", "work"]), deadProperties: [:])
    }

    @Test("everything survives closing and reopening the file")
    func reopen() async throws {
        let path = Self.temporaryPath()
        let deadName = DAVXML.Name("urn:x", "y")
        let deadXML = Array("<y xmlns=\"urn:x\">1</y>".utf8)
        let stored: CalendarObject
        do {
            let store = try SQLiteCalendarStore(path: path, clock: { 1_700_000_000 })
            try await store.createCalendar(CalendarCollection(reference: Self.work, displayName: "Work", color: "#112233",
                                                              order: 3, supportedComponents: ["VEVENT", "VTODO"],
                                                              deadProperties: [deadName: deadXML]))
            stored = try await store.putObject(named: "a.ics", data: Array("data".utf8), index: Self.index("a"), in: Self.work, precondition: .none).object
            _ = try await store.putObject(named: "b.ics", data: [2], index: Self.index("b"), in: Self.work, precondition: .none)
            try await store.deleteObject(named: "b.ics", in: Self.work, precondition: .none)
            try store.close()
        }
        let reopened = try SQLiteCalendarStore(path: path)
        let collection = try #require(try await reopened.calendar(Self.work))
        #expect(collection.displayName == "Work" && collection.color == "#112233" && collection.order == 3)
        #expect(collection.supportedComponents == ["VEVENT", "VTODO"] && collection.createdAt == 1_700_000_000)
        #expect(collection.deadProperties == [deadName: deadXML])
        #expect(collection.changePosition == 3)
        #expect(try await reopened.object(named: "a.ics", in: Self.work) == stored)
        let changes = try await reopened.changes(in: Self.work, since: 0, limit: nil)
        #expect(changes.changed == ["a.ics"] && changes.deleted == ["b.ics"] && changes.position == 3)
        let next = try await reopened.putObject(named: "c.ics", data: [3], index: Self.index("c"), in: Self.work, precondition: .none)
        #expect(next.object.etag.hasPrefix("\"4-"))
    }

    @Test("opening a file again runs no migration twice and leaves the schema as it was")
    func migrationsAreIdempotent() async throws {
        let path = Self.temporaryPath()
        let first = try SQLiteCalendarStore(path: path)
        try await first.createCalendar(CalendarCollection(reference: Self.work))
        let queue = try DatabaseQueue(path: path)
        func schema() throws -> [String] {
            try queue.read { db in try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name") }
        }
        let before = try schema()
        // Another component keeps its own migrations in the same file, as the accounts do.
        var foreign = DatabaseMigrator()
        foreign.registerMigration("other-1") { db in try db.execute(sql: "CREATE TABLE other (id INTEGER PRIMARY KEY)") }
        try foreign.migrate(queue)
        let second = try SQLiteCalendarStore(path: path)  // while the first is still open
        try second.close()
        let third = try SQLiteCalendarStore(path: path)
        let applied = try await queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied.sorted() == (Migrations.migrator.migrations + ["other-1"]).sorted())
        #expect(try schema().filter { !$0.contains("TABLE other") } == before)
        #expect(try await third.calendars(of: "amal").map(\.reference) == [Self.work])
    }

    @Test("a refused write changes nothing")
    func refusedWrite() async throws {
        let store = try SQLiteCalendarStore(path: Self.temporaryPath())
        try await store.createCalendar(CalendarCollection(reference: Self.work))
        let stored = try await store.putObject(named: "a.ics", data: [1], index: Self.index("a"), in: Self.work, precondition: .none).object
        let before = try await store.changes(in: Self.work, since: 0, limit: nil)
        // UID conflict on a new name, UID conflict on a replace, failed precondition.
        _ = try await store.putObject(named: "b.ics", data: [2], index: Self.index("b"), in: Self.work, precondition: .none)
        let refusals: [@Sendable () async throws -> Void] = [
            { _ = try await store.putObject(named: "c.ics", data: [3], index: Self.index("a"), in: Self.work, precondition: .none) },
            { _ = try await store.putObject(named: "b.ics", data: [3], index: Self.index("a"), in: Self.work, precondition: .none) },
            { _ = try await store.putObject(named: "a.ics", data: [3], index: Self.index("a"), in: Self.work, precondition: .mustNotExist) },
        ]
        for refusal in refusals {
            await #expect(throws: StoreError.self) { try await refusal() }
        }
        #expect(try await store.calendar(Self.work)?.changePosition == 2)
        #expect(try await store.objects(in: Self.work).map(\.name) == ["a.ics", "b.ics"])
        #expect(try await store.object(named: "a.ics", in: Self.work) == stored)
        #expect(try await store.object(named: "b.ics", in: Self.work)?.uid == "b")
        let after = try await store.changes(in: Self.work, since: 0, limit: nil)
        #expect(after.changed == ["a.ics", "b.ics"] && after.position == before.position + 1)
    }

    @Test("database failures are unavailable and name no path")
    func failuresHideDetails() async throws {
        let path = "/nonexistent-\(UUID().uuidString)/jadwal.sqlite"
        do {
            _ = try SQLiteCalendarStore(path: path)
            Issue.record("opening a file in a missing folder succeeded")
        } catch {
            #expect(error.code == .unavailable)
            #expect(!error.message.contains("nonexistent") && !error.message.contains("jadwal.sqlite"))
        }
        let store = try SQLiteCalendarStore(path: Self.temporaryPath())
        try store.close()
        do {
            _ = try await store.calendars(of: "amal")
            Issue.record("a closed store answered")
        } catch {
            #expect(error.code == .unavailable)
            #expect(!error.message.uppercased().contains("SELECT"))
        }
    }

    @Test("time-range candidates are found through the span index")
    func timeRangeUsesSpanIndex() throws {
        let path = Self.temporaryPath()
        try SQLiteCalendarStore(path: path).close()
        let queue = try DatabaseQueue(path: path)
        let ranges = [TimeRange(start: 10, end: 20), TimeRange(start: nil, end: 20), TimeRange(start: 10, end: nil), TimeRange(start: nil, end: nil)]
        for range in ranges {
            for type in [nil, "VEVENT"] {
                let query = SQLiteCalendarStore.overlapQuery(calendarID: 1, range: range, componentType: type)
                let plan = try queue.read { db in
                    let row = try RawStatement(db, "EXPLAIN QUERY PLAN " + query.sql, query.arguments)
                    var details: [String] = []
                    while try row.step() { details.append(row.text(3) ?? "") }  // id, parent, notused, detail
                    return details
                }
                #expect(plan.contains { $0.contains("calendar_object_span") }, "\(range) \(type ?? "any"): \(plan)")
            }
        }
    }

    @Test("the change log keeps one entry per name, however often it is written")
    func changeLogStaysSmall() async throws {
        let path = Self.temporaryPath()
        let store = try SQLiteCalendarStore(path: path)
        let work = CalendarReference(owner: "amal", name: "work")
        try await store.createCalendar(CalendarCollection(reference: work))
        let start = try await store.changes(in: work, since: nil, limit: nil).position
        for round in 0..<50 {
            for name in ["a", "b", "c"] {
                let index = CalendarObjectIndex(uid: name, componentType: "VEVENT", firstStart: 0, lastEnd: 1)
                _ = try await store.putObject(named: "\(name).ics", data: [UInt8(round)], index: index, in: work, precondition: .none)
            }
        }
        try await store.deleteObject(named: "b.ics", in: work, precondition: .none)
        let middle = try await store.changes(in: work, since: start + 75, limit: nil)
        #expect(Set(middle.changed) == ["a.ics", "c.ics"] && middle.deleted == ["b.ics"])
        try store.close()
        let rows = try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM change_log") }
        #expect(rows == 3)
    }

    @Test("readers see the last commit while another connection's write is open")
    func readersSeeLastCommit() async throws {
        let path = Self.temporaryPath()
        let store = try SQLiteCalendarStore(path: path)
        try await store.createCalendar(CalendarCollection(reference: Self.work))
        _ = try await store.putObject(named: "a.ics", data: [1], index: Self.index("a"), in: Self.work, precondition: .none)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the transaction spans several calls on purpose
        let writer = try DatabaseQueue(path: path, configuration: configuration)
        let home = CalendarReference(owner: "amal", name: "home")
        try writer.inDatabase { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: "INSERT INTO calendar (owner, name, components, created_at) VALUES (?, ?, '', 0)", arguments: [home.owner, home.name])
            try db.execute(sql: "DELETE FROM calendar_object")
        }
        #expect(try await store.calendar(home) == nil)
        #expect(try await store.objects(in: Self.work).map(\.name) == ["a.ics"])
        try writer.inDatabase { db in try db.execute(sql: "COMMIT") }
        #expect(try await store.calendar(home) != nil)
        #expect(try await store.objects(in: Self.work).isEmpty)
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

// MARK: - Durability across SIGKILL

/// The writer is this same test binary, started again with ``writerVariable`` set and a
/// filter that runs only ``writerChild()``: no executable target is needed.
extension SQLiteCalendarStoreTests {
    static let writerVariable = "JADWAL_SQLITE_WRITER"
    static let acknowledgement = "JADWAL-ACK "

    /// Runs only inside the child process: writes objects until killed (or a bound is
    /// reached, so it stops by itself) and prints each name once its write has committed.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[writerVariable] != nil))
    func writerChild() async throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.writerVariable])
        let store = try SQLiteCalendarStore(path: path)
        let deadline = Date().addingTimeInterval(60)
        for number in 0..<100_000 where Date() < deadline {
            let name = "w\(number).ics"
            // Several pages per object, so a kill often lands inside a write.
            let data = Array(name.utf8) + Array(repeating: UInt8(number % 251), count: 12_000)
            let stored = try await store.putObject(named: name, data: data, index: Self.index(name), in: Self.work, precondition: .none)
            // One unbuffered write(2) per line: nothing is acknowledged that is still in a buffer.
            FileHandle.standardOutput.write(Data("\(Self.acknowledgement)\(name) \(stored.object.etag)\n".utf8))
        }
    }

    #if os(Linux)
    @Test("every acknowledged write survives a SIGKILL of the writer", .timeLimit(.minutes(3)))
    func survivesKill() async throws {
        let path = Self.temporaryPath()
        try await SQLiteCalendarStore(path: path).createCalendar(CalendarCollection(reference: Self.work))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = ["--testing-library", "swift-testing", "--filter", "writerChild"]
        process.environment = ProcessInfo.processInfo.environment.merging([Self.writerVariable: path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        output.fileHandleForWriting.closeFile()  // so the read below ends when the child does
        let killAfter = 30 + Int.random(in: 0..<30)
        let run = await Self.acknowledgements(from: output.fileHandleForReading, of: process, killAfter: killAfter)
        #expect(run.killed, "the writer stopped after \(run.acknowledged.count) writes, before it could be killed")
        #expect(run.acknowledged.count >= killAfter)

        let store = try SQLiteCalendarStore(path: path)
        let names = run.acknowledged.keys.sorted()
        let found = try await store.objects(named: names, in: Self.work)
        #expect(found.count == names.count, "lost: \(Set(names).subtracting(found.map(\.name)).sorted())")
        for object in found {
            #expect(object.etag == run.acknowledged[object.name])
            #expect(object.data.starts(with: Array(object.name.utf8)))
        }
        let position = try #require(try await store.calendar(Self.work)).changePosition
        #expect(position >= Int64(names.count))
        let check = try await DatabaseQueue(path: path).read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(check == ["ok"])
        // And the store still takes writes after the crash.
        _ = try await store.putObject(named: "after.ics", data: [1], index: Self.index("after"), in: Self.work, precondition: .none)
        #expect(try await store.calendar(Self.work)?.changePosition == position + 1)
    }

    /// Reads the child's output on a thread of its own (the reads block), sends SIGKILL once
    /// `killAfter` writes are acknowledged, and returns each acknowledged name with its ETag.
    static func acknowledgements(from output: FileHandle, of process: Process, killAfter: Int) async -> (acknowledged: [String: String], killed: Bool) {
        let pid = process.processIdentifier
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                // A child that hangs silently is killed after a while, so the read ends.
                let watchdog = DispatchWorkItem { if process.isRunning { kill(pid, SIGKILL) } }
                DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
                var acknowledged: [String: String] = [:]
                var killed = false
                var pending = Data()
                while true {
                    let chunk = output.availableData
                    if chunk.isEmpty { break }
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                        pending.removeSubrange(pending.startIndex...newline)
                        guard let marker = line.range(of: acknowledgement) else { continue }
                        let fields = line[marker.upperBound...].split(separator: " ")
                        if fields.count == 2 { acknowledged[String(fields[0])] = String(fields[1]) }
                    }
                    if !killed, acknowledged.count >= killAfter {
                        kill(pid, SIGKILL)
                        killed = true
                    }
                }
                process.waitUntilExit()
                watchdog.cancel()
                continuation.resume(returning: (acknowledged, killed && process.terminationReason == .uncaughtSignal))
            }
        }
    }
    #endif
}

/// The caching decorators over SQLite, kept exact by its commit watch.
struct SQLiteCachingTests {
    static let fixtures = ProtocolFixtures(folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/protocol"))

    @Test("the caching decorator over the SQLite store passes the conformance suite")
    func cachedConformance() async {
        let failures = await CalendarStoreConformance().run {
            let store = try SQLiteCalendarStore(path: SQLiteCalendarStoreTests.temporaryPath())
            return CachedCalendarStore(store, signal: try #require(store.commits))
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("the protocol fixtures answer the same over SQLite under both caching decorators", arguments: fixtures.clients)
    func exchanges(_ client: String) async throws {
        let store = try SQLiteCalendarStore(path: SQLiteCalendarStoreTests.temporaryPath())
        let signal = try #require(store.commits)
        let responder = ProtocolFixtures.server {
            ResponseCache(CalDAVAdapter(store: CachedCalendarStore(store, signal: signal), yearInstances: KeptYearInstances(),
                                        scheduling: ProtocolFixtures.scheduling, sharing: $0))
        }
        let failures = try await Self.fixtures.run(client, on: responder)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("a write by another connection to the file is seen at once through the cache")
    func otherWriter() async throws {
        let path = SQLiteCalendarStoreTests.temporaryPath()
        let store = try SQLiteCalendarStore(path: path)
        let other = try SQLiteCalendarStore(path: path)
        let cached = CachedCalendarStore(store, signal: try #require(store.commits))
        let work = SQLiteCalendarStoreTests.work
        try await other.createCalendar(CalendarCollection(reference: work))
        #expect(try await cached.calendar(work) != nil)
        _ = try await other.putObject(named: "a.ics", data: [1], index: SQLiteCalendarStoreTests.index("a"), in: work, precondition: .none)
        #expect(try await cached.lookup(work, object: "a.ics")?.object?.data == [1])
        _ = try await other.putObject(named: "a.ics", data: [2], index: SQLiteCalendarStoreTests.index("a"), in: work, precondition: .none)
        #expect(try await cached.lookup(work, object: "a.ics")?.object?.data == [2])
        try await other.deleteCalendar(work)
        #expect(try await cached.lookup(work, object: "a.ics") == nil)
    }
}
