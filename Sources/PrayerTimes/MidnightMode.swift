/// Which span of the night gives "midnight" and its last third.
public enum MidnightMode: String, CaseIterable, Sendable, Hashable, Codable {
    /// Sunset to the next sunrise (the Sunni schools).
    case standard
    /// Sunset to the next Fajr (Shia Ithna-Ashari; Tehran and Jafari methods).
    case jafari
}
