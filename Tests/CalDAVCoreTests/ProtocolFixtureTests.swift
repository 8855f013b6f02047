import DAVCaching
import CalDAVCore
import CalDAVCoreTesting
import Foundation
import Testing
import WebDAV

/// The request/response fixtures in Fixtures/protocol (see ``ProtocolFixtures``) over the
/// in-memory store, plainly and under each caching decorator: a cached answer must never
/// differ from a computed one, however the calendar changed in between.
struct ProtocolFixtureTests {
    static let fixtures = ProtocolFixtures(folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/protocol"))
    static let scheduling = ProtocolFixtures.scheduling

    /// The handler stacks the fixtures run on.
    enum Stack: String, CaseIterable, Sendable {
        case plain, cachedStore, cachedStoreAndAnswers

        func responder() -> any DAVResponding {
            let store = InMemoryCalendarStore()
            switch self {
            case .plain: return ProtocolFixtures.server { CalDAVAdapter(store: store, scheduling: scheduling, sharing: $0) }
            case .cachedStore:
                return ProtocolFixtures.server {
                    CalDAVAdapter(store: CachedCalendarStore(store, signal: store.changes), yearInstances: KeptYearInstances(), scheduling: scheduling, sharing: $0)
                }
            case .cachedStoreAndAnswers:
                return ProtocolFixtures.server {
                    ResponseCache(CalDAVAdapter(store: CachedCalendarStore(store, signal: store.changes), yearInstances: KeptYearInstances(),
                                                scheduling: scheduling, sharing: $0))
                }
            }
        }
    }

    @Test("client exchanges answer as the fixtures expect", arguments: fixtures.clients, Stack.allCases)
    func client(_ client: String, stack: Stack) async throws {
        let failures = try await Self.fixtures.run(client, on: stack.responder())
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("there are fixtures to run")
    func present() {
        #expect(Self.fixtures.clients.count >= 3)
    }
}
