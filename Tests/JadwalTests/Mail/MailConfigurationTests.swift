import Foundation
import Mail
import Testing
@testable import Jadwal

/// The `mail.*` and `smtp.*` settings: defaults, parsing, refusals and hidden passwords.
struct MailConfigurationTests {
    @Test("Without smtp.host mail goes to the outbox folder, from Jadwal <jadwal@localhost>")
    func defaults() throws {
        let configuration = ServerConfiguration()
        try configuration.validate()
        #expect(try configuration.smtpConfiguration() == nil)
        #expect(configuration.mailSender == (try MailAddress("jadwal@localhost", displayName: "Jadwal")))
        #expect(configuration.outboxFolder.path.hasSuffix("data/outbox"))
    }

    @Test("A file sets every SMTP setting; the password never shows in descriptions")
    func file() throws {
        var configuration = ServerConfiguration()
        try configuration.apply(file: """
            [mail]
            from = "Calendar <cal@example.org>"
            [smtp]
            host = "smtp.example.org"
            port = 465
            security = "tls"
            username = "jadwal"
            password = "pa55-word-secret"
            timeout = 12
            ca_file = "/etc/ssl/smtp-ca.pem"
            """, source: "f")
        try configuration.validate()
        let smtp = try #require(try configuration.smtpConfiguration())
        #expect(smtp == SMTPConfiguration(host: "smtp.example.org", port: 465, security: .tls,
                                          credentials: .init(username: "jadwal", password: "pa55-word-secret"),
                                          timeout: 12, caFile: "/etc/ssl/smtp-ca.pem"))
        #expect(configuration.mailSender.description == "Calendar <cal@example.org>")
        for text in [String(describing: configuration), String(reflecting: configuration), String(describing: smtp), String(reflecting: smtp.credentials!)] {
            #expect(!text.contains("pa55-word-secret"))
        }
        #expect(ServerConfiguration.environmentName("smtp.password_file") == "JADWAL_SMTP_PASSWORD_FILE")
    }

    @Test("The password can come from a file's first line")
    func passwordFile() throws {
        let file = NSTemporaryDirectory() + "smtp-password-\(UUID().uuidString)"
        try "from-a-file\nignored\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        var configuration = ServerConfiguration()
        try configuration.apply(environment: ["JADWAL_SMTP_HOST": "127.0.0.1", "JADWAL_SMTP_USERNAME": "u", "JADWAL_SMTP_PASSWORD_FILE": file])
        try configuration.validate()
        #expect(try configuration.smtpConfiguration()?.credentials?.password == "from-a-file")
        configuration.smtpPasswordFile = file + ".missing"
        #expect(throws: ServerConfiguration.Problem.self) { try configuration.smtpConfiguration() }
    }

    @Test("Unsafe or incomplete mail settings are refused", arguments: [
        ("[smtp]\nhost = \"smtp.example.org\"\nsecurity = \"none\"", "smtp.security = none sends mail and passwords in clear"),
        ("[smtp]\nhost = \"127.0.0.1\"\nusername = \"u\"", "SMTP authentication needs both"),
        ("[smtp]\nhost = \"127.0.0.1\"\npassword = \"p\"", "SMTP authentication needs both"),
        ("[smtp]\nhost = \"127.0.0.1\"\nusername = \"u\"\npassword = \"p\"\npassword_file = \"/f\"", "set smtp.password or smtp.password_file"),
        ("[smtp]\nusername = \"u\"", "smtp.username is set but smtp.host is not"),
        ("[smtp]\nhost = \"localhost\"\nsecurity = \"none\"\nca_file = \"/ca.pem\"", "smtp.ca_file is for TLS"),
    ])
    func refusedTogether(_ text: String, _ message: String) throws {
        var configuration = ServerConfiguration()
        try configuration.apply(file: text, source: "f")
        #expect { try configuration.validate() } throws: { error in
            (error as? ServerConfiguration.Problem)?.description.hasPrefix(message) == true
        }
    }

    @Test("Bad values are refused as they are read", arguments: [
        ("[smtp]\nsecurity = \"ssl\"", "f: smtp.security must be starttls, tls or none"),
        ("[smtp]\ntimeout = 0", "f: smtp.timeout must be a whole number from 1 to 600"),
        ("[smtp]\nport = 0", "f: smtp.port must be a whole number from 1 to 65535"),
        ("[mail]\nfrom = \"nobody\"", "f: mail.from: 'nobody' is not an address"),
        ("[mail]\nfrom = \"A <a@example.org>\\nBcc: b@example.org\"", "f: mail.from:"),
    ])
    func refused(_ text: String, _ message: String) {
        var configuration = ServerConfiguration()
        #expect { try configuration.apply(file: text, source: "f") } throws: { error in
            (error as? ServerConfiguration.Problem)?.description.hasPrefix(message) == true
        }
    }

    @Test("Plain SMTP is allowed to loopback servers only", arguments: [
        ("127.0.0.1", true), ("localhost", true), ("::1", true), ("127.0.0.53", true), ("10.0.0.1", false), ("smtp.example.org", false),
        ("127.example.org", false), ("127.0.0.1.example.org", false),
    ])
    func loopback(_ host: String, _ allowed: Bool) {
        #expect(SMTPConfiguration.isLoopback(host) == allowed)
    }
}
