import Foundation
import PrayerTimes
import Testing

@Suite("Default methods")
struct DefaultMethodTests {
    @Test("By country", arguments: [
        ("SA", CalculationMethod.ummAlQura), ("eg", .egyptian), ("PK", .karachi), ("IN", .karachi),
        ("BD", .karachi), ("AF", .karachi), ("US", .isna), ("CA", .isna), ("GB", .muslimWorldLeague),
        ("DE", .muslimWorldLeague), ("IR", .tehran), ("AE", .gulf), ("OM", .gulf), ("BH", .gulf),
        ("KW", .kuwait), ("QA", .qatar), ("SG", .singapore), ("MY", .singapore), ("ID", .singapore),
        ("BN", .singapore), ("TR", .turkey), ("FR", .france), ("RU", .russia), ("NG", .muslimWorldLeague),
        ("", .muslimWorldLeague),
    ])
    func byCountry(code: String, method: CalculationMethod) {
        #expect(CalculationMethod.defaultMethod(forCountryCode: code) == method)
    }

    @Test("By time zone", arguments: [
        ("Asia/Riyadh", CalculationMethod.ummAlQura), ("America/New_York", .isna), ("America/Chicago", .isna),
        ("America/Los_Angeles", .isna), ("America/Toronto", .isna), ("America/Vancouver", .isna),
        ("America/Indiana/Indianapolis", .isna), ("Pacific/Honolulu", .isna), ("US/Eastern", .isna),
        ("America/Mexico_City", .muslimWorldLeague), ("America/Sao_Paulo", .muslimWorldLeague),
        ("Europe/London", .muslimWorldLeague), ("Europe/Berlin", .muslimWorldLeague), ("Europe/Paris", .france),
        ("Europe/Moscow", .russia), ("Asia/Vladivostok", .russia), ("Europe/Istanbul", .turkey),
        ("Africa/Cairo", .egyptian), ("Asia/Karachi", .karachi), ("Asia/Kolkata", .karachi),
        ("Asia/Calcutta", .karachi), ("Asia/Dhaka", .karachi), ("Asia/Kabul", .karachi), ("Asia/Tehran", .tehran),
        ("Asia/Dubai", .gulf), ("Asia/Muscat", .gulf), ("Asia/Bahrain", .gulf), ("Asia/Kuwait", .kuwait),
        ("Asia/Qatar", .qatar), ("Asia/Singapore", .singapore), ("Asia/Kuala_Lumpur", .singapore),
        ("Asia/Jakarta", .singapore), ("Asia/Makassar", .singapore), ("Asia/Brunei", .singapore),
        ("UTC", .muslimWorldLeague), ("Etc/GMT+3", .muslimWorldLeague), ("Not/AZone", .muslimWorldLeague),
    ])
    func byTimeZone(identifier: String, method: CalculationMethod) {
        #expect(CalculationMethod.defaultMethod(forTimeZoneIdentifier: identifier) == method)
    }

    @Test("From a Foundation time zone")
    func fromTimeZone() throws {
        let zone = try #require(TimeZone(identifier: "Asia/Riyadh"))
        #expect(CalculationMethod.defaultMethod(for: zone) == .ummAlQura)
        #expect(TimeZoneCountries.countryCode(forTimeZoneIdentifier: "Europe/Oslo") == "NO")
    }
}
