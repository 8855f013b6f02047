import Extraction
import Foundation

/// The plan a conversation already agreed on, told back to the extractor as the two
/// messages it was settled with.
///
/// A settled conversation's messages are purged, so without this an extractor reading
/// "can we make it 9 instead?" or "sorry, I can't make it" would not know what they change.
/// The restatement comes from the calendar event, not from the purged texts.
struct StandingPlan {
    var title: String
    var timing: ChatEventsCalendar.Timing
    var location: String?
    var zone: TimeZone

    /// A proposal by `counterpart` and the owner's yes, a minute before `first`.
    func messages(counterpart: String, owner: String, before first: LocalDateTime) -> [ChatMessage] {
        let start = LocalDateTime(Date(timeIntervalSince1970: TimeInterval(timing.start)), in: zone)
        let end = LocalDateTime(Date(timeIntervalSince1970: TimeInterval(timing.end - (timing.isAllDay ? 1 : 0))), in: zone)
        var when = "on \(Self.day(start.date))"
        if timing.isAllDay {
            if end.date != start.date { when = "from \(Self.day(start.date)) to \(Self.day(end.date))" }
        } else {
            when += " from \(Self.clock(start)) to \(Self.clock(end))"
        }
        let place = location.map { " at \($0)" } ?? ""
        let second = first.secondOfDay >= 60
            ? LocalDateTime(date: first.date, secondOfDay: first.secondOfDay - 60) : first
        return [
            ChatMessage(sender: counterpart, fromOwner: false, sent: second, text: "\(title) \(when)\(place)?"),
            ChatMessage(sender: owner, fromOwner: true, sent: second, text: "Yes, agreed 👍"),
        ]
    }

    /// Whether `event` is this plan changed rather than a new plan: the same day, or a title
    /// sharing a word.
    func isRevised(by event: ExtractedEvent) -> Bool {
        let start = LocalDateTime(Date(timeIntervalSince1970: TimeInterval(timing.start)), in: zone)
        if event.startDate == start.date { return true }
        return !Self.words(title).isDisjoint(with: Self.words(event.title))
    }

    private static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count > 2 && !["with", "the", "and"].contains($0) })
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                 "October", "November", "December"]
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `Thursday 26 November 2026`.
    private static func day(_ date: LocalDate) -> String {
        "\(weekdays[date.weekdayNumber - 1]) \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// `20:00`.
    private static func clock(_ time: LocalDateTime) -> String { String(format: "%02d:%02d", time.hour, time.minute) }
}
