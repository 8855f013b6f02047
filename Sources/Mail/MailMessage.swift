import Foundation

/// One email: sender, recipients, subject, a plain-text body and an optional HTML
/// alternative, checked when made so that ``rendered()`` always gives a valid message.
///
/// ```swift
/// let message = try MailMessage(
///     from: try MailAddress(parsing: "Jadwal <jadwal@example.org>"),
///     to: [try MailAddress("amal@example.org")],
///     subject: "Sign in to Jadwal",
///     text: "Open this link to sign in: https://example.org/login/abc")
/// let bytes = message.rendered()   // RFC 5322 + MIME, CRLF line breaks
/// ```
public struct MailMessage: Sendable, Hashable {
    /// The sender, also the SMTP envelope's MAIL FROM.
    public let from: MailAddress
    /// The recipients, each also an SMTP RCPT TO.
    public let to: [MailAddress]
    /// The subject, one line (tabs become spaces).
    public let subject: String
    /// The plain-text body.
    public let text: String
    /// An HTML rendering of the same content, sent as a `multipart/alternative` part.
    public let html: String?
    /// Where answers go (the Reply-To header), when not to the sender.
    public let replyTo: MailAddress?
    /// A calendar part: an invitation, answer or cancellation mail programs show as such
    /// (iMIP, RFC 6047).
    public let calendar: MailCalendarPart?
    /// `<unique@domain>`, the Message-ID header (RFC 5322 §3.6.4).
    public let messageID: String
    /// The Date header.
    public let date: Date

    /// The most recipients one message may have.
    public static let maxRecipients = 50
    /// The longest subject, in characters.
    public static let maxSubjectLength = 500
    /// The largest body, text and HTML each, in UTF-8 bytes.
    public static let maxBodySize = 1 << 20

    /// A message; the Message-ID is made from a random UUID and the sender's domain unless given.
    /// - Throws: ``MailFormatError`` for a subject with a line break or control character,
    ///   too many recipients, a body over ``maxBodySize`` or a malformed Message-ID.
    public init(from: MailAddress, to: [MailAddress], subject: String, text: String, html: String? = nil,
                replyTo: MailAddress? = nil, calendar: MailCalendarPart? = nil,
                messageID: String? = nil, date: Date = Date()) throws(MailFormatError) {
        guard (1...Self.maxRecipients).contains(to.count) else {
            throw MailFormatError("a message has 1 to \(Self.maxRecipients) recipients")
        }
        guard subject.count <= Self.maxSubjectLength else {
            throw MailFormatError("a subject has at most \(Self.maxSubjectLength) characters")
        }
        // Tabs are allowed, every other control character (CR and LF above all) is not:
        // a line break in a header would let text inject headers of its own.
        guard !subject.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) else {
            throw MailFormatError("a subject may not contain line breaks or control characters")
        }
        guard text.utf8.count <= Self.maxBodySize, (html?.utf8.count ?? 0) <= Self.maxBodySize else {
            throw MailFormatError("a message body has at most \(Self.maxBodySize) bytes")
        }
        let messageID = messageID ?? "<\(UUID().uuidString.lowercased())@\(from.domain)>"
        try Self.check(messageID: messageID)
        self.from = from
        self.to = to
        self.subject = subject.replacingOccurrences(of: "\t", with: " ")
        self.text = text
        self.html = html
        self.replyTo = replyTo
        self.calendar = calendar
        self.messageID = messageID
        self.date = date
    }

    /// A message to one recipient.
    public init(from: MailAddress, to recipient: MailAddress, subject: String, text: String, html: String? = nil,
                replyTo: MailAddress? = nil, calendar: MailCalendarPart? = nil,
                messageID: String? = nil, date: Date = Date()) throws(MailFormatError) {
        try self.init(from: from, to: [recipient], subject: subject, text: text, html: html, replyTo: replyTo, calendar: calendar,
                      messageID: messageID, date: date)
    }

    /// The first `https://` or `http://` link in the plain-text body, if any.
    public var firstLink: String? {
        let starts = ["https://", "http://"].compactMap { text.range(of: $0)?.lowerBound }
        guard let start = starts.min() else { return nil }
        let end = text[start...].firstIndex { $0.isWhitespace || "<>\"')".contains($0) } ?? text.endIndex
        return String(text[start..<end])
    }

    private static func check(messageID: String) throws(MailFormatError) {
        let inner = messageID.dropFirst().dropLast()
        let parts = inner.split(separator: "@", omittingEmptySubsequences: false)
        let isDotAtom: (Substring) -> Bool = { part in
            part.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy(MailAddress.isAtomText) }
        }
        guard messageID.hasPrefix("<"), messageID.hasSuffix(">"), messageID.count <= 250, parts.count == 2,
              isDotAtom(parts[0]), isDotAtom(parts[1]) else {
            throw MailFormatError("a Message-ID looks like <unique@example.org>")
        }
    }
}
