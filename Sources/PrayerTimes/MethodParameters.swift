/// The astronomical definition of the times that differ between calculation methods.
///
/// Every ``CalculationMethod`` has one (``CalculationMethod/parameters``); change a copy in
/// ``PrayerParameters/methodParameters`` for a custom calculation.
public struct MethodParameters: Sendable, Hashable, Codable {
    /// Depression of the sun below the horizon at Fajr, in degrees.
    public var fajrAngle: Double
    /// How Maghrib follows sunset.
    public var maghrib: MaghribRule
    /// How Isha is found.
    public var isha: IshaRule
    /// Which span of the night gives midnight.
    public var midnight: MidnightMode
    /// Minutes from solar noon (the sun's transit) to Dhuhr.
    public var dhuhrMinutes: Double
    /// Fajr and Isha bounded by the Moonsighting Committee's seasonal curves instead of a
    /// ``HighLatitudeRule`` (see ``MoonsightingCommitteeSeason``).
    public var seasonalTwilight: Bool

    public init(
        fajrAngle: Double,
        maghrib: MaghribRule = .minutesAfterSunset(0),
        isha: IshaRule,
        midnight: MidnightMode = .standard,
        dhuhrMinutes: Double = 0,
        seasonalTwilight: Bool = false
    ) {
        self.fajrAngle = fajrAngle
        self.maghrib = maghrib
        self.isha = isha
        self.midnight = midnight
        self.dhuhrMinutes = dhuhrMinutes
        self.seasonalTwilight = seasonalTwilight
    }
}

/// How Maghrib is found from sunset.
public enum MaghribRule: Sendable, Hashable, Codable {
    /// A fixed number of minutes after sunset (0 for most methods).
    case minutesAfterSunset(Double)
    /// When the sun is this many degrees below the horizon (Tehran, Jafari).
    case angle(Double)
}

/// How Isha is found.
public enum IshaRule: Sendable, Hashable, Codable {
    /// When the sun is this many degrees below the horizon.
    case angle(Double)
    /// A fixed interval after Maghrib, with another interval during the month of Ramadan
    /// of the Umm al-Qura calendar when `ramadan` is set.
    case minutesAfterMaghrib(Double, ramadan: Double?)
}
