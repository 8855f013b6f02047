import Testing
@testable import CalDAVCore
import WebDAV

struct DAVPathTests {
    @Test("paths resolve to the resources they name", arguments: [
        ("/dav/calendars/", DAVPath.homes), ("/dav/calendars", .homes), ("/dav/calendars/amal/", .home(user: "amal")),
        ("/dav/calendars/amal/work/", .calendar(user: "amal", calendar: "work")),
        ("/dav/calendars/amal/work/a%20b.ics", .object(user: "amal", calendar: "work", name: "a b.ics")),
        ("/dav/calendars/a%40x.org/work/", .calendar(user: "a@x.org", calendar: "work")),
        // Deeper shapes exist only inside plain collections; storage decides what they are.
        ("/dav/calendars/amal/files/x/", .nested(user: "amal", segments: ["files", "x"], isCollection: true)),
        ("/dav/calendars/amal/files/x/y", .nested(user: "amal", segments: ["files", "x", "y"], isCollection: false)),
        ("/dav/calendars/amal/files/x/res-%E2%82%AC", .nested(user: "amal", segments: ["files", "x", "res-€"], isCollection: false)),
    ])
    func resolves(_ path: String, _ expected: DAVPath) {
        #expect(DAVPath(path) == expected)
    }

    @Test("traversal, bad escapes and unknown shapes resolve to nothing", arguments: [
        "/dav/calendars/amal/../omar/", "/dav/calendars/amal/%2e%2e/x.ics", "/dav/calendars/amal//x/",
        "/dav/calendars/amal/work/a%2Fb.ics", "/dav/calendars/amal/work/%zz.ics", "/dav/calendars/amal/work/%00.ics",
        "/dav/other/", "/davx/", "//", "/x", "/dav/calendars/amal/files/x/../../y", "/", "/dav/", "/dav/principals/amal/",
        "/dav/calendars/amal/work/%C3%28.ics",
    ])
    func refuses(_ path: String) {
        #expect(DAVPath(path) == nil)
    }

    @Test("the engine serves the root and the principals, and hands each tree to its adapter", arguments: [
        ("/", ServerPath.serverRoot), ("/dav", .root), ("/dav/", .root), ("/dav/principals/", .principals),
        ("/dav/principals/amal/", .principal(user: "amal")), ("/dav/principals/amal", .principal(user: "amal")),
        ("/dav/principals/a%40x.org/", .principal(user: "a@x.org")),
        ("/dav/calendars/amal/work/", .tree("calendars")), ("/dav/addressbooks/", .tree("addressbooks")),
    ])
    func serverPaths(_ path: String, _ expected: ServerPath) {
        #expect(ServerPath(path) == expected)
    }

    @Test("the engine refuses what no tree could hold", arguments: ["/davx/", "/x", "/dav/principals/amal/x/", "/dav/principals/../", "//"])
    func serverPathRefusals(_ path: String) {
        #expect(ServerPath(path) == nil)
    }

    @Test("the user of a raw path is the second segment of every tree")
    func rawPathUser() {
        #expect(PathSegments.user(inRawPath: "/dav/calendars/a%40x.org/work/") == "a@x.org")
        #expect(PathSegments.user(inRawPath: "/dav/principals/amal/") == "amal")
        #expect(PathSegments.user(inRawPath: "/dav/addressbooks/omar") == "omar")
        #expect(PathSegments.user(inRawPath: "/dav/calendars/") == nil)
        #expect(PathSegments.user(inRawPath: "/dav/") == nil)
        #expect(PathSegments.user(inRawPath: "/x/amal/") == nil)
    }

    @Test("names decomposed and precomposed reach the store as the same bytes")
    func normalization() {
        let decomposed = DAVPath("/dav/calendars/amal/caf%65%CC%81/r%C3%A9union.ics")
        let precomposed = DAVPath("/dav/calendars/amal/caf%C3%A9/re\u{301}union.ics")
        #expect(decomposed == precomposed)
        if case .object(_, let calendar, let name) = decomposed {
            #expect(Array(calendar.utf8) == Array("caf\u{E9}".utf8) && Array(name.utf8) == Array("r\u{E9}union.ics".utf8))
        } else {
            Issue.record("not an object path")
        }
    }

    @Test("hrefs are canonical and read back as the same path")
    func hrefs() {
        let path = DAVPath.object(user: "a@x.org", calendar: "عمل", name: "e 1.ics")
        #expect(path.href == "/dav/calendars/a@x.org/%D8%B9%D9%85%D9%84/e%201.ics")
        #expect(DAVPath(path.href) == path)
        #expect(path.parent == .calendar(user: "a@x.org", calendar: "عمل"))
        #expect(!path.isCollection && path.parent.isCollection)
    }

    @Test("paths of plain resources take the shape their depth and kind give them")
    func plainResourcePaths() {
        let deep = ResourcePath(owner: "amal", segments: ["files", "a b", "c"])
        #expect(DAVPath(deep, isCollection: true).href == "/dav/calendars/amal/files/a%20b/c/")
        #expect(DAVPath(deep, isCollection: false).href == "/dav/calendars/amal/files/a%20b/c")
        #expect(DAVPath(deep.parent, isCollection: true) == .nested(user: "amal", segments: ["files", "a b"], isCollection: true))
        #expect(DAVPath(deep.parent, isCollection: false) == .object(user: "amal", calendar: "files", name: "a b"))
        #expect(DAVPath(deep.parent.parent, isCollection: true) == .calendar(user: "amal", calendar: "files"))
        #expect(DAVPath(.root(of: "amal"), isCollection: true) == .home(user: "amal"))
        for path in [DAVPath(deep, isCollection: true), DAVPath(deep, isCollection: false)] {
            #expect(DAVPath(path.href) == path && path.resourcePath == deep)
        }
        #expect(DAVPath(DAVPath(deep, isCollection: false).href)?.parent == DAVPath(deep.parent, isCollection: true))
    }
}

struct ResourcePathTests {
    @Test("ancestry, parents and rebasing")
    func ancestry() {
        let files = ResourcePath(owner: "amal", segments: ["files"])
        let deep = files.appending("a").appending("b")
        #expect(deep.isWithin(files) && files.isWithin(files) && !files.isWithin(deep))
        #expect(!deep.isWithin(ResourcePath(owner: "omar", segments: ["files"])))
        #expect(!ResourcePath(owner: "amal", segments: ["filesx"]).isWithin(files))
        #expect(deep.parent.parent == files && files.parent.isRoot && ResourcePath.root(of: "amal").parent.isRoot)
        #expect(deep.rebased(from: files, to: ResourcePath(owner: "amal", segments: ["copy", "here"])).segments == ["copy", "here", "a", "b"])
    }
}

struct HeaderTests {
    @Test("Depth")
    func depth() {
        #expect(Depth(header: nil, default: .infinity) == .infinity)
        #expect(Depth(header: " 1 ", default: .zero) == .one)
        #expect(Depth(header: "Infinity", default: .zero) == .infinity)
        #expect(Depth(header: "2", default: .zero) == nil)
    }

    @Test("If-Match and If-None-Match")
    func conditional() throws {
        #expect(try WritePrecondition(ifMatch: nil, ifNoneMatch: "*") == .mustNotExist)
        #expect(try WritePrecondition(ifMatch: "*", ifNoneMatch: nil) == .mustExist)
        let list = try WritePrecondition(ifMatch: "\"a\", W/\"b\",\"c\"", ifNoneMatch: nil)
        #expect(list == .ifMatch(["\"a\"", "W/\"b\"", "\"c\""]))
        #expect(list.isSatisfied(by: "\"c\""))
        #expect(!list.isSatisfied(by: "\"b\""))  // weak tags never match strongly
        #expect(!list.isSatisfied(by: nil))
        #expect(try WritePrecondition(ifMatch: nil, ifNoneMatch: "\"a\"").isSatisfied(by: "\"b\""))
        for bad in ["a", "\"a", "\"a\" \"b\"", ""] {
            #expect(throws: DAVError.self) { try WritePrecondition(ifMatch: bad, ifNoneMatch: nil) }
        }
    }

    @Test("store errors map to protocol errors with their conditions")
    func storeErrors() {
        #expect(DAVError(StoreError(.uidConflict, "x"), conflictHref: "/h").condition == .noUIDConflict)
        #expect(DAVError(StoreError(.uidConflict, "x")).status == 409)
        #expect(DAVError(StoreError(.preconditionFailed, "x")).status == 412)
        #expect(DAVError(StoreError(.readOnly, "x")).condition == .needPrivileges)
        #expect(DAVError(StoreError(.invalidSyncToken, "x")).status == 403)
        #expect(DAVError(StoreError(.unavailable, "disk path /secret")).message.contains("/secret") == false)
    }
}

struct CalendarObjectRulesTests {
    func body(_ components: String, method: Bool = false) -> [UInt8] {
        Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\n" + (method ? "METHOD:REQUEST\r\n" : "") + components + "END:VCALENDAR\r\n").utf8)
    }

    func event(_ uid: String, _ extra: String = "") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\nDTEND:20260105T100000Z\r\n\(extra)END:VEVENT\r\n"
    }

    @Test("a valid object gives its index span")
    func valid() throws {
        let (_, index) = try CalendarObjectRules().check(body(event("a", "RRULE:FREQ=DAILY;COUNT=3\r\n")))
        #expect(index.uid == "a" && index.componentType == "VEVENT")
        #expect(index.firstStart == 1_767_603_600)
        #expect(index.lastEnd == 1_767_603_600 + 2 * 86400 + 3600)
    }

    @Test("an endless series has no last end; floating times widen the span")
    func spans() throws {
        let endless = try CalendarObjectRules().check(body(event("a", "RRULE:FREQ=WEEKLY\r\n"))).index
        #expect(endless.firstStart == 1_767_603_600 && endless.lastEnd == nil)
        let floating = "BEGIN:VEVENT\r\nUID:f\r\nDTSTART:20260105T090000\r\nDURATION:PT1H\r\nEND:VEVENT\r\n"
        let index = try CalendarObjectRules().check(body(floating)).index
        #expect(index.firstStart == 1_767_603_600 - 14 * 3600 && index.lastEnd == 1_767_607_200 + 14 * 3600)
        let undated = try CalendarObjectRules().check(body("BEGIN:VTODO\r\nUID:t\r\nEND:VTODO\r\n")).index
        #expect(undated.firstStart == nil && undated.lastEnd == nil)
    }

    @Test("RFC 4791 §4.1 violations are refused with their conditions", arguments: [
        ("two UIDs", "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260101T000000Z\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:b\r\nDTSTART:20260101T000000Z\r\nEND:VEVENT\r\n", "valid-calendar-object-resource"),
        ("two types", "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260101T000000Z\r\nEND:VEVENT\r\nBEGIN:VTODO\r\nUID:a\r\nEND:VTODO\r\n", "valid-calendar-object-resource"),
        ("two masters", "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260101T000000Z\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260102T000000Z\r\nEND:VEVENT\r\n", "valid-calendar-object-resource"),
        ("no UID", "BEGIN:VEVENT\r\nDTSTART:20260101T000000Z\r\nEND:VEVENT\r\n", "valid-calendar-object-resource"),
        ("free-busy", "BEGIN:VFREEBUSY\r\nUID:a\r\nEND:VFREEBUSY\r\n", "supported-calendar-component"),
        ("nothing", "", "valid-calendar-object-resource"),
        ("bad DTSTART", "BEGIN:VEVENT\r\nUID:a\r\nDTSTART:2026-01-01\r\nEND:VEVENT\r\n", "valid-calendar-data"),
    ])
    func invalid(_ name: String, _ components: String, _ condition: String) {
        #expect(throws: DAVError.self) { try CalendarObjectRules().check(body(components)) }
        do {
            _ = try CalendarObjectRules().check(body(components))
        } catch {
            #expect(error.condition?.name.local == condition, "\(name): \(error)")
        }
    }

    @Test("METHOD and unparsable bodies are refused")
    func methodAndGarbage() {
        #expect(throws: DAVError.self) { try CalendarObjectRules().check(body(event("a"), method: true)) }
        #expect(throws: DAVError.self) { try CalendarObjectRules().check(Array("not a calendar".utf8)) }
    }
}
