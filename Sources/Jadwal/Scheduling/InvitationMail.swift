import Foundation
import ICalendar
import ITIP
import Mail

/// The email that carries an iTIP message to someone without an account here (iMIP,
/// RFC 6047): a text and an HTML part saying what it is about, and the message itself as
/// the `text/calendar` part that mail programs show as an invitation. An invitation also
/// carries answer links, for people whose mail program does not answer invitations.
public struct InvitationMail: Sendable {
    public let message: ITIPMessage
    /// Who it comes from, as the recipient knows them (the organizer, or the attendee who answers).
    public let senderName: String
    /// For an invitation: where each answer is given.
    public let answers: [Answer]

    /// One answer link.
    public struct Answer: Sendable, Equatable {
        /// ACCEPTED, TENTATIVE or DECLINED.
        public var participation: String
        public var label: String
        public var url: String

        public init(participation: String, label: String, url: String) {
            self.participation = participation
            self.label = label
            self.url = url
        }
    }

    /// The answers an invitation offers, in the order the mail shows them.
    public static let participations = [("ACCEPTED", "Accept"), ("TENTATIVE", "Maybe"), ("DECLINED", "Decline")]

    public init(message: ITIPMessage, senderName: String, answers: [Answer] = []) {
        self.message = message
        self.senderName = senderName
        self.answers = answers
    }

    /// The event the message is about: its first component (the series, when there is one).
    private var event: Component? { message.components.first }

    var summary: String { event?[PropertyName.summary]?.textValue ?? "(no title)" }

    public var subject: String {
        switch message.method {
        case .request: return (isUpdate ? "Updated invitation: " : "Invitation: ") + summary + (when.map { " @ " + $0 } ?? "")
        case .cancel: return "Cancelled: " + summary + (when.map { " @ " + $0 } ?? "")
        case .reply: return "\(senderName) \(answerVerb): \(summary)"
        }
    }

    /// A REQUEST for an event the recipient already had (a SEQUENCE above 0).
    private var isUpdate: Bool { (event?[PropertyName.sequence].flatMap { Int($0.value) } ?? 0) > 0 }

    private var answerVerb: String {
        Self.verb(for: event?.properties(named: SchedulingProperty.attendee).first?[parameter: SchedulingParameter.participation] ?? "")
    }

    /// How an answer reads after a name: `accepted`, `may come to`, `declined`.
    public static func verb(for participation: String) -> String {
        switch participation.uppercased() {
        case "ACCEPTED": return "accepted"
        case "TENTATIVE": return "may come to"
        case "DECLINED": return "declined"
        default: return "answered"
        }
    }

    /// The start as people read it: `Wednesday 2 December 2026, 10:00 (Europe/Berlin)`.
    var when: String? {
        guard let start = event?[PropertyName.dateTimeStart], let value = try? start.dateTimeValue() else { return nil }
        let date = value.local.date
        let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let day = "\(days[date.weekday.rawValue]) \(date.day) \(months[date.month - 1]) \(date.year)"
        switch value {
        case .date: return day + " (all day)"
        case .dateTime(let local, let reference):
            let time = (local.hour < 10 ? "0" : "") + "\(local.hour):" + (local.minute < 10 ? "0" : "") + "\(local.minute)"
            switch reference {
            case .utc: return "\(day), \(time) UTC"
            case .zone(let zone): return "\(day), \(time) (\(zone))"
            case .floating: return "\(day), \(time)"
            }
        }
    }

    private var facts: [(String, String)] {
        var facts: [(String, String)] = []
        if let when { facts.append(("When", when)) }
        if let location = event?[PropertyName.location]?.textValue, !location.isEmpty { facts.append(("Where", location)) }
        facts.append((message.method == .reply ? "From" : "Organizer", senderName))
        if let description = event?[PropertyName.description]?.textValue, !description.isEmpty {
            facts.append(("Notes", String(description.prefix(2000))))
        }
        return facts
    }

    private var opening: String {
        switch message.method {
        case .request: return isUpdate ? "\(senderName) changed an event you are invited to." : "\(senderName) invites you to an event."
        case .cancel: return "\(senderName) cancelled this event."
        case .reply: return "\(senderName) \(answerVerb) \(summary)."
        }
    }

    public var text: String {
        var lines = [opening, "", summary]
        lines += facts.map { "\($0.0): \($0.1)" }
        if !answers.isEmpty {
            lines += ["", "Answer with your calendar program, or here:"]
            lines += answers.map { "\($0.label): \($0.url)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public var html: String {
        var body = "<p>\(HTMLText.escape(opening))</p>\n<h2>\(HTMLText.escape(summary))</h2>\n<table>\n"
        for (name, value) in facts {
            body += "<tr><th align=\"left\">\(HTMLText.escape(name))</th><td>\(HTMLText.escape(value).replacingOccurrences(of: "\n", with: "<br>"))</td></tr>\n"
        }
        body += "</table>\n"
        if !answers.isEmpty {
            body += "<p>Answer with your calendar program, or here:</p>\n<p>"
            body += answers.map { "<a href=\"\(HTMLText.escape($0.url))\">\(HTMLText.escape($0.label))</a>" }.joined(separator: " &middot; ")
            body += "</p>\n"
        }
        return "<!doctype html><html><body>\n" + body + "</body></html>\n"
    }

    /// The email, from the server's address under the sender's name, answers going to
    /// `replyTo`.
    public func mail(from server: MailAddress, to recipient: MailAddress, replyTo: MailAddress?) throws(MailFormatError) -> MailMessage {
        let from = try MailAddress(server.address, displayName: String("\(senderName) via Jadwal".prefix(MailAddress.maxDisplayNameLength)))
        return try MailMessage(from: from, to: recipient, subject: String(subject.prefix(MailMessage.maxSubjectLength)).filter { !$0.isNewline },
                               text: text, html: html, replyTo: replyTo,
                               calendar: try MailCalendarPart(method: message.method.rawValue, text: String(decoding: message.bytes, as: UTF8.self)))
    }
}
