import NetworkTestSupport
import Foundation
import NIOCore
import NIOPosix
import Testing
@testable import Mail

/// The SMTP client against scripted servers on 127.0.0.1: the dialogue, multi-line
/// replies, old servers, and which failures are transient and which permanent.
@Suite("SMTP client")
struct SMTPClientTests {
    let message = try! MailMessage(from: try! MailAddress("jadwal@example.org"), to: try! MailAddress("amal@example.org"),
                                   subject: "Hi", text: "line\n.\n..two\nend")

    func client(_ server: ScriptedSMTPServer, security: SMTPConfiguration.Security = .none, timeout: Int = 5,
                credentials: SMTPConfiguration.Credentials? = nil) throws -> SMTPClient {
        try SMTPClient(configuration: SMTPConfiguration(host: "127.0.0.1", port: server.port, security: security,
                                                        credentials: credentials, timeout: timeout))
    }

    /// The error `operation` threw, which must be a ``MailDeliveryError``.
    func failure(_ operation: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async -> MailDeliveryError? {
        do {
            try await operation()
            return nil
        } catch {
            #expect(error is MailDeliveryError, "\(error)", sourceLocation: sourceLocation)
            return error as? MailDeliveryError
        }
    }

    @Test("A delivery speaks EHLO, MAIL, RCPT, DATA with dot-stuffing, then QUIT")
    func dialogue() async throws {
        let server = try await ScriptedSMTPServer(greeting: "220-first line\r\n220-second\r\n220 ready\r\n", script: ScriptedSMTPServer.standard())
        defer { Task { await server.close() } }
        try await client(server).send(message)
        #expect(server.commands == ["EHLO localhost", "MAIL FROM:<jadwal@example.org>", "RCPT TO:<amal@example.org>", "DATA", "QUIT"])
        let data = try #require(server.messages.first)
        #expect(data.hasSuffix("\r\nline\r\n..\r\n...two\r\nend\r\n.\r\n"))
        #expect(data.hasPrefix("Date: "))
    }

    @Test("Dot-stuffing doubles a leading dot on every line and ends with the dot line")
    func dotStuffing() {
        let stuffed = SMTPSession.dotStuffed(Array(".a\r\nb.\r\n.\r\n..\r\nlast".utf8))
        #expect(String(decoding: stuffed, as: UTF8.self) == "..a\r\nb.\r\n..\r\n...\r\nlast\r\n.\r\n")
        #expect(String(decoding: SMTPSession.dotStuffed(Array("x\r\n".utf8)), as: UTF8.self) == "x\r\n.\r\n")
    }

    @Test("A server that does not know EHLO gets HELO")
    func helo() async throws {
        let server = try await ScriptedSMTPServer(script: ScriptedSMTPServer.standard(overrides: ["EHLO": "500 what?\r\n"]))
        defer { Task { await server.close() } }
        try await client(server).send(message)
        #expect(server.commands.prefix(2) == ["EHLO localhost", "HELO localhost"])
    }

    @Test("5xx replies are permanent, 4xx transient, with the step and the server's words", arguments: [
        ("MAIL FROM:", "550 5.7.1 sender refused\r\n", true, 550, "MAIL FROM: the server answered 550 5.7.1 sender refused"),
        ("RCPT TO:", "550 5.1.1 no such user\r\n", true, 550, "RCPT TO <amal@example.org>: the server answered 550 5.1.1 no such user"),
        ("RCPT TO:", "452 4.2.2 mailbox full\r\n", false, 452, "RCPT TO <amal@example.org>: the server answered 452 4.2.2 mailbox full"),
        ("<end of data>", "451-4.3.0 greylisted\r\n451 4.3.0 come back later\r\n", false, 451,
         "end of DATA: the server answered 451 4.3.0 greylisted / 4.3.0 come back later"),
        ("<end of data>", "554 5.6.0 message refused\r\n", true, 554, "end of DATA: the server answered 554 5.6.0 message refused"),
        ("EHLO", "421 4.3.2 shutting down\r\n", false, 421, "EHLO: the server answered 421 4.3.2 shutting down"),
    ])
    func classification(command: String, reply: String, permanent: Bool, code: Int, text: String) async throws {
        let server = try await ScriptedSMTPServer(script: ScriptedSMTPServer.standard(overrides: [command: reply]))
        defer { Task { await server.close() } }
        let error = try #require(await failure { try await client(server).send(message) })
        #expect(error.isPermanent == permanent)
        #expect(error.replyCode == code)
        #expect(error.message == text)
        #expect(server.messages.isEmpty || command == "<end of data>")
    }

    @Test("A refused connection, a silent server and a greeting of garbage are transient")
    func connectionFailures() async throws {
        let refusing = try RefusingPort()
        let port = refusing.port
        let refused = try #require(await failure {
            try await SMTPClient(configuration: SMTPConfiguration(host: "127.0.0.1", port: port, security: .none, timeout: 2)).send(message)
        })
        #expect(!refused.isPermanent && refused.message.hasPrefix("cannot connect to 127.0.0.1:\(port)"))
        withExtendedLifetime(refusing) {}

        let silent = try await ScriptedSMTPServer(script: ScriptedSMTPServer.standard(overrides: ["MAIL FROM:": ""]))
        defer { Task { await silent.close() } }
        // The message says the client's own timeout ended the wait (no timed assertion: the
        // machine may be busy).
        let timedOut = try #require(await failure { try await client(silent, timeout: 1).send(message) })
        #expect(!timedOut.isPermanent && timedOut.message == "no reply from the server within 1 seconds")

        let garbage = try await ScriptedSMTPServer(greeting: "HTTP/1.1 400 Bad Request\r\n", script: ScriptedSMTPServer.standard())
        defer { Task { await garbage.close() } }
        let confused = try #require(await failure { try await client(garbage).send(message) })
        #expect(!confused.isPermanent && confused.message.hasPrefix("the server sent a line that is not an SMTP reply"))
    }

    @Test("STARTTLS security refuses to go on in clear when the server does not offer it")
    func startTLSRequired() async throws {
        let server = try await ScriptedSMTPServer(script: ScriptedSMTPServer.standard(extensions: ["AUTH PLAIN LOGIN"]))
        defer { Task { await server.close() } }
        let error = try #require(await failure {
            try await client(server, security: .startTLS, credentials: .init(username: "u", password: "secret-pw")).send(message)
        })
        #expect(!error.isPermanent && error.message.contains("does not offer STARTTLS"))
        #expect(server.commands == ["EHLO localhost"])
    }

    @Test("Plain connections go to loopback servers only")
    func plainOnlyToLoopback() async throws {
        let client = try SMTPClient(configuration: SMTPConfiguration(host: "smtp.example.org", security: .none))
        let error = try #require(await failure { try await client.send(message) })
        #expect(error.isPermanent && error.message.contains("only to a server on this machine"))
    }

    @Test("AUTH uses PLAIN when offered, else LOGIN; a 535 is permanent and never shows the password")
    func authentication() async throws {
        let credentials = SMTPConfiguration.Credentials(username: "jadwal", password: "secret-pw")
        let plain = try await ScriptedSMTPServer(script: ScriptedSMTPServer.standard(
            extensions: ["AUTH=LOGIN PLAIN"], overrides: ["AUTH PLAIN": "235 ok\r\n"]))
        defer { Task { await plain.close() } }
        try await client(plain, credentials: credentials).send(message)
        #expect(plain.commands[1] == "AUTH PLAIN " + Data("\u{0}jadwal\u{0}secret-pw".utf8).base64EncodedString())

        let login = try await ScriptedSMTPServer(script: ScriptedSMTPServer.standard(
            extensions: ["AUTH LOGIN"], overrides: ["AUTH LOGIN": "334 VXNlcm5hbWU6\r\n", "amFkd2Fs": "334 UGFzc3dvcmQ6\r\n", "c2VjcmV0LXB3": "235 ok\r\n"]))
        defer { Task { await login.close() } }
        try await client(login, credentials: credentials).send(message)
        #expect(login.commands[1...3] == ["AUTH LOGIN", "amFkd2Fs", "c2VjcmV0LXB3"])

        let wrong = try await ScriptedSMTPServer(script: ScriptedSMTPServer.standard(
            extensions: ["AUTH PLAIN"], overrides: ["AUTH PLAIN": "535 5.7.8 Authentication credentials invalid\r\n"]))
        defer { Task { await wrong.close() } }
        let error = try #require(await failure { try await client(wrong, credentials: credentials).send(message) })
        #expect(error.isPermanent && error.replyCode == 535 && error.message == "AUTH PLAIN: the server answered 535 5.7.8 Authentication credentials invalid")
        #expect(!error.description.contains("secret-pw") && !error.description.contains("c2VjcmV0LXB3"))
        #expect(wrong.messages.isEmpty)

        let none = try await ScriptedSMTPServer(script: ScriptedSMTPServer.standard(extensions: ["AUTH CRAM-MD5"]))
        defer { Task { await none.close() } }
        let unsupported = try #require(await failure { try await client(none, credentials: credentials).send(message) })
        #expect(!unsupported.isPermanent && unsupported.message.contains("offers only AUTH CRAM-MD5"))
    }

    @Test("A message larger than the server's SIZE is refused before DATA")
    func size() async throws {
        let server = try await ScriptedSMTPServer(script: ScriptedSMTPServer.standard(extensions: ["SIZE 100"]))
        defer { Task { await server.close() } }
        let error = try #require(await failure { try await client(server).send(message) })
        #expect(error.isPermanent && error.message.contains("larger than the server accepts (100)"))
        #expect(!server.commands.contains("DATA"))
    }

    @Test("The outbox folder gets one whole .eml file per message, written once")
    func folder() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = OutboxFolderTransport(folder: folder)
        let first = try transport.write(message)
        let again = try transport.write(message)
        #expect(first == again)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files == [first.lastPathComponent])
        #expect(first.lastPathComponent.hasSuffix(".eml") && first.lastPathComponent.contains(String(message.messageID.dropFirst().prefix(36))))
        #expect(try Data(contentsOf: first) == Data(message.rendered()))
        let permissions = try FileManager.default.attributesOfItem(atPath: first.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }
}
