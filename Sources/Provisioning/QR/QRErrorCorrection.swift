extension QRCode {
    /// How much of the symbol may be damaged and still read (ISO/IEC 18004 §6.5.1).
    public enum ErrorCorrection: Int, Sendable, CaseIterable {
        /// About 7 % of codewords can be restored.
        case low
        /// About 15 %: the usual choice for a URL shown on a screen.
        case medium
        /// About 25 %.
        case quartile
        /// About 30 %.
        case high

        /// The two bits that name the level in the format information (Table 12).
        var formatBits: Int {
            switch self {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        }
    }
}
