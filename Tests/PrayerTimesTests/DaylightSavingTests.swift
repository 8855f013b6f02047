import Foundation
import PrayerTimes
import Testing

@Suite("Daylight-saving transitions")
struct DaylightSavingTests {
    struct Transition: Sendable, CustomTestStringConvertible {
        let timeZone: String
        let latitude: Double
        let longitude: Double
        let method: CalculationMethod
        let date: LocalDate
        /// Clock change on `date`, in hours.
        let shift: Double
        var testDescription: String { "\(timeZone) \(date)" }
    }

    static let transitions: [Transition] = [
        Transition(timeZone: "Europe/London", latitude: 51.5074, longitude: -0.1278, method: .muslimWorldLeague, date: LocalDate("2026-03-29")!, shift: 1),
        Transition(timeZone: "Europe/London", latitude: 51.5074, longitude: -0.1278, method: .muslimWorldLeague, date: LocalDate("2026-10-25")!, shift: -1),
        Transition(timeZone: "America/New_York", latitude: 40.7128, longitude: -74.0060, method: .isna, date: LocalDate("2026-03-08")!, shift: 1),
        Transition(timeZone: "America/New_York", latitude: 40.7128, longitude: -74.0060, method: .isna, date: LocalDate("2026-11-01")!, shift: -1),
    ]

    /// Hours on the wall clock of `zone` since the local midnight of `date`.
    static func wallClockHours(_ instant: Date, on date: LocalDate, in zone: TimeZone) -> Double {
        let local = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
        return (local - Double(date.distanceFromUnixEpoch) * 86_400) / 3_600
    }

    @Test("Instants stay continuous while the wall clock jumps", arguments: transitions)
    func continuousAcrossTransition(transition: Transition) throws {
        let zone = try #require(TimeZone(identifier: transition.timeZone))
        let calculator = PrayerTimesCalculator(
            coordinates: Coordinates(latitude: transition.latitude, longitude: transition.longitude),
            timeZone: zone, parameters: PrayerParameters(method: transition.method)
        )
        let before = calculator.times(on: transition.date.adding(days: -1))
        let after = calculator.times(on: transition.date)
        for prayer in Prayer.allCases {
            // Solar times move by at most a few minutes from one day to the next ...
            let instantChange = after[prayer].timeIntervalSince(before[prayer]) - 86_400
            #expect(abs(instantChange) < 5 * 60, "\(prayer): instant moved \(instantChange) s")
            // ... while their wall-clock time moves by the clock change.
            let clockChange = Self.wallClockHours(after[prayer], on: transition.date, in: zone)
                - Self.wallClockHours(before[prayer], on: transition.date.adding(days: -1), in: zone)
            #expect(abs(clockChange - transition.shift) < 5.0 / 60, "\(prayer): wall clock moved \(clockChange) h")
        }
        // Every prayer of the transition day is on that day's wall calendar.
        for prayer in Prayer.allCases {
            #expect(LocalDate(after[prayer], in: zone) == transition.date, "\(prayer)")
        }
        OrderingChecks.expectWellFormed(after, transition.testDescription)
    }

    @Test("An instant maps to the local date of its zone")
    func instantToLocalDate() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        // 2026-03-08 04:30 UTC is 23:30 EST on March 7th.
        let instant = Date(timeIntervalSince1970: Double(LocalDate("2026-03-08")!.distanceFromUnixEpoch) * 86_400 + 4.5 * 3_600)
        #expect(LocalDate(instant, in: zone) == LocalDate("2026-03-07"))
        let calculator = PrayerTimesCalculator(
            coordinates: Coordinates(latitude: 40.7128, longitude: -74.0060), timeZone: zone,
            parameters: PrayerParameters(method: .isna)
        )
        #expect(calculator.times(on: instant).date == LocalDate("2026-03-07"))
    }

    @Test("Zones far from their longitude still get their own day")
    func farFromLongitude() throws {
        // Kiritimati keeps UTC+14 at 157° W (mean time UTC-10.5); Samoa UTC+13 at 172° W.
        for (identifier, latitude, longitude) in [("Pacific/Kiritimati", 1.87, -157.4), ("Pacific/Apia", -13.83, -171.76), ("Asia/Urumqi", 43.8, 87.6)] {
            let zone = try #require(TimeZone(identifier: identifier))
            let calculator = PrayerTimesCalculator(
                coordinates: Coordinates(latitude: latitude, longitude: longitude), timeZone: zone,
                parameters: PrayerParameters(method: .muslimWorldLeague)
            )
            let date = LocalDate("2026-07-01")!
            let day = calculator.times(on: date)
            #expect(LocalDate(day.dhuhr, in: zone) == date, "\(identifier)")
            OrderingChecks.expectWellFormed(day, identifier)
        }
    }
}
