import Jadwal
import Mail

/// Sends the application's mail through the durable outbox: the message is queued in the
/// database before `send` returns, and the dispatcher delivers it (SMTP, or the outbox
/// folder when none is configured).
struct MailQueue: Sendable {
    let outbox: MailOutbox
    let sender: MailAddress

    func send(_ mail: OutgoingMail) async throws {
        let message = try MailMessage(from: sender, to: try MailAddress(mail.to), subject: mail.subject, text: mail.text)
        try await outbox.enqueue(message)
    }
}
