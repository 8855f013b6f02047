import Foundation
import NIOCore
import NIOSSL

/// Sends messages to one SMTP server (RFC 5321): EHLO (HELO for old servers), STARTTLS
/// (RFC 3207) or implicit TLS, AUTH PLAIN or LOGIN (RFC 4954), then MAIL, RCPT and DATA.
///
/// Each ``send(_:)`` opens its own connection, so the client is cheap to share. TLS checks
/// the server's certificate against the system's roots or ``SMTPConfiguration/caFile``,
/// and the name in it against the host.
///
/// ```swift
/// let client = try SMTPClient(configuration: SMTPConfiguration(
///     host: "smtp.example.org", credentials: .init(username: "jadwal", password: secret)))
/// try await client.send(message)
/// ```
public struct SMTPClient: Sendable {
    /// The server and how to reach it.
    public let configuration: SMTPConfiguration
    private let tls: NIOSSLContext?

    /// A client for `configuration`.
    /// - Throws: ``MailDeliveryError`` (permanent) when the CA file cannot be read.
    public init(configuration: SMTPConfiguration) throws {
        self.configuration = configuration
        guard configuration.security != .none else {
            tls = nil
            return
        }
        var settings = TLSConfiguration.makeClientConfiguration()
        settings.minimumTLSVersion = .tlsv12
        settings.certificateVerification = .fullVerification
        if let caFile = configuration.caFile { settings.trustRoots = .file(caFile) }
        do {
            tls = try NIOSSLContext(configuration: settings)
        } catch {
            throw MailDeliveryError.permanent("cannot load the trusted certificates\(configuration.caFile.map { " from \($0)" } ?? ""): \(error)")
        }
    }

    /// Delivers `message` to the server, returning once the server has accepted it.
    /// - Throws: ``MailDeliveryError``, permanent for 5xx replies, transient otherwise.
    public func send(_ message: MailMessage) async throws {
        guard configuration.security != .none || SMTPConfiguration.isLoopback(configuration.host) else {
            throw MailDeliveryError.permanent("SMTP without TLS is allowed only to a server on this machine, not \(configuration.host)")
        }
        let connection = try await SMTPConnection.connect(
            host: configuration.host, port: configuration.port, timeout: configuration.timeout,
            tls: configuration.security == .tls ? tls : nil, serverHostname: serverHostname)
        do {
            try await SMTPSession(connection: connection, configuration: configuration, tls: tls, serverHostname: serverHostname).deliver(message)
        } catch {
            await connection.close()
            throw error as? MailDeliveryError ?? .transient("\(error)")
        }
        // The message is the server's now: a failed QUIT changes nothing.
        _ = try? await connection.command("QUIT")
        await connection.close()
    }

    /// The name checked against the certificate and sent in SNI; `nil` for an IP address,
    /// which is checked against the connected address instead. (NIOSSL also accepts a
    /// certificate whose IP address entry matches the connected address when a name is given.)
    private var serverHostname: String? {
        let host = configuration.host
        let isIPAddress = host.contains(":") || (host.split(separator: ".").count == 4 && host.allSatisfy { $0.isNumber || $0 == "." })
        return isIPAddress ? nil : host
    }
}

/// One conversation with a server, from greeting to the end of DATA.
struct SMTPSession {
    let connection: SMTPConnection
    let configuration: SMTPConfiguration
    let tls: NIOSSLContext?
    let serverHostname: String?

    func deliver(_ message: MailMessage) async throws {
        try expect(try await connection.readReply(), 220, "greeting")
        var capabilities = try await hello()
        if configuration.security == .startTLS {
            guard capabilities["STARTTLS"] != nil, let tls else {
                throw MailDeliveryError.transient("\(configuration.host) does not offer STARTTLS; refusing to send in clear (set smtp.security to tls for port 465)")
            }
            try expect(try await connection.command("STARTTLS"), 220, "STARTTLS")
            try await connection.startTLS(tls, serverHostname: serverHostname)
            capabilities = try await hello()
        }
        if let credentials = configuration.credentials {
            try await authenticate(credentials, offered: capabilities["AUTH"] ?? [])
        }
        let data = SMTPSession.dotStuffed(message.rendered())
        if let limit = capabilities["SIZE"]?.first.flatMap(Int.init), limit > 0, data.count > limit {
            throw MailDeliveryError.permanent("the message (\(data.count) bytes) is larger than the server accepts (\(limit))")
        }
        try expect(try await connection.command("MAIL FROM:<\(message.from.address)>"), 250, "MAIL FROM")
        for recipient in message.to {
            try expect(try await connection.command("RCPT TO:<\(recipient.address)>"), 250, "RCPT TO <\(recipient.address)>", also: [251])
        }
        try expect(try await connection.command("DATA"), 354, "DATA")
        try await connection.write(data)
        try expect(try await connection.readReply(), 250, "end of DATA")
    }

    /// EHLO, or HELO when the server does not know EHLO; the extensions offered, keyed by
    /// upper-cased keyword (`AUTH` → `["PLAIN", "LOGIN"]`).
    private func hello() async throws -> [String: [String]] {
        let reply = try await connection.command("EHLO \(configuration.clientName)")
        guard reply.isPositive else {
            // RFC 5321 §4.1.4: a server that does not recognise EHLO answers 500 or 502.
            guard [500, 502].contains(reply.code) else { throw Self.failure(reply, "EHLO") }
            try expect(try await connection.command("HELO \(configuration.clientName)"), 250, "HELO")
            return [:]
        }
        var capabilities: [String: [String]] = [:]
        for line in reply.lines.dropFirst() {
            // Old servers write AUTH=PLAIN LOGIN.
            let words = line.replacingOccurrences(of: "=", with: " ").split(separator: " ").map { $0.uppercased() }
            guard let keyword = words.first else { continue }
            capabilities[keyword, default: []] += words.dropFirst()
        }
        return capabilities
    }

    /// AUTH PLAIN when offered, else AUTH LOGIN.
    private func authenticate(_ credentials: SMTPConfiguration.Credentials, offered: [String]) async throws {
        let base64: (String) -> String = { Data($0.utf8).base64EncodedString() }
        if offered.contains("PLAIN") {
            // RFC 4616: authorization identity (empty), user, password, NUL-separated.
            let reply = try await connection.command("AUTH PLAIN " + base64("\u{0}\(credentials.username)\u{0}\(credentials.password)"))
            try expect(reply, 235, "AUTH PLAIN")
        } else if offered.contains("LOGIN") {
            try expect(try await connection.command("AUTH LOGIN"), 334, "AUTH LOGIN")
            try expect(try await connection.command(base64(credentials.username)), 334, "AUTH LOGIN user name")
            try expect(try await connection.command(base64(credentials.password)), 235, "AUTH LOGIN")
        } else {
            let what = offered.isEmpty ? "does not offer AUTH" : "offers only AUTH \(offered.joined(separator: " "))"
            throw MailDeliveryError.transient("\(configuration.host) \(what); jadwald speaks AUTH PLAIN and LOGIN")
        }
    }

    private func expect(_ reply: SMTPReply, _ code: Int, _ step: String, also: [Int] = []) throws {
        guard reply.code == code || also.contains(reply.code) else { throw Self.failure(reply, step) }
    }

    /// 5xx replies are permanent; 4xx and anything unexpected may pass.
    static func failure(_ reply: SMTPReply, _ step: String) -> MailDeliveryError {
        let message = "\(step): the server answered \(reply)"
        return reply.isPermanentFailure ? .permanent(message, replyCode: reply.code) : .transient(message, replyCode: reply.code)
    }

    /// The message as DATA (RFC 5321 §4.5.2): a `.` doubled at the start of each line,
    /// CRLF at the end, then the `.` line that ends the data.
    static func dotStuffed(_ message: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(message.count + 64)
        var atLineStart = true
        for byte in message {
            if atLineStart && byte == UInt8(ascii: ".") { output.append(byte) }
            output.append(byte)
            atLineStart = byte == 10
        }
        if !atLineStart { output += [13, 10] }
        return output + Array(".\r\n".utf8)
    }
}
