/// Why a ``TemporaryPostgres`` could not be started or used.
public struct TemporaryPostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
