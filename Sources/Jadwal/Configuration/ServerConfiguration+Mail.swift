import Foundation
import Mail

extension ServerConfiguration {
    /// The mail settings checked together.
    func validateMail() throws(Problem) {
        let smtpOnly: [(String, Bool)] = [("smtp.username", smtpUsername != nil), ("smtp.password", smtpPassword != nil),
                                          ("smtp.password_file", smtpPasswordFile != nil), ("smtp.ca_file", smtpCAFile != nil)]
        guard let host = smtpHost else {
            if let key = smtpOnly.first(where: \.1)?.0 { throw Problem(description: "\(key) is set but smtp.host is not") }
            return
        }
        if smtpSecurity == .none && !SMTPConfiguration.isLoopback(host) {
            throw Problem(description: "smtp.security = none sends mail and passwords in clear: it is allowed only for a server on 127.0.0.1 or localhost, not \(host)")
        }
        if smtpPassword != nil && smtpPasswordFile != nil {
            throw Problem(description: "set smtp.password or smtp.password_file, not both")
        }
        if (smtpUsername == nil) != (smtpPassword == nil && smtpPasswordFile == nil) {
            throw Problem(description: "SMTP authentication needs both smtp.username and smtp.password (or smtp.password_file)")
        }
        if smtpSecurity == .none && smtpCAFile != nil {
            throw Problem(description: "smtp.ca_file is for TLS, but smtp.security is none")
        }
    }

    /// The sender address from `mail.from`.
    public var mailSender: MailAddress {
        // `set` accepted only values that parse.
        (try? MailAddress(parsing: mailFrom)) ?? (try! MailAddress("jadwal@localhost"))
    }

    /// The SMTP server to send through, reading the password file if one is named; `nil`
    /// when mail goes to the outbox folder.
    public func smtpConfiguration() throws(Problem) -> SMTPConfiguration? {
        guard let host = smtpHost else { return nil }
        var password = smtpPassword?.value
        if let file = smtpPasswordFile {
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                throw Problem(description: "cannot read smtp.password_file \(file)")
            }
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map { $0.hasSuffix("\r") ? $0.dropLast() : $0 } ?? ""
            guard !line.isEmpty, line.count <= 1024 else { throw Problem(description: "smtp.password_file \(file) must hold the password on its first line") }
            password = String(line)
        }
        let credentials = smtpUsername.map { SMTPConfiguration.Credentials(username: $0, password: password ?? "") }
        return SMTPConfiguration(host: host, port: smtpPort, security: smtpSecurity, credentials: credentials,
                                 timeout: smtpTimeout, caFile: smtpCAFile)
    }

    /// The folder mail goes to when no SMTP server is set: `<data>/outbox`.
    public var outboxFolder: URL { URL(fileURLWithPath: data).appendingPathComponent("outbox") }
}
