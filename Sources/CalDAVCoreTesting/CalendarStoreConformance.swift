import CalDAVCore
import DAVTesting
import WebDAV

/// The behaviour every ``CalendarStore`` must show, run against a fresh store.
///
/// ```swift
/// let failures = await CalendarStoreConformance().run { InMemoryCalendarStore() }
/// #expect(failures.isEmpty, "\(failures)")
/// ```
/// Each check gets a new store from `makeStore` and returns what it found wrong.
public struct CalendarStoreConformance: Sendable {
    public init() {}

    /// Runs every check; an empty result means the store conforms.
    public func run(_ makeStore: @Sendable () async throws -> any CalendarStore) async -> [String] {
        let checks: [ConformanceChecks.Check<any CalendarStore>] = [
            ("collections", Self.collections),
            ("objects and ETags", Self.objectsAndETags),
            ("preconditions", Self.preconditions),
            ("UID uniqueness", Self.uidUniqueness),
            ("time-range candidates", Self.timeRangeCandidates),
            ("listing", Self.listing),
            ("change log", Self.changeLog),
            ("truncated change sets lose nothing", Self.truncation),
            ("copy and move", Self.copyAndMove),
            ("an imported calendar keeps its ETags, sync id and change log", Self.imported),
        ]
        return await ConformanceChecks.run(checks, makeStore: makeStore)
    }

    static let work = CalendarReference(owner: "amal", name: "work")

    static func index(_ uid: String, _ start: Int? = 1000, _ end: Int? = 2000) -> CalendarObjectIndex {
        CalendarObjectIndex(uid: uid, componentType: "VEVENT", firstStart: start, lastEnd: end)
    }

    /// The store error `body` throws, or `nil` when it succeeds (or throws something else).
    static func error(_ body: () async throws -> Void) async -> StoreError? {
        do { try await body() } catch { return error as? StoreError }
        return nil
    }

    static func code(_ body: () async throws -> Void) async -> StoreError.Code? {
        await error(body)?.code
    }

    static func collections(_ store: any CalendarStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createCalendar(CalendarCollection(reference: work, displayName: "Work", supportedComponents: ["VEVENT"]))
        try await store.createCalendar(CalendarCollection(reference: CalendarReference(owner: "amal", name: "home")))
        try await store.createCalendar(CalendarCollection(reference: CalendarReference(owner: "omar", name: "work")))
        if try await store.calendars(of: "amal").map(\.reference.name) != ["home", "work"] { failures.append("calendars(of:) is not the owner's, by name") }
        if await code({ try await store.createCalendar(CalendarCollection(reference: work)) }) != .alreadyExists {
            failures.append("creating an existing calendar is not alreadyExists")
        }
        var changed = try await store.calendar(work)!
        changed.displayName = "Office"
        changed.color = "#FF0000FF"
        changed.deadProperties[DAVXML.Name("urn:x", "y")] = Array("<y xmlns=\"urn:x\">1</y>".utf8)
        try await store.updateCalendar(changed)
        let read = try await store.calendar(work)
        if read?.displayName != "Office" || read?.color != "#FF0000FF" || read?.deadProperties.count != 1 {
            failures.append("updateCalendar did not keep the properties")
        }
        _ = try await store.putObject(named: "a.ics", data: [1], index: index("a"), in: work, precondition: .none)
        if read?.syncID != (try await store.calendar(work))?.syncID { failures.append("the sync id changed with a write") }
        try await store.deleteCalendar(work)
        if try await store.calendar(work) != nil { failures.append("a deleted calendar is still there") }
        if await code({ _ = try await store.objects(in: work) }) != .notFound { failures.append("objects of a deleted calendar is not notFound") }
        try await store.createCalendar(CalendarCollection(reference: work, syncID: read?.syncID ?? ""))
        if try await store.calendar(work)?.syncID == read?.syncID { failures.append("a recreated calendar kept the old sync id") }
        if try await store.calendar(CalendarReference(owner: "omar", name: "work")) == nil { failures.append("deleting one owner's calendar touched another's") }
        return failures
    }

    static func objectsAndETags(_ store: any CalendarStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createCalendar(CalendarCollection(reference: work))
        let first = try await store.putObject(named: "a.ics", data: Array("one".utf8), index: index("a"), in: work, precondition: .none)
        if !first.created { failures.append("the first PUT did not report created") }
        if !(first.object.etag.hasPrefix("\"") && first.object.etag.hasSuffix("\"")) { failures.append("ETag \(first.object.etag) is not a quoted strong tag") }
        let second = try await store.putObject(named: "a.ics", data: Array("two".utf8), index: index("a"), in: work, precondition: .none)
        if second.created { failures.append("replacing reported created") }
        if second.object.etag == first.object.etag { failures.append("the ETag did not change with the content") }
        let read = try await store.object(named: "a.ics", in: work)
        if read?.data != Array("two".utf8) || read?.etag != second.object.etag { failures.append("GET does not return the stored bytes and ETag") }
        _ = try await store.putObject(named: "b.ics", data: [2], index: index("b"), in: work, precondition: .none)
        if try await store.objects(named: ["b.ics", "zz.ics", "a.ics"], in: work).map(\.name) != ["b.ics", "a.ics"] {
            failures.append("objects(named:) does not keep the order given and skip missing names")
        }
        let odd = ["q\"uote.ics", "back\\slash.ics", "ca'lendrier é.ics", "[x],{y}.ics"]
        for (number, name) in odd.enumerated() {
            _ = try await store.putObject(named: name, data: [UInt8(number)], index: index("odd-\(number)"), in: work, precondition: .none)
        }
        if try await store.objects(named: odd.reversed() + ["b.ics"], in: work).map(\.name) != odd.reversed() + ["b.ics"] {
            failures.append("objects(named:) misses names with quotes, backslashes or non-ASCII letters")
        }
        let many = (0..<1200).map { "many-\($0).ics" }
        if try await store.objects(named: many + ["b.ics"], in: work).map(\.name) != ["b.ics"] {
            failures.append("objects(named:) with 1,201 names is wrong")
        }
        try await store.deleteObject(named: "a.ics", in: work, precondition: .none)
        if try await store.object(named: "a.ics", in: work) != nil { failures.append("a deleted object is still there") }
        if await code({ try await store.deleteObject(named: "a.ics", in: work, precondition: .none) }) != .notFound {
            failures.append("deleting a missing object is not notFound")
        }
        let missing = CalendarReference(owner: "amal", name: "nope")
        if await code({ _ = try await store.putObject(named: "a.ics", data: [1], index: index("a"), in: missing, precondition: .none) }) != .notFound {
            failures.append("PUT into a missing calendar is not notFound")
        }
        // What resolving a request path relies on: a missing calendar is told from a missing object.
        for names in [["a.ics"], ["a.ics", "b.ics"], []] {
            if await code({ _ = try await store.objects(named: names, in: missing) }) != .notFound {
                failures.append("objects(named: \(names)) in a missing calendar is not notFound")
            }
        }
        for name in ["a.ics", nil] {
            if try await store.lookup(missing, object: name) != nil { failures.append("lookup of a missing calendar is not nil") }
        }
        let both = try await store.lookup(work, object: "b.ics")
        if both?.collection.reference != work || both?.object?.data != [2] { failures.append("lookup of a calendar and an object misses either") }
        let calendarOnly = try await store.lookup(work, object: "a.ics")
        if calendarOnly?.collection.reference != work || calendarOnly?.object != nil {
            failures.append("lookup of a missing object in a calendar is not the calendar without an object")
        }
        if try await store.lookup(work, object: nil)?.object != nil { failures.append("lookup without a name gives an object") }
        return failures
    }

    static func preconditions(_ store: any CalendarStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createCalendar(CalendarCollection(reference: work))
        if await code({ _ = try await store.putObject(named: "a.ics", data: [1], index: index("a"), in: work, precondition: .mustExist) }) != .preconditionFailed {
            failures.append("If-Match: * on a missing object did not fail")
        }
        let stored = try await store.putObject(named: "a.ics", data: [1], index: index("a"), in: work, precondition: .mustNotExist)
        if await code({ _ = try await store.putObject(named: "a.ics", data: [2], index: index("a"), in: work, precondition: .mustNotExist) }) != .preconditionFailed {
            failures.append("If-None-Match: * on an existing object did not fail")
        }
        if await code({ _ = try await store.putObject(named: "a.ics", data: [2], index: index("a"), in: work, precondition: .ifMatch(["\"stale\""])) }) != .preconditionFailed {
            failures.append("a stale If-Match did not fail")
        }
        if try await store.object(named: "a.ics", in: work)?.data != [1] { failures.append("a failed precondition changed the object") }
        _ = try await store.putObject(named: "a.ics", data: [3], index: index("a"), in: work, precondition: .ifMatch([stored.object.etag]))
        if await code({ try await store.deleteObject(named: "a.ics", in: work, precondition: .ifMatch([stored.object.etag])) }) != .preconditionFailed {
            failures.append("DELETE with a stale If-Match did not fail")
        }
        return failures
    }

    static func uidUniqueness(_ store: any CalendarStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createCalendar(CalendarCollection(reference: work))
        let other = CalendarReference(owner: "amal", name: "home")
        try await store.createCalendar(CalendarCollection(reference: other))
        _ = try await store.putObject(named: "a.ics", data: [1], index: index("same"), in: work, precondition: .none)
        let conflict = await error { _ = try await store.putObject(named: "b.ics", data: [2], index: index("same"), in: work, precondition: .none) }
        if conflict?.code != .uidConflict || conflict?.existingName != "a.ics" {
            failures.append("a second object with the same UID gave \(String(describing: conflict)), not uidConflict naming a.ics")
        }
        if try await store.object(named: "b.ics", in: work) != nil { failures.append("the conflicting object was written") }
        _ = try await store.putObject(named: "a.ics", data: [3], index: index("same"), in: work, precondition: .none)
        _ = try await store.putObject(named: "b.ics", data: [2], index: index("same"), in: other, precondition: .none)
        return failures
    }

    static func timeRangeCandidates(_ store: any CalendarStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createCalendar(CalendarCollection(reference: work))
        _ = try await store.putObject(named: "early.ics", data: [1], index: index("e", 100, 200), in: work, precondition: .none)
        _ = try await store.putObject(named: "late.ics", data: [1], index: index("l", 1000, 2000), in: work, precondition: .none)
        _ = try await store.putObject(named: "endless.ics", data: [1], index: index("x", 500, nil), in: work, precondition: .none)
        _ = try await store.putObject(named: "unknown.ics", data: [1], index: index("u", nil, nil), in: work, precondition: .none)
        let todo = CalendarObjectIndex(uid: "t", componentType: "VTODO", firstStart: 100, lastEnd: 200)
        _ = try await store.putObject(named: "todo.ics", data: [1], index: todo, in: work, precondition: .none)
        func names(_ start: Int?, _ end: Int?, _ type: String? = nil) async throws -> [String] {
            try await store.objects(in: work, overlapping: TimeRange(start: start, end: end), componentType: type).map(\.name).sorted()
        }
        if try await names(150, 160, "VEVENT") != ["early.ics", "unknown.ics"] { failures.append("a range inside one object: \(try await names(150, 160, "VEVENT"))") }
        if try await names(5000, 6000) != ["endless.ics", "unknown.ics"] { failures.append("a late range must find unbounded objects") }
        if try await names(nil, 150) != ["early.ics", "todo.ics", "unknown.ics"] { failures.append("an open start: \(try await names(nil, 150))") }
        if try await names(201, 500, "VEVENT") != ["unknown.ics"] { failures.append("a range between objects: \(try await names(201, 500, "VEVENT"))") }
        // A span touching the range may hold a zero-length instance there: a candidate.
        if try await !names(200, 500, "VEVENT").contains("early.ics") { failures.append("a span ending where the range starts is not a candidate") }
        // A time-range read hands back the index's single instance; it travels with a copy,
        // and a later write without one takes it away.
        let copies = CalendarReference(owner: "amal", name: "copies")
        try await store.createCalendar(CalendarCollection(reference: copies))
        let single = CalendarObjectIndex(uid: "s", componentType: "VEVENT", firstStart: 3000, lastEnd: 3600, isSingleInstance: true)
        _ = try await store.putObject(named: "single.ics", data: [1], index: single, in: work, precondition: .none)
        _ = try await store.transferObject(named: "single.ics", in: work, to: "copy.ics", in: copies, keepSource: true, overwrite: false)
        _ = try await store.putObject(named: "single.ics", data: [2], index: index("s", 3000, 3600), in: work, precondition: .none)
        let range = TimeRange(start: 3000, end: 3100)
        let copied = try await store.objects(in: copies, overlapping: range, componentType: "VEVENT").first
        if copied?.singleInstance != InstanceSpan(start: 3000, end: 3600) {
            failures.append("a copied single instance reads back as \(String(describing: copied?.singleInstance))")
        }
        if try await store.objects(in: work, overlapping: range, componentType: "VEVENT").contains(where: { $0.singleInstance != nil }) {
            failures.append("an index without a single instance still has one")
        }
        return failures
    }

    static func listing(_ store: any CalendarStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createCalendar(CalendarCollection(reference: work))
        _ = try await store.putObject(named: "b.ics", data: Array("second".utf8), index: index("b"), in: work, precondition: .none)
        _ = try await store.putObject(named: "a.ics", data: Array("first one".utf8), index: index("a"), in: work, precondition: .none)
        let full = try await store.objects(in: work)
        let listed = try await store.listing(of: work)
        if listed.map(\.name) != ["a.ics", "b.ics"] { failures.append("a listing is every object by name: \(listed.map(\.name))") }
        if listed != full.map(\.withoutData) || listed.map(\.size) != [9, 6] || listed.contains(where: { !$0.data.isEmpty }) {
            failures.append("a listing is the objects without their data, with their sizes")
        }
        if await code({ _ = try await store.listing(of: CalendarReference(owner: "amal", name: "none")) }) != .notFound {
            failures.append("listing a missing calendar is not notFound")
        }
        return failures
    }

    static func changeLog(_ store: any CalendarStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createCalendar(CalendarCollection(reference: work))
        _ = try await store.putObject(named: "a.ics", data: [1], index: index("a"), in: work, precondition: .none)
        _ = try await store.putObject(named: "b.ics", data: [1], index: index("b"), in: work, precondition: .none)
        let initial = try await store.changes(in: work, since: nil, limit: nil)
        if initial.changed.sorted() != ["a.ics", "b.ics"] || !initial.deleted.isEmpty { failures.append("an initial sync must list every object") }
        if try await store.calendar(work)?.changePosition != initial.position { failures.append("the collection's change position is not the sync position") }
        _ = try await store.putObject(named: "a.ics", data: [2], index: index("a"), in: work, precondition: .none)
        try await store.deleteObject(named: "b.ics", in: work, precondition: .none)
        _ = try await store.putObject(named: "c.ics", data: [1], index: index("c"), in: work, precondition: .none)
        let next = try await store.changes(in: work, since: initial.position, limit: nil)
        if next.changed.sorted() != ["a.ics", "c.ics"] || next.deleted != ["b.ics"] || next.isTruncated {
            failures.append("changes since a position: \(next)")
        }
        let none = try await store.changes(in: work, since: next.position, limit: nil)
        if !none.changed.isEmpty || !none.deleted.isEmpty || none.position != next.position { failures.append("no change must give an empty set") }
        if await code({ _ = try await store.changes(in: work, since: next.position + 100, limit: nil) }) != .invalidSyncToken {
            failures.append("a position from the future is not invalidSyncToken")
        }
        var renamed = try await store.calendar(work)!
        renamed.displayName = "New name"
        try await store.updateCalendar(renamed)
        if try await store.calendar(work)?.changePosition != next.position { failures.append("updateCalendar moved the change position") }
        return failures
    }

    static func imported(_ store: any CalendarStore) async throws -> [String] {
        var failures: [String] = []
        var collection = CalendarCollection(reference: work, displayName: "Imported", deadProperties: [DAVXML.Name("urn:x", "hint"): Array("<x:hint xmlns:x=\"urn:x\">1</x:hint>".utf8)],
                                            changePosition: 18, createdAt: 1_700_000_000, syncID: "baikal-1")
        collection.supportedComponents = ["VEVENT", "VTODO"]
        let objects = [
            ImportedObject(name: "a.ics", data: [1, 2], etag: "\"453410092e42537b7ee2b2a998a7babe\"", lastModified: 1_700_000_100, index: index("a")),
            ImportedObject(name: "b.ics", data: [3], etag: "\"f9bb752a2f5b3cab7f564e7ab802586b\"", lastModified: 1_700_000_200, index: index("b", 5000, 6000)),
        ]
        let changes = [LoggedChange(position: 3, name: "a.ics"), LoggedChange(position: 9, name: "gone.ics"),
                       LoggedChange(position: 12, name: "b.ics"), LoggedChange(position: 18, name: "a.ics")]
        try await store.importCalendar(ImportedCalendar(collection: collection, objects: objects, changes: changes))
        let read = try await store.calendar(work)
        if read?.syncID != "baikal-1" || read?.changePosition != 18 || read?.displayName != "Imported" || read?.createdAt != 1_700_000_000
            || read?.supportedComponents != ["VEVENT", "VTODO"] || read?.deadProperties.count != 1 {
            failures.append("the imported calendar reads back as \(String(describing: read))")
        }
        let stored = try await store.objects(named: ["a.ics", "b.ics"], in: work)
        if stored.map(\.etag) != objects.map(\.etag) || stored.map(\.data) != objects.map(\.data) || stored.map(\.lastModified) != [1_700_000_100, 1_700_000_200] {
            failures.append("imported objects read back as \(stored)")
        }
        if try await store.objects(in: work, overlapping: TimeRange(start: 5500, end: 5600), componentType: "VEVENT").map(\.name) != ["b.ics"] {
            failures.append("an imported object's index is not used by time ranges")
        }
        let sinceEight = try await store.changes(in: work, since: 8, limit: nil)
        if sinceEight.changed.sorted() != ["a.ics", "b.ics"] || sinceEight.deleted != ["gone.ics"] || sinceEight.position != 18 {
            failures.append("changes since an imported position: \(sinceEight)")
        }
        let sinceLast = try await store.changes(in: work, since: 18, limit: nil)
        if !sinceLast.changed.isEmpty || !sinceLast.deleted.isEmpty { failures.append("nothing changed since the imported position: \(sinceLast)") }
        _ = try await store.putObject(named: "c.ics", data: [4], index: index("c"), in: work, precondition: .none)
        let afterPut = try await store.changes(in: work, since: 18, limit: nil)
        if afterPut.changed != ["c.ics"] || afterPut.position != 19 { failures.append("a write after the import: \(afterPut)") }
        if await code({ try await store.importCalendar(ImportedCalendar(collection: collection, objects: [], changes: [])) }) != .alreadyExists {
            failures.append("importing over an existing calendar is not alreadyExists")
        }
        var twins = collection
        twins.reference = CalendarReference(owner: "amal", name: "twins")
        let sameUID = [ImportedObject(name: "x.ics", data: [1], etag: "\"1\"", lastModified: 0, index: index("same")),
                       ImportedObject(name: "y.ics", data: [2], etag: "\"2\"", lastModified: 0, index: index("same"))]
        if await code({ try await store.importCalendar(ImportedCalendar(collection: twins, objects: sameUID, changes: [])) }) != .uidConflict {
            failures.append("two imported objects with one UID are not uidConflict")
        }
        if try await store.calendar(twins.reference) != nil { failures.append("a refused import left a calendar behind") }
        return failures
    }

    static func copyAndMove(_ store: any CalendarStore) async throws -> [String] {
        var failures: [String] = []
        let home = CalendarReference(owner: "amal", name: "home")
        try await store.createCalendar(CalendarCollection(reference: work))
        try await store.createCalendar(CalendarCollection(reference: home))
        _ = try await store.putObject(named: "a.ics", data: [1, 2], index: index("a"), in: work, precondition: .none)
        let copied = try await store.transferObject(named: "a.ics", in: work, to: "a.ics", in: home, keepSource: true, overwrite: true)
        if !copied.created || copied.object.data != [1, 2] { failures.append("COPY to another calendar did not create the object") }
        if try await store.object(named: "a.ics", in: work) == nil { failures.append("COPY removed the source") }
        // The copy keeps the source's index span: time-range queries find it, and only inside the span.
        let inside = try await store.objects(in: home, overlapping: TimeRange(start: 1500, end: 1600), componentType: nil)
        let outside = try await store.objects(in: home, overlapping: TimeRange(start: 3000, end: 4000), componentType: nil)
        if inside.map(\.name) != ["a.ics"] || !outside.isEmpty { failures.append("COPY did not carry the index span") }
        if await code({ _ = try await store.transferObject(named: "a.ics", in: work, to: "b.ics", in: work, keepSource: true, overwrite: true) }) != .uidConflict {
            failures.append("COPY within a calendar must conflict on the UID")
        }
        if await code({ _ = try await store.transferObject(named: "a.ics", in: work, to: "a.ics", in: home, keepSource: false, overwrite: false) }) != .preconditionFailed {
            failures.append("Overwrite: F onto an existing object did not fail")
        }
        let before = try await store.changes(in: work, since: nil, limit: nil).position
        let renamed = try await store.transferObject(named: "a.ics", in: work, to: "renamed.ics", in: work, keepSource: false, overwrite: false)
        if !renamed.created || renamed.object.name != "renamed.ics" { failures.append("MOVE within a calendar did not rename") }
        if try await store.objects(in: work).map(\.name) != ["renamed.ics"] { failures.append("MOVE left the source behind") }
        if try await store.objects(in: work, overlapping: TimeRange(start: 1500, end: 1600), componentType: nil).map(\.name) != ["renamed.ics"] {
            failures.append("MOVE did not carry the index span")
        }
        let log = try await store.changes(in: work, since: before, limit: nil)
        if log.changed != ["renamed.ics"] || log.deleted != ["a.ics"] { failures.append("MOVE did not log both names: \(log)") }
        if await code({ _ = try await store.transferObject(named: "gone.ics", in: work, to: "x.ics", in: home, keepSource: true, overwrite: true) }) != .notFound {
            failures.append("moving a missing object is not notFound")
        }
        return failures
    }

    static func truncation(_ store: any CalendarStore) async throws -> [String] {
        var failures: [String] = []
        try await store.createCalendar(CalendarCollection(reference: work))
        let start = try await store.changes(in: work, since: nil, limit: nil).position
        for number in 0..<7 {
            _ = try await store.putObject(named: "\(number).ics", data: [UInt8(number)], index: index("\(number)"), in: work, precondition: .none)
        }
        try await store.deleteObject(named: "3.ics", in: work, precondition: .none)
        var position = start
        var changed = Set<String>()
        var deleted = Set<String>()
        for _ in 0..<10 {
            let page = try await store.changes(in: work, since: position, limit: 3)
            if page.changed.count + page.deleted.count > 3 { failures.append("a page holds more than the limit") }
            changed.formUnion(page.changed)
            deleted.formUnion(page.deleted)
            position = page.position
            if !page.isTruncated { break }
        }
        if changed != ["0.ics", "1.ics", "2.ics", "4.ics", "5.ics", "6.ics"] || !deleted.isSubset(of: ["3.ics"]) {
            failures.append("pages lost changes: changed \(changed.sorted()), deleted \(deleted.sorted())")
        }
        // An initial sync paged by a limit reaches every live object, and only live ones first.
        _ = try await store.putObject(named: "0.ics", data: [9], index: index("0"), in: work, precondition: .none)
        var page = try await store.changes(in: work, since: nil, limit: 2)
        if !page.isTruncated || page.changed.count != 2 || !page.deleted.isEmpty { failures.append("a limited initial sync is not one truncated page: \(page)") }
        var initial = Set(page.changed)
        for _ in 0..<10 where page.isTruncated {
            page = try await store.changes(in: work, since: page.position, limit: 2)
            initial.formUnion(page.changed)
        }
        if initial != ["0.ics", "1.ics", "2.ics", "4.ics", "5.ics", "6.ics"] || page.isTruncated {
            failures.append("a paged initial sync lost objects: \(initial.sorted())")
        }
        return failures
    }
}
