import Foundation
import PrayerTimes
import Testing

/// Every latitude from pole to pole, every method and rule, a day a week through 2026.
@Suite("Global grid")
struct GlobalGridTests {
    static let latitudes = Array(stride(from: -90.0, through: 90.0, by: 5))

    @Test("Ordered everywhere, and each Isha comes before the next Fajr", arguments: latitudes)
    func ordered(latitude: Double) {
        let longitude = latitude * 2  // vary the longitude too
        let zone = TimeZone(secondsFromGMT: Int((longitude / 15).rounded()) * 3_600)!
        for method in CalculationMethod.allCases {
            for rule in HighLatitudeRule.allCases {
                let calculator = PrayerTimesCalculator(
                    coordinates: Coordinates(latitude: latitude, longitude: longitude),
                    timeZone: zone,
                    parameters: PrayerParameters(method: method, highLatitudeRule: rule)
                )
                let context = "\(latitude),\(longitude) \(method.shortName) \(rule.rawValue)"
                var date = LocalDate(year: 2026, month: 1, day: 1)
                while date.year == 2026 {
                    let pair = calculator.times(from: date, days: 2)
                    OrderingChecks.expectWellFormed(pair[0], context)
                    #expect(!pair[0].fallbacks.contains(.reordered), "\(context) \(date): needed reordering")
                    // Each night is shared by the days around it. Under rule none Isha and the
                    // next Fajr may both be the sun's lowest point, which moves a few seconds a
                    // day, and a fixed Isha interval is not capped, so it can outlast a short night.
                    let uncappedInterval: Bool
                    if case .minutesAfterMaghrib = method.parameters.isha { uncappedInterval = rule == .none } else { uncappedInterval = false }
                    if !uncappedInterval {
                        #expect(pair[0].isha <= pair[1].fajr.addingTimeInterval(60), "\(context) \(date): Isha after the next Fajr")
                    }
                    date = date.adding(days: 7)
                }
            }
        }
    }
}
