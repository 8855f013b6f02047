import Foundation
import PrayerTimes

/// A civil date's day in the Umm al-Qura calendar (Saudi Arabia's official Hijri
/// calendar), taken at local noon, written in English and Arabic.
struct HijriDate: Sendable, Hashable {
    let day: Int
    let month: Int
    let year: Int

    static let englishMonths = ["Muharram", "Safar", "Rabi al-Awwal", "Rabi al-Thani", "Jumada al-Ula", "Jumada al-Akhirah",
                                "Rajab", "Shaban", "Ramadan", "Shawwal", "Dhu al-Qadah", "Dhu al-Hijjah"]
    static let arabicMonths = ["محرم", "صفر", "ربيع الأول", "ربيع الآخر", "جمادى الأولى", "جمادى الآخرة",
                               "رجب", "شعبان", "رمضان", "شوال", "ذو القعدة", "ذو الحجة"]

    init?(_ date: LocalDate, in zone: TimeZone) {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = zone
        guard let noon = gregorian.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)) else { return nil }
        var hijri = Calendar(identifier: .islamicUmmAlQura)
        hijri.timeZone = zone
        let parts = hijri.dateComponents([.year, .month, .day], from: noon)
        guard let day = parts.day, let month = parts.month, let year = parts.year, (1...12).contains(month) else { return nil }
        (self.day, self.month, self.year) = (day, month, year)
    }

    /// "22 Jumada al-Ula 1448 AH"
    var english: String { "\(day) \(Self.englishMonths[month - 1]) \(year) AH" }
    /// "22 جمادى الأولى 1448 هـ"
    var arabic: String { "\(day) \(Self.arabicMonths[month - 1]) \(year) هـ" }
}
