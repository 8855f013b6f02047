import Foundation
import PrayerTimes
import Testing

@Suite("High latitudes and polar days")
struct HighLatitudeTests {
    struct Place: Sendable, CustomTestStringConvertible {
        let name: String
        let latitude: Double
        let longitude: Double
        let timeZone: String
        var testDescription: String { name }
    }

    static let tromso = Place(name: "Tromsø", latitude: 69.65, longitude: 18.96, timeZone: "Europe/Oslo")

    static let places: [Place] = [
        tromso,
        Place(name: "Longyearbyen", latitude: 78.22, longitude: 15.65, timeZone: "Arctic/Longyearbyen"),
        Place(name: "Reykjavík", latitude: 64.15, longitude: -21.94, timeZone: "Atlantic/Reykjavik"),
        Place(name: "Helsinki", latitude: 60.17, longitude: 24.94, timeZone: "Europe/Helsinki"),
        Place(name: "Edinburgh", latitude: 55.95, longitude: -3.19, timeZone: "Europe/London"),
        Place(name: "Ushuaia", latitude: -54.8, longitude: -68.3, timeZone: "America/Argentina/Ushuaia"),
        Place(name: "McMurdo", latitude: -77.85, longitude: 166.67, timeZone: "Antarctica/McMurdo"),
        Place(name: "North Pole", latitude: 90, longitude: 0, timeZone: "UTC"),
        Place(name: "South Pole", latitude: -90, longitude: 0, timeZone: "Antarctica/McMurdo"),
    ]

    static func calculator(_ place: Place, _ method: CalculationMethod, _ rule: HighLatitudeRule, _ school: AsrSchool = .standard) -> PrayerTimesCalculator {
        PrayerTimesCalculator(
            coordinates: Coordinates(latitude: place.latitude, longitude: place.longitude),
            timeZone: TimeZone(identifier: place.timeZone)!,
            parameters: PrayerParameters(method: method, asrSchool: school, highLatitudeRule: rule)
        )
    }

    @Test("Every day of 2026 is ordered, for every method and rule", arguments: places)
    func orderedAllYear(place: Place) {
        let start = LocalDate(year: 2026, month: 1, day: 1)
        for method in CalculationMethod.allCases {
            for rule in HighLatitudeRule.allCases {
                let schools: [AsrSchool] = place.name == Self.tromso.name ? AsrSchool.allCases : [.standard]
                for school in schools {
                    let context = "\(place.name) \(method.shortName) \(rule.rawValue) \(school.rawValue)"
                    let days = Self.calculator(place, method, rule, school).times(from: start, days: 366)
                    for day in days.dropLast() {
                        OrderingChecks.expectWellFormed(day, context)
                        // The construction keeps the order by itself; the guard is for adjustments.
                        #expect(!day.fallbacks.contains(.reordered), "\(context) \(day.date): needed reordering")
                    }
                    // The night after a day is the night before the next: under the middle-of-the-
                    // night rule Isha never passes the next Fajr, polar days included.
                    if rule == .middleOfNight {
                        for (day, next) in zip(days, days.dropFirst()) {
                            #expect(day.isha <= next.fajr.addingTimeInterval(1), "\(context) \(day.date): Isha after the next Fajr")
                        }
                    }
                }
            }
        }
    }

    @Test("Tromsø in June: midnight sun, computed at the nearest latitude")
    func tromsoJune() {
        let days = Self.calculator(Self.tromso, .muslimWorldLeague, .middleOfNight)
            .times(from: LocalDate(year: 2026, month: 6, day: 1), days: 30)
        for day in days {
            OrderingChecks.expectWellFormed(day, "Tromsø June")
            #expect(day.fallbacks.contains(.nearestLatitude))
            // At 65° on a June day there is a short night: Isha and Fajr are bounded in it.
            #expect(day.fallbacks.isSuperset(of: [.fajr, .isha]))
        }
    }

    @Test("Tromsø in December: polar night, computed at the nearest latitude")
    func tromsoDecember() {
        let days = Self.calculator(Self.tromso, .muslimWorldLeague, .middleOfNight)
            .times(from: LocalDate(year: 2026, month: 12, day: 1), days: 31)
        for day in days {
            OrderingChecks.expectWellFormed(day, "Tromsø December")
            let utcDate = LocalDate(day.dhuhr, in: TimeZone(identifier: "Europe/Oslo")!)
            #expect(utcDate == day.date)
        }
        #expect(days.contains { $0.fallbacks.contains(.nearestLatitude) })
        // 18° twilight happens every December night at 69.65°.
        #expect(days.allSatisfy { !$0.fallbacks.contains(.fajr) })
    }

    @Test("Night portions: Isha and the next Fajr meet at the middle of the night")
    func middleOfNightMeets() {
        // London in June: 18° is never reached, so both are bounded by half the night.
        let london = Place(name: "London", latitude: 51.5074, longitude: -0.1278, timeZone: "Europe/London")
        let days = Self.calculator(london, .muslimWorldLeague, .middleOfNight)
            .times(from: LocalDate(year: 2026, month: 6, day: 15), days: 2)
        #expect(days[0].fallbacks.contains(.isha))
        #expect(abs(days[0].isha.timeIntervalSince(days[1].fajr)) < 1)
        #expect(abs(days[0].isha.timeIntervalSince(days[0].midnight)) < 1)
    }

    @Test("Rule none: an unreached angle falls back to the sun's lowest point")
    func noneRuleUsesSolarMidnight() {
        let london = Place(name: "London", latitude: 51.5074, longitude: -0.1278, timeZone: "Europe/London")
        let day = Self.calculator(london, .muslimWorldLeague, .none).times(on: LocalDate(year: 2026, month: 6, day: 21))
        #expect(day.fallbacks.contains(.isha))
        // Solar midnight is 12 hours after the transit.
        #expect(abs(day.isha.timeIntervalSince(day.dhuhr) - 43_200) < 60)
    }

    @Test("Out-of-range or non-finite coordinates still give ordered times")
    func garbageCoordinates() {
        let values: [(Double, Double)] = [(.nan, 10), (95, 200), (-120, .infinity), (0, -540)]
        for (latitude, longitude) in values {
            let coordinates = Coordinates(latitude: latitude, longitude: longitude, elevation: .nan)
            #expect(throws: CoordinatesError.self) { try coordinates.validate() }
            let calculator = PrayerTimesCalculator(
                coordinates: coordinates, timeZone: TimeZone(identifier: "UTC")!,
                parameters: PrayerParameters(method: .muslimWorldLeague)
            )
            OrderingChecks.expectWellFormed(calculator.times(on: LocalDate(year: 2026, month: 6, day: 21)), "\(latitude),\(longitude)")
        }
    }
}
