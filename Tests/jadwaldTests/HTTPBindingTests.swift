import CalDAVCore
import CalDAVCoreTesting
import Foundation
import Hummingbird
import Jadwal
import Logging
import NIOCore
import Testing
import WebDAV
@testable import jadwald

/// The one HTTP binding, in process over a real socket: DAV and router requests on one
/// connection, in order; admission from the head; 100-continue; body limits; closing.
@Suite(.serialized)
struct HTTPBindingTests {
    /// A server on a free port of 127.0.0.1 with one user, run for the length of `body`.
    static func withServer(_ body: @Sendable (Int) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jadwald-binding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let accounts = try ApplicationDatabase(path: folder.appendingPathComponent("jadwal.sqlite").path, bcryptCost: 4)
        _ = try await accounts.accounts.create(name: "amal", password: "correct horse battery")
        let logger = Logger(label: "test")
        let store = InMemoryCalendarStore()
        try await store.createCalendar(CalendarCollection(reference: CalendarReference(owner: "amal", name: "calendar")))
        let dav = DAVResponder(handler: DAVServer(CalDAVAdapter(store: store)), authenticator: BasicAuthenticator(application: accounts, logger: logger),
                               maxBodySize: 100_000)
        let router = Router(context: JadwalRequestContext.self)
        let observer = RequestObserver(metrics: RequestMetrics())
        router.add(middleware: ObservabilityMiddleware(observer: observer))
        router.get("/hello") { _, _ in "hello\n" }
        router.post("/echo") { request, _ in
            Response(status: .ok, body: .init(byteBuffer: try await request.body.collect(upTo: 1 << 20)))
        }
        let services = HTTPConnectionHandler.Services(
            dav: dav, router: RouterAnswering(router: router, logger: logger), observer: observer, dates: HTTPDateCache(),
            budget: BodyBudget(limit: 1 << 20), proxies: TrustedProxies(ranges: []),
            maxRouterBody: { _ in 1000 }, secure: false, logger: logger)
        let connections = ConnectionRegistry(limits: ConnectionLimits(headerTimeout: .seconds(5), bodyTimeout: .seconds(5),
                                                                      idleTimeout: .seconds(5), maxConnections: 100))
        let port = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, server: .jadwalHTTP1(services, connections: connections),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in port.continuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var ports = port.stream.makeAsyncIterator()
            let bound = try #require(await ports.next())
            try await body(bound)
            group.cancelAll()
        }
    }

    static let credentials = "Authorization: Basic " + Data("amal:correct horse battery".utf8).base64EncodedString()
    static let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260101T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    @Test("runs of slashes in a path are one, before anything reads it; the query and an absolute URI keep theirs")
    func mergedSlashes() {
        #expect(HTTPConnectionHandler.mergingSlashes("/dav/calendars/amal/shared//1.ics") == "/dav/calendars/amal/shared/1.ics")
        #expect(HTTPConnectionHandler.mergingSlashes("//dav///calendars/?next=//x") == "/dav/calendars/?next=//x")
        #expect(HTTPConnectionHandler.mergingSlashes("/dav/calendars/") == "/dav/calendars/")
        #expect(HTTPConnectionHandler.mergingSlashes("http://host/dav//x") == "http://host/dav//x")
    }

    @Test("pipelined router and DAV requests on one connection are answered in order")
    func pipelining() async throws {
        try await Self.withServer { port in
            let client = try RawHTTPClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n"
                        + "PROPFIND /dav/calendars/amal/ HTTP/1.1\r\nHost: x\r\nDepth: 0\r\n\r\n"
                        + "PROPFIND /dav/calendars/amal/ HTTP/1.1\r\nHost: x\r\nDepth: 0\r\n\(Self.credentials)\r\n\r\n"
                        + "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            let (text, _) = client.read { $0.statusCodes.count >= 4 }
            #expect(text.statusCodes == [200, 401, 207, 200])
            #expect(text.contains("Date: ") && text.contains("Server: jadwald"))
        }
    }

    @Test("a body is read only after the head is admitted: 100 Continue for a user, a final 401 and a close for a stranger")
    func continueAndAdmission() async throws {
        try await Self.withServer { port in
            let put = "PUT /dav/calendars/amal/calendar/a.ics HTTP/1.1\r\nHost: x\r\nContent-Type: text/calendar\r\nExpect: 100-continue\r\nContent-Length: \(Self.event.utf8.count)\r\n"
            let user = try RawHTTPClient(port: port)
            user.send(put + Self.credentials + "\r\n\r\n")
            #expect(user.read { $0.contains("\r\n\r\n") }.text.hasPrefix("HTTP/1.1 100 Continue"))
            user.send(Self.event)
            #expect(user.read { $0.statusCodes.count >= 1 }.text.statusCodes == [201])
            let stranger = try RawHTTPClient(port: port)
            stranger.send(put + "\r\n")
            let (text, closed) = stranger.readToClose()
            #expect(text.statusCodes == [401] && closed)
        }
    }

    @Test("bodies over the limits are refused with 413 and the connection closes; HTTP/1.0 closes after its answer")
    func limitsAndClosing() async throws {
        try await Self.withServer { port in
            let large = try RawHTTPClient(port: port)
            large.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n" + String(repeating: "x", count: 5000))
            let refused = large.readToClose()
            #expect(refused.text.statusCodes == [413] && refused.text.contains("Connection: close") && refused.closed)
            let small = try RawHTTPClient(port: port)
            small.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
            #expect(small.read { $0.hasSuffix("hello") }.text.statusCodes == [200])
            let old = try RawHTTPClient(port: port)
            old.send("GET /hello HTTP/1.0\r\n\r\n")
            let answered = old.readToClose()
            #expect(answered.text.statusCodes == [200] && answered.closed)
        }
    }
}
