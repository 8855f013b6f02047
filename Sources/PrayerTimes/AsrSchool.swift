/// Juristic school for the start of Asr: when an object's shadow is its noon shadow plus
/// the object's length times ``shadowFactor``.
public enum AsrSchool: String, CaseIterable, Sendable, Hashable, Codable {
    /// Shafi'i, Maliki, Hanbali (and Jafari): shadow factor 1.
    case standard
    /// Hanafi: shadow factor 2.
    case hanafi

    public var shadowFactor: Double {
        switch self {
        case .standard: 1
        case .hanafi: 2
        }
    }
}
