/// One SMTP reply (RFC 5321 §4.2): a three-digit code and its text lines, joined from
/// the `250-...` continuation lines of a multi-line reply.
public struct SMTPReply: Sendable, Hashable, CustomStringConvertible {
    /// The three-digit reply code.
    public let code: Int
    /// The text after the code on each line.
    public let lines: [String]

    /// 2xx: the command succeeded.
    public var isPositive: Bool { (200..<300).contains(code) }
    /// 3xx: the server waits for more (DATA's 354, AUTH's 334).
    public var isIntermediate: Bool { (300..<400).contains(code) }
    /// 5xx: the same command will fail again.
    public var isPermanentFailure: Bool { (500..<600).contains(code) }

    /// The code and the first lines, short enough for a log line or an error.
    public var description: String {
        let text = lines.prefix(3).joined(separator: " / ")
        return "\(code) \(text.count > 300 ? text.prefix(300) + "..." : text)"
    }
}
