import ArgumentParser
import Foundation
import PrayerTimes

/// `jadwal-bench prayer`: the time a year of prayer times takes for a few places, methods
/// and high-latitude rules (the median and the best of `--iterations` runs each).
struct PrayerBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prayer",
        abstract: "Time a year of prayer times for a few places and methods (build with -c release)."
    )

    @Option(help: "Timed runs per case; the best and the median are shown.")
    var iterations: Int = 25

    @Option(help: "The year to compute.")
    var year: Int = 2026

    func validate() throws {
        guard (1...10_000).contains(iterations) else { throw ValidationError("--iterations must be between 1 and 10000.") }
        guard (1...9998).contains(year) else { throw ValidationError("--year must be between 1 and 9998.") }
    }

    /// A place, its time zone, and the method and high-latitude rule it is timed with.
    struct Case {
        let name: String
        let latitude: Double
        let longitude: Double
        let timeZone: String
        let method: CalculationMethod
        let rule: HighLatitudeRule
    }

    static let cases = [
        Case(name: "Makkah", latitude: 21.4225, longitude: 39.8262, timeZone: "Asia/Riyadh", method: .ummAlQura, rule: .middleOfNight),
        Case(name: "London", latitude: 51.5074, longitude: -0.1278, timeZone: "Europe/London", method: .muslimWorldLeague, rule: .angleBased),
        Case(name: "New York", latitude: 40.7128, longitude: -74.006, timeZone: "America/New_York", method: .moonsightingCommittee, rule: .middleOfNight),
        Case(name: "Tehran", latitude: 35.6892, longitude: 51.389, timeZone: "Asia/Tehran", method: .tehran, rule: .middleOfNight),
        Case(name: "Tromsø", latitude: 69.65, longitude: 18.96, timeZone: "Europe/Oslo", method: .muslimWorldLeague, rule: .oneSeventh),
    ]

    func run() throws {
        let start = LocalDate(validatingYear: year, month: 1, day: 1)!
        let count = start.distance(to: LocalDate(validatingYear: year + 1, month: 1, day: 1)!)
        let clock = ContinuousClock()
        var checksum = 0.0
        for benchCase in Self.cases {
            let calculator = PrayerTimesCalculator(
                coordinates: Coordinates(latitude: benchCase.latitude, longitude: benchCase.longitude),
                timeZone: TimeZone(identifier: benchCase.timeZone)!,
                parameters: PrayerParameters(method: benchCase.method, highLatitudeRule: benchCase.rule)
            )
            checksum += calculator.times(from: start, days: count).last!.isha.timeIntervalSince1970  // warm-up
            var samples: [Double] = []
            for _ in 0..<iterations {
                let elapsed = clock.measure {
                    checksum += calculator.times(from: start, days: count).last!.isha.timeIntervalSince1970
                }
                samples.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
            }
            samples.sort()
            let best = samples[0], median = samples[samples.count / 2]
            let perSecond = Double(count) / (median / 1e3)
            print(
                "prayer-times: \(count) days x 6 prayers in \(String(format: "%.2f", median)) ms "
                    + "(\(Int(perSecond.rounded())) days/s) [\(benchCase.name), \(benchCase.method.shortName), "
                    + "\(benchCase.rule.rawValue); median of \(iterations), best \(String(format: "%.2f", best)) ms]"
            )
        }
        if !checksum.isFinite { print("warning: a computed time was not finite") }
    }
}
