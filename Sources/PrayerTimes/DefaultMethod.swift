import Foundation

extension CalculationMethod {
    /// The method usually followed in a country, from its ISO 3166-1 alpha-2 code (any case).
    ///
    /// Saudi Arabia: Umm al-Qura. Egypt: Egyptian. Pakistan, India, Bangladesh, Afghanistan:
    /// Karachi. United States, Canada: ISNA. Iran: Tehran. United Arab Emirates, Oman, Bahrain:
    /// Gulf. Kuwait, Qatar, Turkey, France, Russia: their own. Singapore, Malaysia, Indonesia,
    /// Brunei: Singapore (MUIS). Everywhere else, including the United Kingdom and the rest of
    /// Europe: Muslim World League.
    public static func defaultMethod(forCountryCode code: String) -> CalculationMethod {
        switch code.uppercased() {
        case "SA": .ummAlQura
        case "EG": .egyptian
        case "PK", "IN", "BD", "AF": .karachi
        case "US", "CA": .isna
        case "IR": .tehran
        case "AE", "OM", "BH": .gulf
        case "KW": .kuwait
        case "QA": .qatar
        case "SG", "MY", "ID", "BN": .singapore
        case "TR": .turkey
        case "FR": .france
        case "RU": .russia
        default: .muslimWorldLeague
        }
    }

    /// The default method of the country an IANA time zone belongs to (`Asia/Riyadh`:
    /// Umm al-Qura, `America/Chicago`: ISNA), or Muslim World League when the zone names
    /// no country (`UTC`, `Etc/GMT+3`) or is unknown.
    public static func defaultMethod(forTimeZoneIdentifier identifier: String) -> CalculationMethod {
        TimeZoneCountries.countryCode(forTimeZoneIdentifier: identifier)
            .map(defaultMethod(forCountryCode:)) ?? .muslimWorldLeague
    }

    /// The default method for the country of `timeZone` (see ``defaultMethod(forTimeZoneIdentifier:)``).
    public static func defaultMethod(for timeZone: TimeZone) -> CalculationMethod {
        defaultMethod(forTimeZoneIdentifier: timeZone.identifier)
    }
}

/// The country of each IANA time zone, from the time zone database's `zone.tab`.
public enum TimeZoneCountries: Sendable {
    /// ISO 3166-1 alpha-2 code of the country whose time zone `identifier` is (its main
    /// country, for the few zones that `zone.tab` lists once for several), or `nil`.
    public static func countryCode(forTimeZoneIdentifier identifier: String) -> String? {
        table[identifier]
    }
}
