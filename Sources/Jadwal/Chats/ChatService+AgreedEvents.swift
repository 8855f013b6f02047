import Foundation
import ICalendar

extension ChatService {
    /// An event a chat put in the person's calendar, as their data download lists it.
    public struct AgreedEvent: Sendable, Equatable {
        public let uid: String
        public let title: String
        public let location: String?
        /// Whom it was agreed with, and in which conversation.
        public let with: String
        public let chatID: String
        public let timing: ChatEventsCalendar.Timing
    }

    /// The events chats put in `account`'s Chat Events calendar that are still there.
    public func agreedEvents(of account: String) async throws -> [AgreedEvent] {
        var events: [AgreedEvent] = []
        for conversation in try await chats.conversations(of: account) {
            guard let uid = conversation.eventUID, let (event, timing) = try await calendar.read(uid: uid, owner: account) else { continue }
            events.append(AgreedEvent(uid: uid, title: event[PropertyName.summary]?.textValue ?? "", location: event[PropertyName.location]?.textValue,
                                      with: conversation.counterpart, chatID: conversation.chatID, timing: timing))
        }
        return events
    }
}
