/// The iCalendar part of an email (iMIP, RFC 6047 §2.4): a `text/calendar` part whose
/// `method` parameter is the iTIP method inside it, which Gmail, Outlook and Apple Mail
/// show as an invitation (or an answer, or a cancellation) with buttons of their own.
public struct MailCalendarPart: Sendable, Hashable {
    /// REQUEST, REPLY or CANCEL: the METHOD of the calendar.
    public let method: String
    /// The VCALENDAR text, CRLF line breaks.
    public let text: String

    /// - Throws: ``MailFormatError`` for a method that is not an iTIP method name, or text
    ///   over ``MailMessage/maxBodySize``.
    public init(method: String, text: String) throws(MailFormatError) {
        guard !method.isEmpty, method.utf8.count <= 20, method.utf8.allSatisfy({ (0x41...0x5A).contains($0) || $0 == 0x2D }) else {
            throw MailFormatError("an iTIP method is written in capital letters, like REQUEST")
        }
        guard text.utf8.count <= MailMessage.maxBodySize else {
            throw MailFormatError("a calendar part has at most \(MailMessage.maxBodySize) bytes")
        }
        self.method = method
        self.text = text
    }
}
