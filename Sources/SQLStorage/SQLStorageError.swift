/// A statement's result was not what the schema promises.
public struct SQLStorageError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
