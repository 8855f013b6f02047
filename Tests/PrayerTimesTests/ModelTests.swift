import Foundation
import PrayerTimes
import Testing

@Suite("Model types")
struct ModelTests {
    @Test("Method names parse ignoring case", arguments: CalculationMethod.allCases)
    func methodNames(method: CalculationMethod) {
        #expect(CalculationMethod(name: method.shortName) == method)
        #expect(CalculationMethod(name: method.shortName.uppercased()) == method)
        #expect(CalculationMethod(name: method.shortName.lowercased()) == method)
        #expect(CalculationMethod(name: method.rawValue) == method)
    }

    @Test("Unknown and alias method names")
    func otherNames() {
        #expect(CalculationMethod(name: "Hogwarts") == nil)
        #expect(CalculationMethod(name: "") == nil)
        #expect(CalculationMethod(name: "umm-al-qura") == .ummAlQura)
        #expect(CalculationMethod(name: "moonsighting committee") == .moonsightingCommittee)
        #expect(CalculationMethod(name: "UOIF") == .france)
    }

    @Test("Published parameters")
    func parameters() {
        #expect(CalculationMethod.muslimWorldLeague.parameters == MethodParameters(fajrAngle: 18, isha: .angle(17)))
        #expect(CalculationMethod.ummAlQura.parameters.isha == .minutesAfterMaghrib(90, ramadan: 120))
        #expect(CalculationMethod.tehran.parameters.maghrib == .angle(4.5))
        #expect(CalculationMethod.tehran.parameters.midnight == .jafari)
        #expect(CalculationMethod.jafari.parameters == MethodParameters(fajrAngle: 16, maghrib: .angle(4), isha: .angle(14), midnight: .jafari))
        #expect(CalculationMethod.gulf.parameters.fajrAngle == 19.5)
        #expect(CalculationMethod.singapore.parameters == MethodParameters(fajrAngle: 20, isha: .angle(18)))
        #expect(CalculationMethod.france.parameters == MethodParameters(fajrAngle: 12, isha: .angle(12)))
        #expect(CalculationMethod.russia.parameters == MethodParameters(fajrAngle: 16, isha: .angle(15)))
        #expect(CalculationMethod.moonsightingCommittee.parameters.seasonalTwilight)
    }

    @Test("Local dates")
    func localDates() throws {
        #expect(LocalDate("2026-02-29") == nil)
        #expect(LocalDate("2028-02-29") != nil)
        #expect(LocalDate("2026-1-01") == nil)
        #expect(LocalDate("2026-01-01x") == nil)
        #expect(LocalDate("+026-01-01") == nil)
        let date = try #require(LocalDate("2026-12-31"))
        #expect(date.description == "2026-12-31")
        #expect(date.adding(days: 1) == LocalDate(year: 2027, month: 1, day: 1))
        #expect(date.dayOfYear == 365)
        #expect(LocalDate("2028-12-31")!.dayOfYear == 366)
        #expect(LocalDate("2000-03-01")!.adding(days: -1) == LocalDate("2000-02-29"))
        #expect(LocalDate("1970-01-01")!.distance(to: LocalDate("2000-01-01")!) == 10_957)
        #expect(Array(LocalDate("2026-01-30")!...LocalDate("2026-02-02")!).map(\.description)
            == ["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"])
        let encoded = try JSONEncoder().encode([date])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["2026-12-31"]"#)
        #expect(try JSONDecoder().decode([LocalDate].self, from: encoded) == [date])
        #expect(LocalDate(DateComponents(year: 2026, month: 11, day: 23)) == LocalDate("2026-11-23"))
    }

    @Test("Adjustments move times by their minutes")
    func adjustments() {
        let base = PrayerTimesCalculator(
            coordinates: Coordinates(latitude: 30.0444, longitude: 31.2357), timeZone: TimeZone(identifier: "Africa/Cairo")!,
            parameters: PrayerParameters(method: .egyptian)
        )
        var parameters = base.parameters
        parameters.adjustments = Adjustments(fajr: 2, sunrise: -1, dhuhr: 0.5, asr: 0, maghrib: 3, isha: -2)
        let adjusted = PrayerTimesCalculator(coordinates: base.coordinates, timeZone: base.timeZone, parameters: parameters)
        let date = LocalDate("2026-11-23")!
        let plain = base.times(on: date), moved = adjusted.times(on: date)
        for prayer in Prayer.allCases {
            #expect(abs(moved[prayer].timeIntervalSince(plain[prayer]) - parameters.adjustments[prayer] * 60) < 1e-6)
        }
        #expect(moved.midnight == plain.midnight)
    }

    @Test("Adjustments that would break the order are kept in order")
    func reordering() {
        var parameters = PrayerParameters(method: .muslimWorldLeague)
        parameters.adjustments.maghrib = 300  // five hours late: after Isha
        let calculator = PrayerTimesCalculator(
            coordinates: Coordinates(latitude: 51.5, longitude: 0), timeZone: TimeZone(identifier: "Europe/London")!,
            parameters: parameters
        )
        let day = calculator.times(on: LocalDate("2026-12-01")!)
        #expect(day.fallbacks.contains(.reordered))
        OrderingChecks.expectWellFormed(day, "reordered")
    }

    @Test("Elevation brings sunrise earlier and sunset later")
    func elevation() {
        func day(_ elevation: Double) -> PrayerDay {
            PrayerTimesCalculator(
                coordinates: Coordinates(latitude: 35.6892, longitude: 51.389, elevation: elevation),
                timeZone: TimeZone(identifier: "Asia/Tehran")!, parameters: PrayerParameters(method: .karachi)
            ).times(on: LocalDate("2026-06-21")!)
        }
        let low = day(0), high = day(2_000)
        #expect(high.sunrise < low.sunrise && high.sunset > low.sunset)
        #expect(high.fajr == low.fajr && high.dhuhr == low.dhuhr)
        // Dip 0.0347° × √2000 ≈ 1.55°: a few minutes at 35° of latitude.
        #expect((120...600).contains(low.sunrise.timeIntervalSince(high.sunrise)))
    }

    @Test("Subscript and list of times")
    func subscripts() {
        let day = PrayerTimesCalculator(
            coordinates: Coordinates(latitude: 21.4225, longitude: 39.8262), timeZone: TimeZone(identifier: "Asia/Riyadh")!,
            parameters: PrayerParameters(method: .ummAlQura)
        ).times(on: DateComponents(year: 2026, month: 11, day: 23))!
        #expect(day[.fajr] == day.fajr && day[.isha] == day.isha)
        #expect(day.times.map(\.prayer) == Prayer.allCases)
        #expect(Prayer.obligatory.count == 5 && !Prayer.sunrise.isPrayer)
    }

    @Test("Moonsighting Committee seasonal curve")
    func seasonalCurve() {
        // On the northern winter solstice the curve is at A: 75 + 28.65 × lat / 55 minutes.
        let solstice = LocalDate("2026-12-21")!
        #expect(abs(MoonsightingCommitteeSeason.fajrMinutesBeforeSunrise(latitude: 55, date: solstice) - 103.65) < 1e-9)
        #expect(abs(MoonsightingCommitteeSeason.ishaMinutesAfterSunset(latitude: 0, date: solstice) - 75) < 1e-9)
        // Southern hemisphere counts from June 21.
        #expect(abs(MoonsightingCommitteeSeason.fajrMinutesBeforeSunrise(latitude: -55, date: LocalDate("2026-06-21")!) - 103.65) < 1e-9)
    }
}
