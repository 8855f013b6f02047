import Foundation

/// The alert a person's phone shows when a chat changes their calendar: the same news as
/// the webhook and the mail (``ChatNotice``), short, in the person's language (English or
/// Arabic, with the digits and date order of that language), threaded per conversation.
enum ChatPush {
    /// The alert for `notice`, whose event starts at `start` in `zone`.
    static func alert(_ notice: ChatNotice, start: Int, zone: TimeZone, language: String?, now: Int) -> PushNotification {
        let arabic = language.flatMap(AccountPreferences.supportedLanguage(of:)) == "ar"
        let formatter = DateFormatter()
        // The person's own tag, so that its region picks the digits (ar-SA writes ٢٨, ar-MA 28).
        formatter.locale = arabic ? AccountPreferences.locale(of: language ?? "ar") : Locale(identifier: "en_GB")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.setLocalizedDateFormatFromTemplate(notice.event.allDay ? "EEEMMMd" : "EEEMMMdjmm")
        let when = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(start)))
        let (title, with) = (notice.event.title, notice.event.with)
        let heading: String
        var body: String
        let clashes = notice.conflicts.count
        switch notice.type {
        case .eventCreated where clashes > 0:
            heading = arabic ? "أُضيف من محادثة، ويتعارض مع جدولك" : "Added from a chat, with a clash"
            body = arabic ? "«\(title)»، \(when)، يتداخل مع «\(notice.conflicts[0].summary)»"
                : "“\(title)”, \(when), overlaps “\(notice.conflicts[0].summary)”" + (clashes > 1 ? " and \(clashes - 1) more" : "")
        case .eventCreated:
            heading = arabic ? "أُضيف من محادثة" : "Added from a chat"
            body = arabic ? "«\(title)»، \(when)، اتفقت عليه مع \(with)" : "“\(title)”, \(when), agreed with \(with)"
        case .eventUpdated:
            heading = arabic ? "تغيّر موعد من محادثة" : "Changed in a chat"
            body = arabic ? "«\(title)» صار \(when)" : "“\(title)” is now \(when)"
            if clashes > 0 { body += arabic ? "، ويتداخل مع «\(notice.conflicts[0].summary)»" : ", overlapping “\(notice.conflicts[0].summary)”" }
        case .eventCancelled:
            heading = arabic ? "أُلغي في محادثة" : "Cancelled in a chat"
            body = arabic ? "أُلغي «\(title)» (\(when)) في محادثتك مع \(with)" : "“\(title)” (\(when)) was called off with \(with)"
        case .conflictsFound:
            heading = arabic ? "تعارض في جدولك" : "Clash in your calendar"
            body = arabic ? "«\(title)» (\(when)) يتداخل مع \(clashes == 1 ? "موعد آخر" : "مواعيد أخرى")"
                : "“\(title)” (\(when)) overlaps \(clashes == 1 ? "something else" : "\(clashes) other things")"
        }
        var data = ["type": notice.type.rawValue, "eventUid": notice.event.uid]
        if let first = notice.conflicts.first { data["conflictId"] = first.id }
        return PushNotification(kind: .alert, title: heading, body: body, threadID: "chat-\(notice.event.uid)",
                                collapseID: "\(notice.type.rawValue):" + SecretToken.digest(notice.event.uid).prefix(24), data: data, expiresAt: now + 86_400)
    }
}
