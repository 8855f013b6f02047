import Foundation
import Testing
import CivilDates

struct LocalDateTests {
    @Test("day numbers, weekdays and fields agree with Foundation's Gregorian calendar")
    func agreesWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for offset in stride(from: -40_000, through: 40_000, by: 37) {
            let date = LocalDate(dayNumber: offset)
            let instant = Date(timeIntervalSince1970: TimeInterval(offset) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday, .dayOfYear], from: instant)
            #expect([date.year, date.month, date.day, date.dayOfYear] == [parts.year, parts.month, parts.day, parts.dayOfYear])
            // Foundation counts weekdays 1 = Sunday; Weekday's raw values are 0 = Monday.
            #expect((date.weekday.rawValue + 1) % 7 + 1 == parts.weekday)
            #expect(date.dayNumber == offset)
            #expect(date.daysInMonth == calendar.range(of: .day, in: .month, for: instant)?.count)
        }
        #expect(LocalDate(year: 1970, month: 1, day: 1).weekday == .thursday)
        #expect(LocalDate(year: 2026, month: 11, day: 23).weekday == .monday)
    }

    @Test("the text form: YYYY-MM-DD, read strictly or leniently")
    func text() {
        #expect(LocalDate(year: 2026, month: 3, day: 1).description == "2026-03-01")
        #expect(LocalDate(year: 7, month: 3, day: 1).description == "0007-03-01")
        #expect(LocalDate(year: -1, month: 3, day: 1).description == "-001-03-01")
        #expect(LocalDateTime(year: 2026, month: 3, day: 1, hour: 7, minute: 5, second: 9).description == "2026-03-01T07:05:09")

        #expect(LocalDate("2026-03-01") == LocalDate(year: 2026, month: 3, day: 1))
        for refused in ["2026-02-29", "2026-1-01", "2026-01-01x", "+026-01-01", "0000-01-01", "2026-13-01", "２０２６-01-01"] {
            #expect(LocalDate(refused) == nil, "\(refused)")
        }
        #expect(LocalDate("2028-02-29") != nil)
        // The lenient reading takes any year Int reads from four characters.
        #expect(LocalDate(iso8601: "0000-01-01") == LocalDate(year: 0, month: 1, day: 1))
        #expect(LocalDate(iso8601: "+202-03-01") == LocalDate(year: 202, month: 3, day: 1))
        #expect(LocalDate(iso8601: "-001-03-01") == nil)
        #expect(LocalDate(iso8601: "2026-02-29") == nil)

        #expect(LocalDateTime(iso8601: "2026-11-25T19:07") == LocalDateTime(year: 2026, month: 11, day: 25, hour: 19, minute: 7))
        #expect(LocalDateTime(iso8601: "2026-11-25T19:07:12") == LocalDateTime(year: 2026, month: 11, day: 25, hour: 19, minute: 7, second: 12))
        for refused in ["2026-11-25T19:07:12Z", "2026-11-25T24:00", "2026-11-25 19:07", "2026-11-25T19:60"] {
            #expect(LocalDateTime(iso8601: refused) == nil, "\(refused)")
        }
    }

    @Test("Codable is the YYYY-MM-DD string, and reads what earlier versions wrote")
    func codable() throws {
        let dates = [LocalDate(year: 2026, month: 12, day: 31), LocalDate(year: 1, month: 1, day: 1)]
        let encoded = try JSONEncoder().encode(dates)
        #expect(String(decoding: encoded, as: UTF8.self) == #"["2026-12-31","0001-01-01"]"#)
        #expect(try JSONDecoder().decode([LocalDate].self, from: encoded) == dates)
        // Extraction's earlier decoder took year 0 and signs; such text still decodes.
        let old = try JSONDecoder().decode([LocalDate].self, from: Data(#"["0000-02-29","+202-03-01"]"#.utf8))
        #expect(old == [LocalDate(year: 0, month: 2, day: 29), LocalDate(year: 202, month: 3, day: 1)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LocalDate].self, from: Data(#"["2026-02-30"]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LocalDate].self, from: Data(#"["20260301"]"#.utf8)) }
    }

    @Test("validation, order and arithmetic")
    func calendarFacts() {
        #expect(LocalDate(validatingYear: 2026, month: 2, day: 29) == nil)
        #expect(LocalDate(validatingYear: 0, month: 1, day: 1) == nil)
        #expect(LocalDate(validatingYear: 10_000, month: 1, day: 1) == nil)
        #expect(LocalDate(validatingYear: 2028, month: 2, day: 29) == LocalDate(year: 2028, month: 2, day: 29))
        #expect(!LocalDate(year: 2026, month: 2, day: 29).isValid)
        #expect(LocalDate(year: 12_345, month: 2, day: 28).isValid)
        #expect(LocalDate.isValid(year: 2000, month: 2, day: 29) && !LocalDate.isValid(year: 1900, month: 2, day: 29))

        let end = LocalDate(year: 2026, month: 12, day: 31)
        #expect(end.adding(days: 1) == LocalDate(year: 2027, month: 1, day: 1))
        #expect(end.dayOfYear == 365 && LocalDate(year: 2028, month: 12, day: 31).dayOfYear == 366)
        #expect(LocalDate(year: 1970, month: 1, day: 1).distance(to: LocalDate(year: 2000, month: 1, day: 1)) == 10_957)
        #expect(Array(LocalDate(year: 2026, month: 1, day: 30)...LocalDate(year: 2026, month: 2, day: 2)).map(\.description)
                == ["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"])

        // Order and equality are by the fields, so dates that do not exist stay apart.
        let february30 = LocalDate(year: 2026, month: 2, day: 30)
        #expect(february30 != LocalDate(year: 2026, month: 3, day: 2))
        #expect(february30 < LocalDate(year: 2026, month: 3, day: 1))
        #expect(LocalDateTime(year: 2026, month: 3, day: 1, hour: 23, minute: 59, second: 59)
                < LocalDateTime(year: 2026, month: 3, day: 2))
        #expect(LocalDateTime(year: 2026, month: 3, day: 1, hour: 9, minute: 5) < LocalDateTime(year: 2026, month: 3, day: 1, hour: 9, minute: 5, second: 1))
    }
}
