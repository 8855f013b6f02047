import Foundation
import Testing
@testable import Jadwal

struct FreeSlotFinderTests {
    let zone = TimeZone(identifier: "Asia/Riyadh")!

    /// Seconds since the epoch of a Riyadh wall-clock time on 26 November 2026.
    func at(_ hour: Int, _ minute: Int = 0, day: Int = 26) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return Int(calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour, minute: minute))!.timeIntervalSince1970)
    }

    func busy(_ start: Int, _ end: Int, _ kind: BusyItem.Kind = .event) -> BusyItem {
        BusyItem(kind: kind, calendar: "calendar", uid: "x\(start)", summary: "", start: start, end: end, isAllDay: false)
    }

    @Test("suggestions keep to waking hours, avoid every busy block, come nearest first on the day, then one a day")
    func suggestions() {
        let finder = FreeSlotFinder(zone: zone, wakingStart: 8 * 60, wakingEnd: 22 * 60)
        let blocks = [busy(at(18), at(20)), busy(at(17, 5), at(17, 25), .prayer), busy(at(20, 30), at(20, 50), .prayer)]
        let slots = finder.slots(duration: 3600, near: at(19), busy: blocks, notBefore: at(8))
        #expect(slots.count == 5)
        for start in slots {
            #expect(!blocks.contains { $0.overlaps(start: start, end: start + 3600) })
        }
        // Same day, nearest to 19:00 first: 21:00 (after the 20:30 prayer), 16:00 (ends before
        // the 17:05 one), 15:45.
        #expect(Array(slots.prefix(3)) == [at(21), at(16), at(15, 45)])
        #expect(slots[3] == at(19, day: 27) && slots[4] == at(19, day: 28))
    }

    @Test("nothing before now, nothing past the end of waking hours")
    func bounds() {
        let finder = FreeSlotFinder(zone: zone, wakingStart: 9 * 60, wakingEnd: 12 * 60)
        let slots = finder.slots(duration: 2 * 3600, near: at(10), busy: [], notBefore: at(10, 30), limit: 3)
        #expect(slots == [at(9, day: 27) + 3600, at(9, day: 28) + 3600, at(9, day: 29) + 3600])
    }
}
