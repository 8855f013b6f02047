import Foundation
import Testing
@testable import Mail

@Suite("Messages: RFC 5322 and MIME rendering")
struct MailMessageTests {
    let from = try! MailAddress(parsing: "Jadwal <jadwal@example.org>")
    let amal = try! MailAddress("amal@example.org", displayName: "Amal")

    func message(subject: String = "Hello", text: String = "Body\n", html: String? = nil, to: [MailAddress]? = nil) throws -> MailMessage {
        try MailMessage(from: from, to: to ?? [amal], subject: subject, text: text, html: html,
                        messageID: "<abc-123@example.org>", date: Date(timeIntervalSince1970: 1_795_427_181))
    }

    func header(_ name: String, in rendered: [UInt8]) -> String? {
        MIMEDecoding.split(rendered).headers.first { $0.name == name }?.value
    }

    /// Every line ends in CRLF, fits in 78 characters, and every byte is 7-bit.
    func expectWellFormed(_ rendered: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(rendered.allSatisfy { $0 < 128 }, sourceLocation: sourceLocation)
        #expect(rendered.suffix(2) == [13, 10], sourceLocation: sourceLocation)
        var lineLength = 0
        for (index, byte) in rendered.enumerated() {
            if byte == 10 {
                #expect(index > 0 && rendered[index - 1] == 13, "bare LF at \(index)", sourceLocation: sourceLocation)
                #expect(lineLength - 1 <= 78, "line of \(lineLength - 1) characters", sourceLocation: sourceLocation)
                lineLength = 0
            } else {
                #expect(byte != 13 || (index + 1 < rendered.count && rendered[index + 1] == 10), "bare CR at \(index)", sourceLocation: sourceLocation)
                lineLength += 1
            }
        }
    }

    @Test("An invitation carries Reply-To, the calendar as a text/calendar alternative with its method, and as invite.ics")
    func invitation() throws {
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:Réunion – اجتماع " + String(repeating: "long ", count: 30)
            + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let message = try MailMessage(from: from, to: [amal], subject: "Invitation", text: "You are invited\n", html: "<p>You are invited</p>",
                                      replyTo: try MailAddress("huda@example.org", displayName: "Huda"),
                                      calendar: try MailCalendarPart(method: "REQUEST", text: ics),
                                      messageID: "<abc-123@example.org>", date: Date(timeIntervalSince1970: 1_795_427_181))
        let rendered = message.rendered()
        expectWellFormed(rendered)
        #expect(header("Reply-To", in: rendered) == "Huda <huda@example.org>")
        #expect(header("Content-Type", in: rendered)?.hasPrefix("multipart/mixed;") == true)
        let text = String(decoding: rendered, as: UTF8.self)
        #expect(text.contains("Content-Type: multipart/alternative;"))
        #expect(text.contains("Content-Type: text/calendar; charset=UTF-8; method=REQUEST"))
        #expect(text.contains("Content-Disposition: attachment; filename=\"invite.ics\""))
        // The attachment decodes to the calendar exactly.
        let attachment = try #require(text.components(separatedBy: "Content-Transfer-Encoding: base64\r\n\r\n").last?.components(separatedBy: "\r\n--").first)
        #expect(Data(base64Encoded: attachment.replacingOccurrences(of: "\r\n", with: "")).map { String(decoding: $0, as: UTF8.self) } == ics)
        #expect(throws: MailFormatError.self) { try MailCalendarPart(method: "REQUEST\r\nBcc: x", text: ics) }
    }

    @Test("A plain message has the standard headers, in UTC, and a quoted-printable body")
    func plainHeaders() throws {
        let rendered = try message().rendered()
        expectWellFormed(rendered)
        let (headers, body) = MIMEDecoding.split(rendered)
        #expect(headers.map(\.name) == ["Date", "From", "To", "Subject", "Message-ID", "Auto-Submitted", "MIME-Version",
                                        "Content-Type", "Content-Transfer-Encoding"])
        #expect(header("Date", in: rendered) == "Mon, 23 Nov 2026 09:46:21 +0000")
        #expect(header("From", in: rendered) == "Jadwal <jadwal@example.org>")
        #expect(header("To", in: rendered) == "Amal <amal@example.org>")
        #expect(header("Subject", in: rendered) == "Hello")
        #expect(header("Message-ID", in: rendered) == "<abc-123@example.org>")
        #expect(header("Content-Type", in: rendered) == "text/plain; charset=UTF-8")
        #expect(header("Content-Transfer-Encoding", in: rendered) == "quoted-printable")
        #expect(body == "Body\r\n")
    }

    @Test("Arabic and emoji in the subject and names become encoded-words that decode back", arguments: [
        "مواعيد الصلاة لهذا الأسبوع — تذكير", "Rendez-vous à 10 h 30 ✅", "🕌🕋 " + String(repeating: "أ", count: 120),
        "plain =?UTF-8?Q?not-an-encoded-word?= text", "two  spaces", " leading space",
        String(repeating: "x", count: 90) + " word",
    ])
    func encodedWords(subject: String) throws {
        let to = try MailAddress("omar@example.org", displayName: "عمر \"الفاروق\" " + subject.prefix(40))
        let rendered = try message(subject: subject, to: [to]).rendered()
        expectWellFormed(rendered)
        #expect(MIMEDecoding.headerValue(header("Subject", in: rendered)!) == subject)
        let decodedTo = MIMEDecoding.headerValue(header("To", in: rendered)!)
        #expect(decodedTo == "\(to.displayName!) <omar@example.org>")
        for word in header("Subject", in: rendered)!.split(whereSeparator: { $0 == " " || $0 == "\r\n" }) where word.hasPrefix("=?") {
            #expect(word.count <= 75)
        }
    }

    @Test("A long ASCII subject folds at spaces and unfolds to itself")
    func folding() throws {
        let subject = (1...30).map { "word\($0)" }.joined(separator: " ")
        let rendered = try message(subject: subject).rendered()
        expectWellFormed(rendered)
        let folded = header("Subject", in: rendered)!
        #expect(folded.contains("\r\n "))
        #expect(!folded.contains("=?"))
        #expect(folded.replacingOccurrences(of: "\r\n", with: "") == subject)
    }

    @Test("A display name with specials is quoted; many recipients fold after commas")
    func addressLists() throws {
        let quoted = try MailAddress("a@example.org", displayName: "Doe, Jane (Ops)")
        let many = try (1...12).map { try MailAddress("person\($0)@example.org", displayName: "Person \($0)") }
        let rendered = try message(to: [quoted] + many).rendered()
        expectWellFormed(rendered)
        let to = header("To", in: rendered)!.replacingOccurrences(of: "\r\n", with: "")
        #expect(to.hasPrefix("\"Doe, Jane (Ops)\" <a@example.org>, Person 1 <person1@example.org>, "))
        #expect(to.hasSuffix("Person 12 <person12@example.org>"))
    }

    @Test("Bodies round-trip through quoted-printable: long lines, UTF-8, '=', trailing blanks, any line break", arguments: [
        "short", "line one\nline two\r\nline three\rline four", String(repeating: "طويل ", count: 80), "a = b =3D c",
        "trailing space \ntrailing tab\t\nend", String(repeating: "x", count: 300), "\n\nblank lines around\n\n", "",
        ".\n..leading dots\n.", "From the start of a line",
    ])
    func quotedPrintable(text: String) throws {
        let rendered = try message(text: text).rendered()
        expectWellFormed(rendered)
        let body = MIMEDecoding.split(rendered).body
        for line in body.components(separatedBy: "\r\n") {
            #expect(line.count <= 76)
            #expect(!line.hasSuffix(" ") && !line.hasSuffix("\t"))
        }
        let decoded = String(decoding: MIMEDecoding.quotedPrintable(body), as: UTF8.self)
        var expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        if !expected.hasSuffix("\n") || expected.isEmpty { expected += "\n" }
        #expect(decoded == expected.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    @Test("An HTML alternative makes multipart/alternative with text first and a boundary found nowhere else")
    func alternative() throws {
        let rendered = try message(text: "Sign in: https://example.org/a", html: "<p>Sign in: <a href=\"https://example.org/a\">here</a></p>").rendered()
        expectWellFormed(rendered)
        let contentType = header("Content-Type", in: rendered)!.replacingOccurrences(of: "\r\n", with: "")
        #expect(contentType.hasPrefix("multipart/alternative; boundary=\"=_"))
        let boundary = String(contentType.split(separator: "\"")[1])
        let text = String(decoding: rendered, as: UTF8.self)
        // In the Content-Type header and on the three delimiter lines only.
        #expect(text.components(separatedBy: boundary).count - 1 == 4)
        let parts = text.components(separatedBy: "--\(boundary)")
        #expect(parts.count == 4 && parts[3] == "--\r\n")
        #expect(parts[1].contains("Content-Type: text/plain; charset=UTF-8"))
        #expect(parts[2].contains("Content-Type: text/html; charset=UTF-8"))
        #expect(String(decoding: MIMEDecoding.quotedPrintable(parts[2].components(separatedBy: "\r\n\r\n")[1]), as: UTF8.self).contains("href=\"https://example.org/a\""))
    }

    @Test("Line breaks and control characters in any header value are refused when the message is made")
    func injection() throws {
        #expect(throws: MailFormatError.self) { try message(subject: "Hi\r\nBcc: victim@example.org") }
        #expect(throws: MailFormatError.self) { try message(subject: "Hi\nBcc: victim@example.org") }
        #expect(throws: MailFormatError.self) { try message(subject: "Hi\u{0}") }
        #expect(throws: MailFormatError.self) { try MailAddress("a@example.org", displayName: "Amal\r\nBcc: b@example.org") }
        #expect(throws: MailFormatError.self) { try MailAddress("a@example.org\r\nBcc: b@example.org") }
        #expect(throws: MailFormatError.self) { try MailAddress(parsing: "Amal <a@example.org>\nBcc: b@example.org") }
        #expect(throws: MailFormatError.self) {
            try MailMessage(from: from, to: amal, subject: "x", text: "x", messageID: "<a@b>\r\nBcc: c@d")
        }
        // A tab is folding white space, not a break: it is kept as a space.
        #expect(try message(subject: "a\tb").subject == "a b")
    }

    @Test("Sizes are bounded: recipients, subject and body")
    func limits() throws {
        #expect(throws: MailFormatError.self) { try message(to: []) }
        let tooMany = try (0...MailMessage.maxRecipients).map { try MailAddress("p\($0)@example.org") }
        #expect(throws: MailFormatError.self) { try message(to: tooMany) }
        #expect(throws: MailFormatError.self) { try message(subject: String(repeating: "s", count: MailMessage.maxSubjectLength + 1)) }
        #expect(throws: MailFormatError.self) { try message(text: String(repeating: "b", count: MailMessage.maxBodySize + 1)) }
        #expect(throws: MailFormatError.self) { try message(html: String(repeating: "b", count: MailMessage.maxBodySize + 1)) }
    }

    @Test("The first http or https link in the text is found, without trailing punctuation that cannot be in it")
    func firstLink() throws {
        #expect(try message(text: "Open https://cal.example.org/login?t=abc&u=1 within 15 minutes.").firstLink == "https://cal.example.org/login?t=abc&u=1")
        #expect(try message(text: "See <https://a.example/x>").firstLink == "https://a.example/x")
        #expect(try message(text: "Open http://127.0.0.1:8080/signin?token=abc then https://b.example").firstLink == "http://127.0.0.1:8080/signin?token=abc")
        #expect(try message(text: "no link here").firstLink == nil)
    }

    @Test("A generated Message-ID is unique and uses the sender's domain")
    func generatedMessageID() throws {
        let one = try MailMessage(from: from, to: amal, subject: "a", text: "b")
        let two = try MailMessage(from: from, to: amal, subject: "a", text: "b")
        #expect(one.messageID != two.messageID)
        #expect(one.messageID.hasPrefix("<") && one.messageID.hasSuffix("@example.org>"))
    }
}
