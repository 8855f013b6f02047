import Extraction
import Foundation
import Testing
@testable import Jadwal

struct ChatEventTimingTests {
    let zone = TimeZone(identifier: "Asia/Riyadh")!

    func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Int {
        Int(LocalDateTime(year: 2026, month: 11, day: day, hour: hour, minute: minute).instant(in: zone).timeIntervalSince1970)
    }

    func event(_ start: Int, _ end: Int? = nil, from: ClockTime? = nil, to: ClockTime? = nil) -> ExtractedEvent {
        ExtractedEvent(title: "x", startDate: LocalDate(year: 2026, month: 11, day: start),
                       endDate: end.map { LocalDate(year: 2026, month: 11, day: $0) }, startTime: from, endTime: to)
    }

    @Test("a start without an end lasts an hour; an end before the start is the next day; days without times are whole days")
    func timing() {
        let timing = { ChatEventsCalendar.timing(of: $0, in: zone) }
        #expect(timing(event(26, from: ClockTime(hour: 20))) == .init(start: at(26, 20), end: at(26, 21), isAllDay: false))
        #expect(timing(event(26, from: ClockTime(hour: 9), to: ClockTime(hour: 13))) == .init(start: at(26, 9), end: at(26, 13), isAllDay: false))
        #expect(timing(event(26, from: ClockTime(hour: 22), to: ClockTime(hour: 2))) == .init(start: at(26, 22), end: at(27, 2), isAllDay: false))
        #expect(timing(event(26, 27, from: ClockTime(hour: 22), to: ClockTime(hour: 2))) == .init(start: at(26, 22), end: at(27, 2), isAllDay: false))
        #expect(timing(event(26)) == .init(start: at(26, 0), end: at(27, 0), isAllDay: true))
        #expect(timing(event(26, 28)) == .init(start: at(26, 0), end: at(29, 0), isAllDay: true))
    }

    @Test("a standing plan is told back as a proposal and a yes, and knows a revision from a new plan")
    func standingPlan() {
        let plan = StandingPlan(title: "Dinner at Nozomi", timing: .init(start: at(26, 20), end: at(26, 21), isAllDay: false),
                                location: "Nozomi", zone: zone)
        let messages = plan.messages(counterpart: "Sara", owner: "Amal", before: LocalDateTime(year: 2026, month: 11, day: 24, hour: 9))
        #expect(messages.map(\.text) == ["Dinner at Nozomi on Thursday 26 November 2026 from 20:00 to 21:00 at Nozomi?", "Yes, agreed 👍"])
        #expect(messages.map(\.fromOwner) == [false, true])
        #expect(messages[0].sent == LocalDateTime(year: 2026, month: 11, day: 24, hour: 8, minute: 59))
        #expect(plan.isRevised(by: event(26, from: ClockTime(hour: 21))))
        var renamed = event(27, from: ClockTime(hour: 21))
        renamed.title = "Dinner"
        #expect(plan.isRevised(by: renamed))
        var tennis = event(28, from: ClockTime(hour: 17))
        tennis.title = "Tennis with Sara"
        #expect(!plan.isRevised(by: tennis))
    }
}
