/// Minutes added to each computed time, e.g. a mosque's own offsets ("tune" in praytimes.org).
///
/// Fractions of a minute are kept. Negative values make a time earlier.
public struct Adjustments: Sendable, Hashable, Codable {
    public var fajr: Double
    public var sunrise: Double
    public var dhuhr: Double
    public var asr: Double
    public var maghrib: Double
    public var isha: Double

    public init(fajr: Double = 0, sunrise: Double = 0, dhuhr: Double = 0, asr: Double = 0, maghrib: Double = 0, isha: Double = 0) {
        self.fajr = fajr
        self.sunrise = sunrise
        self.dhuhr = dhuhr
        self.asr = asr
        self.maghrib = maghrib
        self.isha = isha
    }

    /// No adjustment.
    public static let none = Adjustments()

    /// Minutes for one time.
    public subscript(prayer: Prayer) -> Double {
        get {
            switch prayer {
            case .fajr: fajr
            case .sunrise: sunrise
            case .dhuhr: dhuhr
            case .asr: asr
            case .maghrib: maghrib
            case .isha: isha
            }
        }
        set {
            switch prayer {
            case .fajr: fajr = newValue
            case .sunrise: sunrise = newValue
            case .dhuhr: dhuhr = newValue
            case .asr: asr = newValue
            case .maghrib: maghrib = newValue
            case .isha: isha = newValue
            }
        }
    }
}
