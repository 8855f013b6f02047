import Foundation

/// What the user is told about when a chat changes their calendar: by webhook (JSON,
/// HMAC-signed) and by email.
public struct ChatNotice: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case eventCreated = "event.created"
        case eventUpdated = "event.updated"
        case eventCancelled = "event.cancelled"
        case conflictsFound = "conflicts.found"
    }

    public struct Event: Sendable, Equatable, Codable {
        public var uid: String
        public var title: String
        public var start: String
        public var end: String
        public var allDay: Bool
        public var location: String?
        public var with: String
        /// The event's path on this server.
        public var href: String

    }

    public struct ConflictSummary: Sendable, Equatable, Codable {
        public var id: String
        public var kind: String
        public var summary: String
        public var start: String
        public var end: String
    }

    public var type: Kind
    public var account: String
    public var event: Event
    public var conflicts: [ConflictSummary]
    public var sentAt: String


    /// An instant as ISO 8601 with the owner's offset (`2026-11-26T20:00:00+03:00`).
    public static func iso(_ instant: Int, _ zone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// The email's subject and text, in English or (`arabic`) Arabic.
    func mail(arabic: Bool = false) -> (subject: String, text: String) {
        let when = event.allDay ? String(event.start.prefix(10)) : "\(event.start.prefix(10)) \(event.start.dropFirst(11).prefix(5))–\(event.end.dropFirst(11).prefix(5))"
        let (title, with) = (event.title, event.with)
        var lines: [String]
        let subject: String
        switch (type, arabic) {
        case (.eventCreated, false):
            subject = "Added from a chat: \(title)"
            lines = ["Jadwal added “\(title)”\(event.location.map { " at \($0)" } ?? ""), \(when), to Chat Events (agreed with \(with))."]
        case (.eventCreated, true):
            subject = "أُضيف من محادثة: \(title)"
            lines = ["أضاف جدول «\(title)»\(event.location.map { " في \($0)" } ?? "")، \(when)، إلى «مواعيد المحادثات» (اتفقت عليه مع \(with))."]
        case (.eventUpdated, false):
            subject = "Changed from a chat: \(title)"
            lines = ["The plan changed in your chat with \(with): “\(title)” is now \(when)\(event.location.map { " at \($0)" } ?? "")."]
        case (.eventUpdated, true):
            subject = "تغيّر من محادثة: \(title)"
            lines = ["تغيّرت الخطة في محادثتك مع \(with): «\(title)» صار \(when)\(event.location.map { " في \($0)" } ?? "")."]
        case (.eventCancelled, false):
            subject = "Cancelled in a chat: \(title)"
            lines = ["“\(title)” (\(when)) was called off in your chat with \(with), so Jadwal removed it from Chat Events."]
        case (.eventCancelled, true):
            subject = "أُلغي في محادثة: \(title)"
            lines = ["أُلغي «\(title)» (\(when)) في محادثتك مع \(with)، فحذفه جدول من «مواعيد المحادثات»."]
        case (.conflictsFound, false):
            subject = "Clash: \(title)"
            lines = ["“\(title)” (\(when)) overlaps something else in your time."]
        case (.conflictsFound, true):
            subject = "تعارض: \(title)"
            lines = ["«\(title)» (\(when)) يتداخل مع موعد آخر في وقتك."]
        }
        if !conflicts.isEmpty {
            lines.append("")
            lines.append(arabic ? "يتداخل مع:" : "It overlaps:")
            lines += conflicts.map { "- \($0.summary) (\($0.start.dropFirst(11).prefix(5))–\($0.end.dropFirst(11).prefix(5)))" }
            lines.append("")
            lines.append(arabic ? "أبقِ الاثنين، أو انقله إلى وقت فارغ، أو ألغِه من جدول." : "Keep both, move it to a free slot, or cancel it in Jadwal.")
        }
        return (subject, lines.joined(separator: "\n"))
    }
}
