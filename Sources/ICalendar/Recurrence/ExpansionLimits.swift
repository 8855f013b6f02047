/// Bounds on recurrence expansion, so a hostile rule cannot exhaust time or memory.
public struct ExpansionLimits: Sendable, Equatable {
    /// Most occurrences one expansion may return.
    public var maxOccurrences: Int
    /// Most instances generated for one recurring component, inside the window or not.
    public var maxGeneratedPerComponent: Int

    public init(maxOccurrences: Int = 200_000, maxGeneratedPerComponent: Int = 2_000_000) {
        self.maxOccurrences = maxOccurrences
        self.maxGeneratedPerComponent = maxGeneratedPerComponent
    }

    public static let `default` = ExpansionLimits()
}

/// An expansion that could not be completed.
public struct ExpansionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence saying what went wrong.
    public var reason: String
    /// The source line of the component at fault, or 0.
    public var line: Int

    public init(_ reason: String, line: Int = 0) {
        self.reason = reason
        self.line = line
    }

    public var description: String { reason }
}
