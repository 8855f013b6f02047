/// Something that takes a message off our hands: an SMTP server, or a folder.
///
/// A transport either returns, meaning the message is delivered and must not be sent
/// again, or throws. A ``MailDeliveryError`` says whether trying again may help; any other
/// error counts as transient.
public protocol MailTransport: Sendable {
    /// Delivers `message`, or throws why not.
    func deliver(_ message: MailMessage) async throws
}

/// Delivers through an ``SMTPClient``.
public struct SMTPTransport: MailTransport {
    public let client: SMTPClient

    /// A transport that sends through `client`.
    public init(client: SMTPClient) {
        self.client = client
    }

    /// Sends `message`; see ``SMTPClient/send(_:)``.
    public func deliver(_ message: MailMessage) async throws {
        try await client.send(message)
    }
}
