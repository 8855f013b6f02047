import Testing
@testable import CalDAVCore
import CalDAVCoreTesting
import WebDAV

/// The engine with two protocols: CalDAV and a second adapter made here, serving
/// `/dav/notes/`. What a new protocol (CardDAV) gets from the engine without edits to it or
/// to CalDAV: its tree routed to it, its home on every principal, its compliance class and
/// methods in OPTIONS, and hrefs into its tree followed by expand-property.
struct EngineAdapterTests {
    /// A protocol with one home per user and nothing in it.
    struct NotesAdapter: DAVAdapter {
        struct Home: DAVDescribed {
            let user: String
            var href: String { "/dav/notes/\(user)/" }
            var resourceTypes: [DAVXML.Name] { [.dav("collection"), DAVXML.Name("urn:example:notes", "notes-home")] }
            var displayName: String? { "Notes of \(user)" }
            var entityTag: String? { nil }
            var contentType: String? { nil }
            var contentLength: Int? { nil }
            var lastModified: Int? { nil }
            var creationDate: Int? { nil }
            var owner: String? { user }
            var privileges: [String] { DAVPrivileges.readOnly }
            var supportedReports: [DAVXML.Name] { [] }
            var collectionTag: String? { nil }
            var deadProperties: [DAVXML.Name: [UInt8]] { [:] }
        }

        static let table = PropertyTable<Home>(PropertyTable<Home>.common)
        var tree: String { "notes" }
        var complianceClasses: [String] { ["notes-access"] }
        var methods: [String] { ["MKNOTE"] }
        var principalProperties: [PropertyTable<ServerPath>.Definition] {
            [.init(name: DAVXML.Name("urn:example:notes", "notes-home-set"), inAllProp: false, isWritable: false) { path, _, _ in
                if case .principal(let user) = path { return .href("/dav/notes/\(user)/") }
                return nil
            }]
        }

        func handle(_ request: DAVRequest, in context: DAVContext) async -> DAVResponse {
            DAVResponse(status: 299, body: Array("notes: \(request.method) \(request.path)".utf8))
        }

        func node(at path: String, in context: DAVContext) async -> DAVNode? {
            guard path == "/dav/notes/\(context.principal)/" else { return nil }
            return DAVNode(Home(user: context.principal), table: Self.table, configuration: DAVConfiguration())
        }
    }

    let server = DAVServer(CalDAVAdapter(store: InMemoryCalendarStore()), NotesAdapter())
    let amal = DAVContext(principal: "amal", now: 1_800_000_000)

    func send(_ method: String, _ path: String, _ body: String = "") async -> DAVResponse {
        await server.handle(DAVRequest(method: method, path: path, headers: ["depth": "0"], body: Array(body.utf8)), in: amal)
    }

    @Test("each tree reaches its own adapter; a tree no adapter serves is 404")
    func routing() async {
        let notes = await send("MKNOTE", "/dav/notes/amal/x")
        #expect(notes.status == 299 && String(decoding: notes.bodyBytes, as: UTF8.self) == "notes: MKNOTE /dav/notes/amal/x")
        #expect(await send("PROPFIND", "/dav/calendars/amal/").status == 207)
        #expect(await send("PROPFIND", "/dav/other/amal/").status == 404)
    }

    @Test("OPTIONS carries every adapter's compliance classes and methods, once each")
    func options() async {
        let response = await send("OPTIONS", "/dav/")
        #expect(response.header("DAV") == "1, 3, calendar-access, extended-mkcol, notes-access")
        let allow = response.header("Allow")?.split(separator: ",").map { $0.trimmingSpaces } ?? []
        #expect(allow.contains("MKCALENDAR") && allow.contains("MKNOTE") && Set(allow).count == allow.count)
    }

    @Test("the principal carries each adapter's home, and expand-property follows hrefs into either tree")
    func principal() async throws {
        let found = String(decoding: await send("PROPFIND", "/dav/principals/amal/", """
            <D:propfind xmlns:D="DAV:"><D:prop><C:calendar-home-set xmlns:C="urn:ietf:params:xml:ns:caldav"/><N:notes-home-set xmlns:N="urn:example:notes"/></D:prop></D:propfind>
            """).bodyBytes, as: UTF8.self)
        #expect(found.contains("/dav/calendars/amal/") && found.contains("/dav/notes/amal/") && !found.contains("404"))
        let expanded = String(decoding: await send("REPORT", "/dav/principals/amal/", """
            <D:expand-property xmlns:D="DAV:">
              <D:property name="notes-home-set" namespace="urn:example:notes"><D:property name="displayname"/></D:property>
              <D:property name="calendar-home-set" namespace="urn:ietf:params:xml:ns:caldav"><D:property name="resourcetype"/></D:property>
            </D:expand-property>
            """).bodyBytes, as: UTF8.self)
        #expect(expanded.contains("Notes of amal") && expanded.contains("<D:collection/>"))
    }
}
