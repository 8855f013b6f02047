import Foundation
import PrayerTimes
import Testing

/// Checks every day must pass, wherever and however it was computed.
enum OrderingChecks {
    /// Records an issue for each broken rule of `day`; `context` names the case.
    static func expectWellFormed(_ day: PrayerDay, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let all = [day.fajr, day.sunrise, day.dhuhr, day.asr, day.sunset, day.maghrib, day.isha, day.midnight, day.lastThird]
        #expect(all.allSatisfy { $0.timeIntervalSince1970.isFinite }, "\(context) \(day.date): a time is not finite", sourceLocation: sourceLocation)
        let prayers = Prayer.allCases.map { day[$0] }
        for (earlier, later) in zip(prayers, prayers.dropFirst()) where !(earlier < later) {
            Issue.record("\(context) \(day.date): times out of order: \(describe(day))", sourceLocation: sourceLocation)
            break
        }
        #expect(day.sunrise < day.sunset, "\(context) \(day.date): sunset before sunrise", sourceLocation: sourceLocation)
        #expect(day.sunset <= day.maghrib, "\(context) \(day.date): Maghrib before sunset", sourceLocation: sourceLocation)
        #expect(day.sunset < day.midnight && day.midnight < day.lastThird,
                "\(context) \(day.date): midnight or last third misplaced", sourceLocation: sourceLocation)
    }

    static func describe(_ day: PrayerDay) -> String {
        Prayer.allCases.map { "\($0.rawValue)=\(Int(day[$0].timeIntervalSince1970))" }.joined(separator: " ")
    }
}
