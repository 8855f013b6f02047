/// A place from the built-in list of cities (see ``CityDirectory``): every national
/// capital and the largest cities, named in English and Arabic.
///
/// ```swift
/// let makkah = CityDirectory.named("مكة")!
/// let calculator = PrayerTimesCalculator(
///     coordinates: makkah.coordinates,
///     timeZone: TimeZone(identifier: makkah.timeZoneIdentifier)!,
///     parameters: .init(method: .defaultMethod(forCountryCode: makkah.countryCode))
/// )
/// ```
public struct City: Sendable, Hashable {
    /// The English name, as GeoNames writes it ("Riyadh", "São Paulo", "Zürich").
    public let name: String
    /// The Arabic name ("الرياض"), without diacritics (tashkeel).
    public let arabicName: String
    /// ISO 3166-1 alpha-2 code of the country or territory, upper case ("SA").
    public let countryCode: String
    /// Degrees, north positive, to four decimals (about 10 m).
    public let latitude: Double
    /// Degrees, east positive, to four decimals.
    public let longitude: Double
    /// The IANA time zone identifier ("Asia/Riyadh").
    public let timeZoneIdentifier: String
    /// Inhabitants, as GeoNames counts them (the city proper, sometimes the municipality).
    public let population: Int
    /// Whether this is the capital of the country or territory ``countryCode`` names.
    public let isCapital: Bool

    public init(
        name: String,
        arabicName: String,
        countryCode: String,
        latitude: Double,
        longitude: Double,
        timeZoneIdentifier: String,
        population: Int,
        isCapital: Bool
    ) {
        self.name = name
        self.arabicName = arabicName
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.timeZoneIdentifier = timeZoneIdentifier
        self.population = population
        self.isCapital = isCapital
    }

    /// The generated table's compact form (`CityTable.swift`): one line per place.
    init(
        _ name: String, _ arabicName: String, _ countryCode: String, _ latitude: Double, _ longitude: Double,
        _ timeZoneIdentifier: String, _ population: Int, _ isCapital: Bool
    ) {
        self.init(
            name: name, arabicName: arabicName, countryCode: countryCode, latitude: latitude, longitude: longitude,
            timeZoneIdentifier: timeZoneIdentifier, population: population, isCapital: isCapital
        )
    }

    /// The place at sea level, for ``PrayerTimesCalculator``.
    public var coordinates: Coordinates {
        Coordinates(latitude: latitude, longitude: longitude)
    }
}
