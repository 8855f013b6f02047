import Foundation

extension MailMessage {
    /// The message as RFC 5322 text with MIME parts: CRLF line breaks, 7-bit ASCII only
    /// (bodies quoted-printable, non-ASCII header text as RFC 2047 encoded-words), no line
    /// over 78 characters, ending with CRLF.
    public func rendered() -> [UInt8] {
        var output: [UInt8] = []
        output += MIME.header("Date", [Self.rfc5322Date(date)])
        output += MIME.header("From", MIME.mailboxWords(from))
        output += MIME.header("To", MIME.addressListWords(to))
        output += MIME.header("Subject", MIME.headerWords(subject, name: "Subject"))
        if let replyTo { output += MIME.header("Reply-To", MIME.mailboxWords(replyTo)) }
        output += MIME.header("Message-ID", [messageID])
        // RFC 3834: automatic replies should not answer this.
        output += MIME.header("Auto-Submitted", ["auto-generated"])
        output += MIME.header("MIME-Version", ["1.0"])
        if let calendar { return output + invitation(calendar) }
        guard let html else {
            output += Self.partHeaders(type: "text/plain") + MIME.crlf
            output += MIME.quotedPrintable(text)
            return output
        }
        // "=_" never occurs in quoted-printable text (every "=" there is followed by hex
        // digits or a line break), so the boundary cannot appear inside a part.
        let boundary = Self.boundary()
        output += MIME.header("Content-Type", ["multipart/alternative;", "boundary=\"\(boundary)\""]) + MIME.crlf
        for (type, body) in [("text/plain", text), ("text/html", html)] {
            output += Array("--\(boundary)".utf8) + MIME.crlf
            output += Self.partHeaders(type: type) + MIME.crlf
            output += MIME.quotedPrintable(body)
        }
        output += Array("--\(boundary)--".utf8) + MIME.crlf
        return output
    }

    /// RFC 6047 §2.4, as calendar programs send invitations: the text, the HTML and the
    /// `text/calendar` part as alternatives, and the same calendar as an `invite.ics`
    /// attachment for mail programs that look only at attachments.
    private func invitation(_ calendar: MailCalendarPart) -> [UInt8] {
        let mixed = Self.boundary(), alternative = Self.boundary()
        var output = MIME.header("Content-Type", ["multipart/mixed;", "boundary=\"\(mixed)\""]) + MIME.crlf
        output += Array("--\(mixed)".utf8) + MIME.crlf
        output += MIME.header("Content-Type", ["multipart/alternative;", "boundary=\"\(alternative)\""]) + MIME.crlf
        var parts = [("text/plain", text)]
        if let html { parts.append(("text/html", html)) }
        for (type, body) in parts {
            output += Array("--\(alternative)".utf8) + MIME.crlf
            output += Self.partHeaders(type: type) + MIME.crlf
            output += MIME.quotedPrintable(body)
        }
        output += Array("--\(alternative)".utf8) + MIME.crlf
        output += MIME.header("Content-Type", ["text/calendar;", "charset=UTF-8;", "method=\(calendar.method)"])
        output += MIME.header("Content-Transfer-Encoding", ["quoted-printable"]) + MIME.crlf
        output += MIME.quotedPrintable(calendar.text)
        output += Array("--\(alternative)--".utf8) + MIME.crlf
        output += Array("--\(mixed)".utf8) + MIME.crlf
        output += MIME.header("Content-Type", ["application/ics;", "name=\"invite.ics\""])
        output += MIME.header("Content-Disposition", ["attachment;", "filename=\"invite.ics\""])
        output += MIME.header("Content-Transfer-Encoding", ["base64"]) + MIME.crlf
        output += Array(Data(calendar.text.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]).utf8) + MIME.crlf
        output += Array("--\(mixed)--".utf8) + MIME.crlf
        return output
    }

    /// A boundary that never occurs in quoted-printable or base64 text.
    private static func boundary() -> String {
        "=_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    private static func partHeaders(type: String) -> [UInt8] {
        MIME.header("Content-Type", ["\(type);", "charset=UTF-8"]) + MIME.header("Content-Transfer-Encoding", ["quoted-printable"])
    }

    /// RFC 5322 §3.3: `Mon, 23 Nov 2026 09:46:21 +0000`, always in UTC.
    static func rfc5322Date(_ date: Date) -> String {
        let parts = utcComponents(date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(days[parts.weekday! - 1]), \(parts.day!) \(months[parts.month! - 1]) \(parts.year!) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }

    /// The date's calendar fields in UTC, weekday included.
    static func utcComponents(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
    }
}
