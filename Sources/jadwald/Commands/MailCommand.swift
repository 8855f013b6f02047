import ArgumentParser
import Foundation
import Jadwal
import Logging
import Mail

/// `jadwald mail`: check the mail settings and look at the outbox.
struct MailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail",
        abstract: "Send a test message and list the mail outbox.",
        subcommands: [Test.self, Outbox.self])
}

extension MailCommand {
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Queue a test message and make one attempt to deliver it.",
            discussion: """
                Uses the same settings as `jadwald serve` (configuration file, JADWAL_* variables). \
                Exits 0 when the message was delivered (to the SMTP server, or into the outbox \
                folder when smtp.host is not set); otherwise it stays queued for the server to \
                retry, or failed for good, and the command exits 1.
                """)

        @Option(help: ArgumentHelp("The address to send to.", valueName: "address")) var to: String
        @Option(help: "The subject (default: Jadwal test message).") var subject = "Jadwal test message"
        @Option(help: "The text of the message (default: a few words saying it is a test).") var body: String?
        @Option(help: ArgumentHelp("Configuration file (default: $JADWAL_CONFIG, else none).", valueName: "file"))
        var config: String?
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let settings = try ServerConfiguration.resolved(config: config) { settings in
                if let directory = data.directory { settings.data = directory }
            }
            let message: MailMessage
            do {
                message = try MailMessage(from: settings.mailSender, to: try MailAddress(parsing: to), subject: subject, text: body ?? """
                    This is a test message from your Jadwal server.

                    If you can read it, the server's mail settings work.
                    """)
            } catch {
                throw CommandFailure("\(error)")
            }
            LoggingSystem.bootstrap { label in
                StructuredLogHandler(label: label, format: .init(rawValue: settings.logFormat) ?? .logfmt,
                                     logLevel: Logger.Level(rawValue: settings.logLevel) ?? .info)
            }
            // Testing the mail settings comes before anyone has an account: a new install may.
            let application = try await Storage.open(data, settings: settings, creating: true).application
            try await ServerKeys(settings: settings, application: application).sealMail(of: application)
            let dispatcher = try MailDispatcher.configured(by: settings, application: application, logger: Logger(label: "jadwald"))
            let id = try await application.mailOutbox.enqueue(message)
            print("queued \(message.messageID) as outbox entry \(id)")
            // A running server may take the message first; then wait for its attempt.
            var outcome = try await dispatcher.attempt(id: id)
            let attemptedHere = outcome != nil
            let deadline = Date().addingTimeInterval(dispatcher.attemptLease + 10)
            while outcome == nil, Date() < deadline {
                try await Task.sleep(for: .milliseconds(200))
                if let entry = try await application.mailOutbox.entry(id: id), entry.state != .pending || entry.lastError != nil {
                    outcome = switch entry.state {
                    case .sent: .sent
                    case .failed: .failed(error: entry.lastError ?? "unknown")
                    case .pending: .retrying(at: entry.nextAttemptAt, error: entry.lastError ?? "unknown")
                    }
                }
            }
            switch outcome {
            case .sent?:
                let destination = settings.smtpHost.map { "to \($0)" } ?? "into \(settings.outboxFolder.path)"
                print(attemptedHere ? "delivered \(destination)" : "delivered by the running server")
            case .retrying(let next, let error)?:
                print("not delivered yet: \(error)\nqueued; the server retries at \(ISO8601DateFormatter().string(from: next))")
                throw ExitCode.failure
            case .failed(let error)?:
                print("not delivered, and given up: \(error)")
                throw ExitCode.failure
            case nil:
                print("no delivery attempt finished in time; the message stays queued")
                throw ExitCode.failure
            }
        }
    }

    struct Outbox: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the messages waiting to be sent and those given up (never their text).")
        @Flag(help: "Also list sent messages (kept for 30 days).") var all = false
        @OptionGroup var data: DataDirectoryOptions

        func run() async throws {
            let outbox = try await Storage.open(data).application.mailOutbox
            let states: Set<MailOutbox.Entry.State> = all ? Set(MailOutbox.Entry.State.allCases) : [.pending, .failed]
            let entries = try await outbox.entries(in: states)
            let format = ISO8601DateFormatter()
            for entry in entries {
                let when = entry.state == .pending ? "next " + format.string(from: entry.nextAttemptAt) : entry.finishedAt.map(format.string) ?? "-"
                print([String(entry.id), entry.state.rawValue, format.string(from: entry.createdAt), entry.recipients.joined(separator: ","),
                       entry.subject, "attempts \(entry.attempts)", when, entry.lastError ?? "-"].joined(separator: "\t"))
            }
            if entries.isEmpty { print(all ? "the outbox is empty" : "nothing pending or failed") }
        }
    }
}
