/// A failure of ``PostgresPool`` itself, as opposed to one the server reported.
public struct PostgresPoolError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Base: Hashable, Sendable { case connectionTimedOut }
    private let base: Base

    /// No connection to the server could be had within the database's connection timeout.
    public static let connectionTimedOut = PostgresPoolError(base: .connectionTimedOut)

    public var description: String {
        switch base {
        case .connectionTimedOut: "no connection to the database within the connection timeout"
        }
    }
}
