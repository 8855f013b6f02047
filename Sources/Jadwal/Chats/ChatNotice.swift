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

    /// The email's subject and text.
    var mail: (subject: String, text: String) {
        let when = event.allDay ? String(event.start.prefix(10)) : "\(event.start.prefix(10)) \(event.start.dropFirst(11).prefix(5))–\(event.end.dropFirst(11).prefix(5))"
        let place = event.location.map { " at \($0)" } ?? ""
        var lines: [String]
        let subject: String
        switch type {
        case .eventCreated:
            subject = "Added from a chat: \(event.title)"
            lines = ["Jadwal added “\(event.title)”\(place), \(when), to Chat Events (agreed with \(event.with))."]
        case .eventUpdated:
            subject = "Changed from a chat: \(event.title)"
            lines = ["The plan changed in your chat with \(event.with): “\(event.title)” is now \(when)\(place)."]
        case .eventCancelled:
            subject = "Cancelled in a chat: \(event.title)"
            lines = ["“\(event.title)” (\(when)) was called off in your chat with \(event.with), so Jadwal removed it from Chat Events."]
        case .conflictsFound:
            subject = "Clash: \(event.title)"
            lines = ["“\(event.title)” (\(when)) overlaps something else in your time."]
        }
        if !conflicts.isEmpty {
            lines.append("")
            lines.append("It overlaps:")
            lines += conflicts.map { "- \($0.summary) (\($0.start.dropFirst(11).prefix(5))–\($0.end.dropFirst(11).prefix(5)))" }
            lines.append("")
            lines.append("Keep both, move it to a free slot, or cancel it in Jadwal.")
        }
        return (subject, lines.joined(separator: "\n"))
    }
}
