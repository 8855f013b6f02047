/// Why a storage URL could not be read as a ``PostgresLocation``. The message never quotes
/// the URL, so it never holds a password.
public struct PostgresLocationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
