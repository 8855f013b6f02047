/// Why an address or a message was refused when it was made. Nothing that fails these
/// checks is ever rendered, so no header can be injected and no line is too long.
public struct MailFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, in words a user can act on.
    public let description: String

    public init(_ description: String) { self.description = description }
}
