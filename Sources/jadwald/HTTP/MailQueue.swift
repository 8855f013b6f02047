import Jadwal
import Logging

/// Where the server's mail goes.
struct MailQueue: Sendable {
    let logger: Logger

    func send(_ mail: OutgoingMail) async throws {
        logger.info("mail", metadata: ["to": "\(mail.to)", "subject": "\(mail.subject)", "text": "\(mail.text)"])
    }
}
