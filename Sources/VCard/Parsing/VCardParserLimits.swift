/// Bounds the parser enforces so that hostile input cannot exhaust memory or time.
public struct VCardParserLimits: Sendable, Equatable {
    /// Largest input, in bytes (a byte-order mark included).
    public var maxBytes: Int
    /// Longest content line after unfolding, in bytes. An embedded photo is one line.
    public var maxLineLength: Int
    /// Most properties in one card, `VERSION` included.
    public var maxPropertiesPerCard: Int
    /// Most cards in the input.
    public var maxCards: Int

    /// Creates limits; every value must be positive.
    public init(maxBytes: Int = 64 << 20, maxLineLength: Int = 16 << 20, maxPropertiesPerCard: Int = 10_000, maxCards: Int = 100_000) {
        self.maxBytes = maxBytes
        self.maxLineLength = maxLineLength
        self.maxPropertiesPerCard = maxPropertiesPerCard
        self.maxCards = maxCards
    }

    /// Generous defaults suited to whole address-book exports.
    public static let `default` = VCardParserLimits()
}
