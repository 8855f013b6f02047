/// Bounds the parser enforces so that hostile input cannot exhaust memory or time.
public struct ParserLimits: Sendable, Equatable {
    /// Longest content line after unfolding, in bytes.
    public var maxLineLength: Int
    /// Deepest component nesting (VCALENDAR > VEVENT > VALARM is 3).
    public var maxDepth: Int
    /// Most properties in the whole input.
    public var maxProperties: Int
    /// Most components in the whole input.
    public var maxComponents: Int

    public init(maxLineLength: Int = 4 << 20, maxDepth: Int = 16, maxProperties: Int = 4_000_000, maxComponents: Int = 1_000_000) {
        self.maxLineLength = maxLineLength
        self.maxDepth = maxDepth
        self.maxProperties = maxProperties
        self.maxComponents = maxComponents
    }

    /// Generous defaults suited to whole-calendar exports.
    public static let `default` = ParserLimits()
}
