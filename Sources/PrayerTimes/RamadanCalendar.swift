import Foundation

/// Tells which local dates fall in Ramadan of the Umm al-Qura calendar.
///
/// Uses Foundation's `Calendar(identifier: .islamicUmmAlQura)` (ICU's tables of the calendar
/// published by the Umm al-Qura Institute). A civil date counts as Ramadan when its noon, in the
/// calculator's time zone, is in month 9.
struct RamadanCalendar: Sendable {
    /// Ramadan months that overlap the dates asked about, as local date ranges.
    private let months: [ClosedRange<LocalDate>]

    /// Looks up the Ramadan months that touch `dates` (a handful of calendar calls).
    init(covering dates: ClosedRange<LocalDate>, timeZone: TimeZone) {
        var hijri = Calendar(identifier: .islamicUmmAlQura)
        hijri.timeZone = timeZone
        let firstYear = hijri.component(.year, from: dates.lowerBound.noon(in: timeZone))
        let lastYear = hijri.component(.year, from: dates.upperBound.noon(in: timeZone))
        var months: [ClosedRange<LocalDate>] = []
        if firstYear <= lastYear {
            for year in firstYear...lastYear {
                guard let start = hijri.date(from: DateComponents(year: year, month: 9, day: 1, hour: 12)),
                      let end = hijri.date(from: DateComponents(year: year, month: 10, day: 1, hour: 12))
                else { continue }
                let first = LocalDate(start, in: timeZone)
                let last = LocalDate(end, in: timeZone).adding(days: -1)
                if first <= last { months.append(first...last) }
            }
        }
        self.months = months
    }

    func isRamadan(_ date: LocalDate) -> Bool {
        months.contains { $0.contains(date) }
    }
}
