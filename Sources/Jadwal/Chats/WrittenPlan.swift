import Foundation

/// What Jadwal last wrote into a chat event, kept with the conversation: set against the
/// event as it is now, it tells which fields the user changed (theirs from then on) and,
/// once the event is gone, that the user dismissed the plan, and what the plan was.
struct WrittenPlan: Codable, Equatable, Sendable {
    var title: String
    var start: Int
    var end: Int
    var isAllDay: Bool
    var location: String?

    var timing: ChatEventsCalendar.Timing { ChatEventsCalendar.Timing(start: start, end: end, isAllDay: isAllDay) }

    init(title: String, timing: ChatEventsCalendar.Timing, location: String?) {
        self.title = title
        start = timing.start
        end = timing.end
        isAllDay = timing.isAllDay
        self.location = location
    }
}
