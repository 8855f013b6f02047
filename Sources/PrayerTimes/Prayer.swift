/// The daily times a ``PrayerDay`` holds, in the order they occur.
///
/// Sunrise is not a prayer but ends the time of Fajr, so it is listed with them.
public enum Prayer: String, CaseIterable, Sendable, Hashable, Codable {
    case fajr, sunrise, dhuhr, asr, maghrib, isha

    /// English name, e.g. "Fajr".
    public var name: String {
        switch self {
        case .fajr: "Fajr"
        case .sunrise: "Sunrise"
        case .dhuhr: "Dhuhr"
        case .asr: "Asr"
        case .maghrib: "Maghrib"
        case .isha: "Isha"
        }
    }

    /// Whether this is one of the five obligatory prayers (all but sunrise).
    public var isPrayer: Bool { self != .sunrise }

    /// The five prayers, without sunrise.
    public static let obligatory: [Prayer] = [.fajr, .dhuhr, .asr, .maghrib, .isha]
}
