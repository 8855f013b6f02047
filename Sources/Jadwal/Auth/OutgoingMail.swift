/// A message the application wants sent: the daemon queues it in the durable outbox.
/// Kept this small so that sign-in does not depend on how mail travels.
public struct OutgoingMail: Sendable, Equatable {
    public var to: String
    public var subject: String
    public var text: String

    public init(to: String, subject: String, text: String) {
        self.to = to
        self.subject = subject
        self.text = text
    }
}
