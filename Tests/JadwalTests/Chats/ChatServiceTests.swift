import CalDAVCore
import Extraction
import Foundation
import ICalendar
import Testing
@testable import Jadwal
import WebDAV

/// The chat pipeline over a real SQLite file with the built-in extractor.
struct ChatServiceTests {
    let zone = TimeZone(identifier: "Asia/Riyadh")!

    func service(_ fixture: ChatFixture) -> ChatService {
        let calendars = RoutingCalendarStore(primary: fixture.users.calendars, computed: [PrayerCalendar(settings: fixture.accounts.prayerSettings)])
        return ChatService(application: fixture.accounts, store: calendars, cipher: fixture.cipher, extractor: BuiltinExtractor(), defaultZone: zone)
    }

    /// Seconds since the epoch of a Riyadh wall-clock time.
    func at(_ day: Int, _ hour: Int, _ minute: Int = 0, month: Int = 11) -> Int {
        Int(LocalDateTime(year: 2026, month: month, day: day, hour: hour, minute: minute).instant(in: zone).timeIntervalSince1970)
    }

    func message(_ id: String, _ text: String, fromOwner: Bool, at sent: Int) -> ChatStore.IncomingMessage {
        ChatStore.IncomingMessage(messageID: id, sender: fromOwner ? "Amal" : "Sara", fromOwner: fromOwner, sentAt: sent, text: text)
    }

    func chatEvents(_ fixture: ChatFixture) async throws -> [Component] {
        let reference = CalendarReference(owner: "amal", name: ChatEventsCalendar.name)
        return try await fixture.users.calendars.objects(in: reference).compactMap { object in
            try ICalendarParser().parseCalendar(object.data).components.first { $0.name == ComponentName.event }
        }
    }

    @Test("an agreement becomes one event; the same messages again, or judging again, change nothing")
    func agreement() async throws {
        let fixture = try ChatFixture()
        try await fixture.users.create(name: "amal")
        let chats = service(fixture)
        let messages = [message("1", "Dinner tomorrow at 8pm at Nozomi?", fromOwner: false, at: at(23, 18)),
                        message("2", "Works for me!", fromOwner: true, at: at(23, 18, 5))]
        let recorded = try await chats.chats.record(messages, account: "amal", chatID: "bridge:sara", counterpart: "Sara", source: .bridge, now: at(23, 18, 5))
        #expect(recorded.accepted == 2)
        try await chats.process(conversation: recorded.conversationID, now: at(23, 18, 6))
        let events = try await chatEvents(fixture)
        try #require(events.count == 1)
        #expect(events[0][PropertyName.dateTimeStart]?.value == "20261124T200000")
        #expect(events[0][PropertyName.description]?.textValue.hasSuffix(ChatEventsCalendar.signature) == true)
        let summary = try #require(try await chats.chats.conversation(recorded.conversationID, of: "amal"))
        #expect(summary.status == .agreed && summary.pendingMessages == 0 && summary.eventUID == events[0][PropertyName.uid]?.value)

        let again = try await chats.chats.record(messages, account: "amal", chatID: "bridge:sara", counterpart: "Sara", source: .bridge)
        #expect(again.accepted == 0 && again.duplicates == 2)
        try await chats.process(conversation: recorded.conversationID, now: at(23, 18, 7))
        #expect(try await chatEvents(fixture) == events)
        // Nobody else sees the conversation.
        #expect(try await chats.chats.conversation(recorded.conversationID, of: "omar") == nil)
    }

    @Test("the database holds no message text, and settled messages keep only their ids")
    func sealedAtRest() async throws {
        let fixture = try ChatFixture()
        try await fixture.users.create(name: "amal")
        let chats = service(fixture)
        let secret = "the blue heron flies at dawn 4711"
        let recorded = try await chats.chats.record([message("1", secret, fromOwner: false, at: at(23, 9))], account: "amal",
                                                    chatID: "c", counterpart: "Sara Q. Example", source: .bridge)
        try await chats.process(conversation: recorded.conversationID, now: at(23, 9, 1))
        let file = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
            + ((try? Data(contentsOf: URL(fileURLWithPath: fixture.path + "-wal"))) ?? Data())
        #expect(file.range(of: Data(secret.utf8)) == nil)
        #expect(file.range(of: Data("Sara Q. Example".utf8)) == nil)
        #expect(try await chats.chats.conversation(recorded.conversationID, of: "amal")?.pendingMessages == 1)
        // Another key opens nothing.
        let other = try SealingKey.loadOrCreate(keyFile: fixture.directory + "/other.key")
        let sealed = try fixture.cipher.seal("x", context: "a")
        #expect(throws: SealingKey.CipherError.self) { try other.open(sealed, context: "a") }
        #expect(throws: SealingKey.CipherError.self) { try fixture.cipher.open(sealed, context: "b") }
    }

    @Test("overlaps with opaque events, recurring instances and prayers are conflicts; free and cancelled ones are not")
    func conflicts() async throws {
        let fixture = try ChatFixture()
        try await fixture.users.create(name: "amal")
        let chats = service(fixture)
        let calendar = CalendarReference(owner: "amal", name: UserDirectory.firstCalendar.name)
        func put(_ name: String, _ lines: String) async throws {
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nBEGIN:VEVENT\r\nUID:\(name)\r\nDTSTAMP:20261101T000000Z\r\n\(lines)END:VEVENT\r\nEND:VCALENDAR\r\n"
            let (_, index) = try CalendarObjectRules().check(Array(text.utf8))
            _ = try await fixture.users.calendars.putObject(named: name + ".ics", data: Array(text.utf8), index: index, in: calendar, precondition: .none)
        }
        try await put("review", "SUMMARY:Review\r\nDTSTART;TZID=Asia/Riyadh:20261124T193000\r\nDTEND;TZID=Asia/Riyadh:20261124T210000\r\n")
        try await put("weekly", "SUMMARY:Weekly call\r\nDTSTART:20261103T170000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY\r\n")
        try await put("free", "SUMMARY:Maybe\r\nDTSTART:20261124T170000Z\r\nDURATION:PT1H\r\nTRANSP:TRANSPARENT\r\n")
        try await put("off", "SUMMARY:Called off\r\nDTSTART:20261124T170000Z\r\nDURATION:PT1H\r\nSTATUS:CANCELLED\r\n")
        let recorded = try await chats.chats.record([message("1", "Dinner tomorrow at 8pm?", fromOwner: false, at: at(23, 18)),
                                                     message("2", "yes!", fromOwner: true, at: at(23, 18, 1))],
                                                    account: "amal", chatID: "c", counterpart: "Sara", source: .bridge)
        try await chats.process(conversation: recorded.conversationID, now: at(23, 18, 2))
        let open = try await chats.openConflicts(of: "amal", now: at(23, 18, 3))
        #expect(Set(open.map(\.conflict.other.summary)) == ["Review", "Weekly call"])

        let review = try #require(open.first { $0.conflict.other.summary == "Review" })
        let details = try #require(try await chats.details(of: review.conflict.id, account: "amal", now: at(23, 18, 3)))
        #expect(!details.suggestions.isEmpty)
        let (resolved, remaining) = try await chats.resolve(review.conflict.id, account: "amal", action: .reschedule, now: at(23, 18, 4))
        #expect(resolved.resolution == .reschedule && remaining.isEmpty)
        #expect(try await chats.openConflicts(of: "amal", now: at(23, 18, 5)).isEmpty)
        let moved = try await chatEvents(fixture)
        #expect(moved.count == 1 && moved[0][PropertyName.sequence]?.value == "1")
        await #expect(throws: ChatService.ResolveError.alreadyResolved) {
            try await chats.resolve(review.conflict.id, account: "amal", action: .cancel, now: at(23, 18, 6))
        }
        await #expect(throws: ChatService.ResolveError.notFound) {
            try await chats.resolve(review.conflict.id, account: "omar", action: .cancel, now: at(23, 18, 6))
        }
    }
}
