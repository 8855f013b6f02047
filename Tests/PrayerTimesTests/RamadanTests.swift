import Foundation
import PrayerTimes
import Testing

@Suite("Umm al-Qura Isha in Ramadan")
struct RamadanTests {
    static let makkah = Coordinates(latitude: 21.4225, longitude: 39.8262)
    static let riyadh = TimeZone(identifier: "Asia/Riyadh")!

    static func isRamadan(_ date: LocalDate) -> Bool {
        var hijri = Calendar(identifier: .islamicUmmAlQura)
        hijri.timeZone = riyadh
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = riyadh
        let noon = gregorian.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))!
        return hijri.component(.month, from: noon) == 9
    }

    @Test("120 minutes after Maghrib in Ramadan, 90 otherwise")
    func ishaInterval() {
        let calculator = PrayerTimesCalculator(
            coordinates: Self.makkah, timeZone: Self.riyadh, parameters: PrayerParameters(method: .ummAlQura)
        )
        // Ramadan 1447 runs from 2026-02-18 to 2026-03-19 in the Umm al-Qura calendar.
        let days = calculator.times(from: LocalDate("2026-02-01")!, days: 60)
        #expect(days.filter { Self.isRamadan($0.date) }.count == 30)
        for day in days {
            let minutes = day.isha.timeIntervalSince(day.maghrib) / 60
            #expect(abs(minutes - (Self.isRamadan(day.date) ? 120 : 90)) < 1e-6, "\(day.date): \(minutes) min")
        }
        #expect(Self.isRamadan(LocalDate("2026-02-18")!) && !Self.isRamadan(LocalDate("2026-02-17")!))
        #expect(Self.isRamadan(LocalDate("2026-03-19")!) && !Self.isRamadan(LocalDate("2026-03-20")!))
    }

    @Test("A single day and a range agree")
    func singleDayMatchesRange() {
        let calculator = PrayerTimesCalculator(
            coordinates: Self.makkah, timeZone: Self.riyadh, parameters: PrayerParameters(method: .ummAlQura)
        )
        let range = calculator.times(from: LocalDate("2026-02-15")!, days: 40)
        for day in range {
            #expect(calculator.times(on: day.date) == day)
        }
    }

    @Test("Methods with a fixed interval but no Ramadan rule keep 90 minutes")
    func gulfIgnoresRamadan() {
        for method in [CalculationMethod.gulf, .qatar] {
            let calculator = PrayerTimesCalculator(
                coordinates: Self.makkah, timeZone: Self.riyadh, parameters: PrayerParameters(method: method)
            )
            let day = calculator.times(on: LocalDate("2026-03-01")!)
            #expect(abs(day.isha.timeIntervalSince(day.maghrib) - 90 * 60) < 1e-6)
        }
    }
}
