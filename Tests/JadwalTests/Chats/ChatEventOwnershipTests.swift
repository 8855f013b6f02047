import CalDAVCore
import Extraction
import Foundation
import ICalendar
import Testing
@testable import Jadwal
import WebDAV

/// A chat event belongs to its owner once it is in their calendar: deleting it dismisses
/// the plan, and what they edit stays as they left it when the chat changes the plan.
struct ChatEventOwnershipTests {
    let base = ChatServiceTests()

    func agree(_ chats: ChatService, _ fixture: ChatFixture) async throws -> Int64 {
        let recorded = try await chats.chats.record([
            base.message("1", "Dinner tomorrow at 8pm at Nozomi?", fromOwner: false, at: base.at(23, 18)),
            base.message("2", "Works for me!", fromOwner: true, at: base.at(23, 18, 5)),
        ], account: "amal", chatID: "bridge:sara", counterpart: "Sara", source: .bridge, now: base.at(23, 18, 5))
        try await chats.process(conversation: recorded.conversationID, now: base.at(23, 18, 6))
        return recorded.conversationID
    }

    func changePlan(_ chats: ChatService, _ conversation: Int64) async throws {
        _ = try await chats.chats.record([
            base.message("3", "Can we make it 9pm instead?", fromOwner: false, at: base.at(23, 19)),
            base.message("4", "Sure, 9 it is", fromOwner: true, at: base.at(23, 19, 2)),
        ], account: "amal", chatID: "bridge:sara", counterpart: "Sara", source: .bridge, now: base.at(23, 19, 2))
        try await chats.process(conversation: conversation, now: base.at(23, 19, 3))
    }

    func storedEvent(_ fixture: ChatFixture) async throws -> (name: String, bytes: [UInt8], event: Component)? {
        let reference = CalendarReference(owner: "amal", name: ChatEventsCalendar.name)
        guard let object = try await fixture.users.calendars.objects(in: reference).first else { return nil }
        let event = try #require(try ICalendarParser().parseCalendar(object.data).components.first { $0.name == ComponentName.event })
        return (object.name, object.data, event)
    }

    /// What the owner's client does when they edit the event: stores `text` under its name.
    func replace(_ name: String, with text: String, in fixture: ChatFixture) async throws {
        let bytes = Array(text.utf8)
        let (_, index) = try CalendarObjectRules().check(bytes)
        _ = try await fixture.users.calendars.putObject(named: name, data: bytes, index: index,
                                                        in: CalendarReference(owner: "amal", name: ChatEventsCalendar.name), precondition: .none)
    }

    @Test("a change of plan does not bring back an event the owner deleted")
    func dismissed() async throws {
        let fixture = try ChatFixture()
        try await fixture.users.create(name: "amal")
        let chats = base.service(fixture)
        let conversation = try await agree(chats, fixture)
        let stored = try #require(try await storedEvent(fixture))
        try await fixture.users.calendars.deleteObject(named: stored.name, in: CalendarReference(owner: "amal", name: ChatEventsCalendar.name),
                                                       precondition: .none)
        try await changePlan(chats, conversation)
        #expect(try await storedEvent(fixture) == nil)
        // Judged as the agreed change it is, and still nothing written.
        #expect(try await chats.chats.conversation(conversation, of: "amal")?.status == .agreed)
    }

    @Test("the owner's own title, place and alarm survive a change of time in the chat")
    func ownerEdits() async throws {
        let fixture = try ChatFixture()
        try await fixture.users.create(name: "amal")
        let chats = base.service(fixture)
        let conversation = try await agree(chats, fixture)
        let stored = try #require(try await storedEvent(fixture))
        var text = String(decoding: stored.bytes, as: UTF8.self)
        text = text.replacingOccurrences(of: "SUMMARY:\(stored.event[PropertyName.summary]!.value)", with: "SUMMARY:Birthday dinner for Sara")
        text = text.replacingOccurrences(of: "END:VEVENT", with: "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Leave\r\nTRIGGER:-PT30M\r\nEND:VALARM\r\nEND:VEVENT")
        try await replace(stored.name, with: text, in: fixture)
        try await changePlan(chats, conversation)
        let revised = try #require(try await storedEvent(fixture))
        #expect(revised.event[PropertyName.summary]?.textValue == "Birthday dinner for Sara")
        #expect(revised.event[PropertyName.location]?.textValue == stored.event[PropertyName.location]?.textValue)
        #expect(revised.event[PropertyName.dateTimeStart]?.value == "20261124T210000")
        #expect(revised.event.components.contains { $0.name == ComponentName.alarm })
    }

    @Test("a time the owner moved stays where they put it")
    func ownerTime() async throws {
        let fixture = try ChatFixture()
        try await fixture.users.create(name: "amal")
        let chats = base.service(fixture)
        let conversation = try await agree(chats, fixture)
        let stored = try #require(try await storedEvent(fixture))
        let text = String(decoding: stored.bytes, as: UTF8.self)
            .replacingOccurrences(of: "20261124T200000", with: "20261124T193000").replacingOccurrences(of: "20261124T210000", with: "20261124T203000")
        try await replace(stored.name, with: text, in: fixture)
        try await changePlan(chats, conversation)
        let revised = try #require(try await storedEvent(fixture))
        #expect(revised.event[PropertyName.dateTimeStart]?.value == "20261124T193000")
    }
}
