import Foundation
import Jadwal
import Logging
import Mail

extension MailDispatcher {
    /// The test suite's shortcut through the retry schedule: every retry (and every look
    /// for mail queued by another process) after this many seconds. For tests only.
    static let testRetryVariable = "JADWAL_TEST_MAIL_RETRY_SECONDS"

    /// The dispatcher the settings ask for: through `smtp.host` when set, else into the
    /// outbox folder, logging each file (so sign-in links reach the operator of a fresh
    /// install, who opens the file) with the first link in its message shortened: a log
    /// line must not carry a working link.
    static func configured(by settings: ServerConfiguration, application: ApplicationDatabase, logger: Logger) throws -> MailDispatcher {
        let transport: any MailTransport
        var lease: TimeInterval = 60
        do {
            if let smtp = try settings.smtpConfiguration() {
                transport = SMTPTransport(client: try SMTPClient(configuration: smtp))
                // Connecting, about ten replies and the data, each within the timeout.
                lease = TimeInterval(max(60, smtp.timeout * 12))
            } else {
                transport = OutboxFolderTransport(folder: settings.outboxFolder) { file, message in
                    logger.info("mail written to the outbox folder", metadata: [
                        "file": "\(file.path)", "to": "\(message.to.map(\.address).joined(separator: ","))",
                        "subject": "\(message.subject)", "link": "\(message.firstLink.map(SecretToken.redactedLink) ?? "-")",
                    ])
                }
            }
        } catch let problem as ServerConfiguration.Problem {
            throw CommandFailure(problem.description)
        } catch let error as MailDeliveryError {
            throw CommandFailure(error.message)
        }
        var schedule = MailRetrySchedule.standard
        var poll: TimeInterval = 10
        if let text = ProcessInfo.processInfo.environment[testRetryVariable], let seconds = Double(text), seconds > 0 {
            schedule = .uniform(seconds: seconds)
            poll = min(poll, seconds)
        }
        return MailDispatcher(
            outbox: application.mailOutbox, transport: transport, schedule: schedule, attemptLease: lease, pollInterval: poll,
            report: { report in
                var metadata: Logger.Metadata = ["id": "\(report.entryID)", "message_id": "\(report.messageID)", "attempt": "\(report.attempt)"]
                switch report.outcome {
                case .sent:
                    logger.info("mail sent", metadata: metadata)
                case .retrying(let next, let error):
                    metadata["error"] = "\(error)"
                    metadata["retry_at"] = "\(ISO8601DateFormatter().string(from: next))"
                    logger.warning("mail not delivered yet; will retry", metadata: metadata)
                case .failed(let error):
                    metadata["error"] = "\(error)"
                    logger.error("mail not delivered; given up", metadata: metadata)
                }
            },
            problem: { error in logger.error("mail outbox error", metadata: ["error": "\(error)"]) })
    }
}
