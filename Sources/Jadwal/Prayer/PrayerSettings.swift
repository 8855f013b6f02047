import Foundation
import PrayerTimes

/// One user's prayer-times calendar: where they pray, by which method, and how the
/// prayers appear (block lengths, reminders). Changing any of it changes ``version``,
/// which moves the calendar's sync token and ctag, so clients fetch the new times.
public struct PrayerSettings: Sendable, Hashable {
    /// The place; `nil` until the user sets one (the calendar is then empty).
    public var place: Place?
    public var method: CalculationMethod?
    public var asrSchool: AsrSchool = .standard
    public var highLatitudeRule: HighLatitudeRule = .middleOfNight
    /// Length of each prayer's block, in minutes.
    public var blockMinutes = 20
    /// Length of Friday's Dhuhr, which is Jumu'ah.
    public var jumuahMinutes = 45
    /// A reminder this many minutes before each prayer; `nil` for none.
    public var reminderMinutes: Int?
    public var isEnabled = true
    /// Bumped by every change.
    public var version: Int64 = 0
    /// Seconds since the epoch of the last change.
    public var updatedAt = 0
    /// The secret in the subscription feed's URL; rotating it cuts off old subscribers.
    public var feedToken = ""

    /// Where the times are computed for.
    public struct Place: Sendable, Hashable {
        public var name: String?
        public var latitude: Double
        public var longitude: Double
        public var elevation: Double
        public var timeZone: String

        public init(name: String? = nil, latitude: Double, longitude: Double, elevation: Double = 0, timeZone: String) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.elevation = elevation
            self.timeZone = timeZone
        }
    }

    public init() {}

    /// The place of a city in the built-in list (English or Arabic name, "Name, CC" to
    /// pick a country), named "English · Arabic".
    public static func place(city query: String) -> Place? {
        guard let city = CityDirectory.named(query) else { return nil }
        return Place(name: "\(city.name) · \(city.arabicName)", latitude: city.latitude, longitude: city.longitude,
                     timeZone: city.timeZoneIdentifier)
    }

    /// Block and reminder lengths accepted, in minutes.
    public static let minuteRange = 1...240

    /// The method used: the chosen one, else the default for the place's country.
    public var effectiveMethod: CalculationMethod {
        if let method { return method }
        guard let place else { return .muslimWorldLeague }
        return CalculationMethod.defaultMethod(forTimeZoneIdentifier: place.timeZone)
    }

    /// The calculator for these settings, or `nil` without a valid place.
    public var calculator: PrayerTimesCalculator? {
        guard isEnabled, let place, let zone = TimeZone(identifier: place.timeZone) else { return nil }
        return PrayerTimesCalculator(
            coordinates: Coordinates(latitude: place.latitude, longitude: place.longitude, elevation: place.elevation),
            timeZone: zone,
            parameters: PrayerParameters(method: effectiveMethod, asrSchool: asrSchool, highLatitudeRule: highLatitudeRule))
    }

    /// A new random feed token: 128 bits, URL-safe.
    public static func newFeedToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<26).map { _ in alphabet.randomElement(using: &generator)! })
    }
}
