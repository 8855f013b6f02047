import Foundation
import Testing
@testable import Extraction

struct LocalDateTests {
    @Test("day numbers, weekdays and ISO text agree with Foundation's Gregorian calendar")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for offset in stride(from: -40_000, through: 40_000, by: 37) {
            let date = LocalDate(dayNumber: offset)
            let instant = Date(timeIntervalSince1970: TimeInterval(offset) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: instant)
            #expect([date.year, date.month, date.day, date.weekdayNumber] == [parts.year, parts.month, parts.day, parts.weekday])
            #expect(date.dayNumber == offset)
            #expect(LocalDate(iso8601: date.description) == date)
        }
        #expect(LocalDate(iso8601: "2026-02-29") == nil)
        #expect(LocalDate(iso8601: "2028-02-29") != nil)
    }

    @Test("a judgement prints in the shape other programs read")
    func judgementJSON() throws {
        let event = ExtractedEvent(title: "Dinner", startDate: LocalDate(year: 2026, month: 11, day: 26), startTime: ClockTime(hour: 20))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let agreed = String(decoding: try encoder.encode(Judgement(status: .agreed, event: event)), as: UTF8.self)
        #expect(agreed == #"{"event":{"end_date":"2026-11-26","end_time":null,"location":null,"start_date":"2026-11-26","start_time":"20:00","title":"Dinner"},"status":"HAS_EVENT_AGREED"}"#)
        let none = String(decoding: try encoder.encode(Judgement(status: .noEvent, event: event)), as: UTF8.self)
        #expect(none == #"{"event":null,"status":"NO_EVENT"}"#)
        let back = try JSONDecoder().decode(Judgement.self, from: Data(agreed.utf8))
        #expect(back.event == event)
    }
}
