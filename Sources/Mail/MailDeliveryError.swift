/// Why a message could not be delivered, and whether trying again may help.
///
/// Transient failures (SMTP 4xx replies, connection failures, timeouts, TLS problems)
/// are worth retrying later; permanent ones (SMTP 5xx replies: a refused sender or
/// recipient, wrong credentials) will fail the same way every time. The message holds
/// the server's own words where there are any, never a password.
public struct MailDeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Whether the same attempt will always fail.
    public let isPermanent: Bool
    /// The SMTP reply code that ended the attempt, if a server gave one.
    public let replyCode: Int?
    /// What failed: the step and the server's reply, or the local cause.
    public let message: String

    /// A failure worth retrying later.
    public static func transient(_ message: String, replyCode: Int? = nil) -> Self {
        Self(isPermanent: false, replyCode: replyCode, message: message)
    }

    /// A failure that will repeat on every attempt.
    public static func permanent(_ message: String, replyCode: Int? = nil) -> Self {
        Self(isPermanent: true, replyCode: replyCode, message: message)
    }

    /// `permanent failure: ...` or `transient failure: ...`.
    public var description: String { (isPermanent ? "permanent failure: " : "transient failure: ") + message }
}
