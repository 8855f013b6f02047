import Foundation

/// Hijri days as Gregorian ones, by the Umm al-Qura calendar (Saudi Arabia's, and what Gulf
/// chats mean by "١٥ رجب"); a day a month may not have (the 30th) falls on the next month's first.
enum HijriCalendar {
    private static let ummAlQura: Calendar = {
        var calendar = Calendar(identifier: .islamicUmmAlQura)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    private static let gregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The Gregorian day of `day` `month` in `year`, or, without a year, the first such day on
    /// or after `earliest`.
    static func date(month: Int, day: Int, year: Int?, onOrAfter earliest: LocalDate) -> LocalDate? {
        if let year { return convert(month: month, day: day, year: year) }
        guard let noon = gregorian.date(from: DateComponents(year: earliest.year, month: earliest.month, day: earliest.day, hour: 12)),
              let current = ummAlQura.dateComponents([.year], from: noon).year else { return nil }
        for year in current...(current + 1) {
            if let date = convert(month: month, day: day, year: year), date >= earliest { return date }
        }
        return nil
    }

    private static func convert(month: Int, day: Int, year: Int) -> LocalDate? {
        guard let instant = ummAlQura.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) else { return nil }
        let parts = gregorian.dateComponents([.year, .month, .day], from: instant)
        guard let y = parts.year, let m = parts.month, let d = parts.day else { return nil }
        return LocalDate(year: y, month: m, day: d)
    }
}
