import Foundation

/// The prayer times of one local date, as instants.
///
/// All times belong to the date's solar day: Isha or midnight may fall after 00:00 of the
/// next calendar day at high latitudes or in summer. The order
/// `fajr < sunrise < dhuhr < asr < maghrib < isha` always holds.
public struct PrayerDay: Sendable, Hashable {
    /// The local date the times are for.
    public let date: LocalDate
    public let fajr: Date
    public let sunrise: Date
    public let dhuhr: Date
    public let asr: Date
    /// Astronomical sunset (Maghrib can be later, depending on the method).
    public let sunset: Date
    public let maghrib: Date
    public let isha: Date
    /// Middle of the night after this date: between sunset and the next sunrise, or the next
    /// Fajr for ``MidnightMode/jafari``.
    public let midnight: Date
    /// Start of the last third of the same night.
    public let lastThird: Date
    /// Which times are estimates rather than the method's plain definition.
    public let fallbacks: Fallbacks

    public init(
        date: LocalDate, fajr: Date, sunrise: Date, dhuhr: Date, asr: Date, sunset: Date,
        maghrib: Date, isha: Date, midnight: Date, lastThird: Date, fallbacks: Fallbacks = []
    ) {
        self.date = date
        self.fajr = fajr
        self.sunrise = sunrise
        self.dhuhr = dhuhr
        self.asr = asr
        self.sunset = sunset
        self.maghrib = maghrib
        self.isha = isha
        self.midnight = midnight
        self.lastThird = lastThird
        self.fallbacks = fallbacks
    }

    /// The time of `prayer`.
    public subscript(prayer: Prayer) -> Date {
        switch prayer {
        case .fajr: fajr
        case .sunrise: sunrise
        case .dhuhr: dhuhr
        case .asr: asr
        case .maghrib: maghrib
        case .isha: isha
        }
    }

    /// The six times in order.
    public var times: [(prayer: Prayer, time: Date)] {
        Prayer.allCases.map { ($0, self[$0]) }
    }

    /// Times that did not come straight from the method's definition.
    public struct Fallbacks: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The sun does not rise, does not set, or never casts the Asr shadow at this place on
        /// this date (polar day or night); the whole day was computed for the nearest latitude
        /// where it does: 65°, which has a sunrise and a sunset on every day of the year.
        public static let nearestLatitude = Fallbacks(rawValue: 1 << 0)
        /// Fajr comes from the high-latitude rule (or seasonal curve), not from its angle.
        public static let fajr = Fallbacks(rawValue: 1 << 1)
        /// Maghrib's angle was not reached early enough; it is bounded by the angle-based rule.
        public static let maghrib = Fallbacks(rawValue: 1 << 2)
        /// Isha comes from the high-latitude rule (or seasonal curve), not from its definition.
        public static let isha = Fallbacks(rawValue: 1 << 3)
        /// Adjustments would have put a time at or before the previous one; it was moved to
        /// one minute after it.
        public static let reordered = Fallbacks(rawValue: 1 << 4)
    }
}
