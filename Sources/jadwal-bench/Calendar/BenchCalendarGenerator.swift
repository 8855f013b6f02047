/// Deterministic generator of a large, realistic iCalendar file for `jadwal-bench ical`.
///
/// The output is shaped like exports from Google Calendar, Outlook and Apple Calendar:
/// VTIMEZONE blocks, timed events in four zones, UTC and all-day events, escaped and
/// non-ASCII text, attendees with quoted parameters, vendor X- properties, alarms, and
/// about 30% recurring series with EXDATEs, RDATEs and RECURRENCE-ID overrides.
/// All written event dates lie in 2024–2027. Lines end in CRLF and are folded at 75
/// octets without splitting a UTF-8 sequence.
///
/// The same seed always gives the same bytes: randomness comes from ``SplitMix64``,
/// dates are computed with ICalendar's integer civil-calendar arithmetic (no Foundation
/// calendar, no floating point), so the output does not depend on the host or its time zone.
struct BenchCalendarGenerator {
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
    }

    /// Returns the bytes of one VCALENDAR of roughly `targetBytes` (it stops at the first
    /// event that reaches the target, so it overshoots by at most one event, a few KB).
    func makeCalendar(targetBytes: Int) -> [UInt8] {
        var out = ContentLineWriter(capacity: max(targetBytes, 0) + 64 * 1024)
        var rng = SplitMix64(seed: seed)
        writeHeader(&out)
        for zone in BenchZone.allCases {
            zone.write(to: &out)
        }
        let footer = "END:VCALENDAR\r\n".utf8.count
        var index = 0
        repeat {
            writeSeries(index: index, rng: &rng, out: &out)
            index += 1
        } while out.count + footer < targetBytes
        out.line("END:VCALENDAR")
        return out.bytes
    }

    /// The first and last day event dates may fall on: 2024-01-01 … 2027-12-31.
    static let firstDay = CivilDays.days(year: 2024, month: 1, day: 1)
    static let lastDay = CivilDays.days(year: 2027, month: 12, day: 31)

    private func writeHeader(_ out: inout ContentLineWriter) {
        out.line("BEGIN:VCALENDAR")
        out.line("PRODID:-//Jadwal//Benchmark Calendar Generator 1.0//EN")
        out.line("VERSION:2.0")
        out.line("CALSCALE:GREGORIAN")
        out.line("METHOD:PUBLISH")
        out.put("X-WR-CALNAME:")
        out.putText("Team calendar — تقويم الفريق")
        out.endLine()
        out.line("X-WR-TIMEZONE:Asia/Riyadh")
        out.put("X-WR-CALDESC:")
        out.putText("Synthetic benchmark calendar, seed \(seed); meetings, trips and holidays.")
        out.endLine()
    }

    /// Writes one series: the event, and for some recurring ones an overridden instance.
    private func writeSeries(index: Int, rng: inout SplitMix64, out: inout ContentLineWriter) {
        let flavorRoll = rng.below(100)
        let flavor: ClientFlavor = flavorRoll < 45 ? .google : (flavorRoll < 75 ? .outlook : .apple)
        let recurring = rng.chance(30)

        let timeRoll = rng.below(100)
        let time: EventTiming
        if timeRoll < 12 {
            time = .allDay
        } else if timeRoll < 35 {
            time = .utc
        } else {
            let z = rng.below(100)
            time = .zoned(z < 35 ? .riyadh : z < 60 ? .newYork : z < 85 ? .london : .sydney)
        }

        // Recurring series start early enough for their instances to stay inside 2027.
        let latestStart = recurring ? CivilDays.days(year: 2026, month: 12, day: 31) : Self.lastDay - 10
        let startDay = Self.firstDay + rng.below(latestStart - Self.firstDay + 1)
        let createdDay = max(Self.firstDay, startDay - rng.inRange(1...120))
        let modifiedDay = min(Self.lastDay, createdDay + rng.below(30))
        let event = SeriesEvent(
            uid: makeUID(index: index, flavor: flavor, rng: &rng),
            flavor: flavor,
            time: time,
            startDay: startDay,
            startMinute: rng.inRange(28...78) * 15,  // 07:00 … 19:30
            durationMinutes: rng.pick([15, 30, 30, 45, 60, 60, 60, 90, 120, 180]),
            durationDays: rng.pick([1, 1, 1, 1, 2, 3]),
            useDuration: flavor == .apple && rng.chance(25),
            createdDay: createdDay,
            modifiedDay: modifiedDay,
            stampDay: min(Self.lastDay, modifiedDay + rng.below(20)),
            stampMinute: rng.below(24 * 60),
            sequence: rng.chance(60) ? 0 : rng.inRange(1...6))

        let rule = recurring ? SeriesRule.random(for: event, rng: &rng) : nil

        // EXDATEs and the overridden instance are picked among known instances DTSTART + k·step.
        var exdateIndexes: [Int] = []
        var overrideIndex: Int? = nil
        if let rule, rule.step != nil, rule.maxStepIndex >= 2 {
            if rng.chance(35) {
                for _ in 0..<rng.inRange(1...3) {
                    let k = rng.inRange(1...rule.maxStepIndex)
                    if !exdateIndexes.contains(k) { exdateIndexes.append(k) }
                }
                exdateIndexes.sort()
            }
            if rng.chance(30) {
                let k = rng.inRange(1...rule.maxStepIndex)
                if !exdateIndexes.contains(k) { overrideIndex = k }
            }
        }

        writeEvent(event, rule: rule, exdates: exdateIndexes, rng: &rng, out: &out)

        if let rule, let step = rule.step, let k = overrideIndex {
            writeOverride(of: event, instanceDay: event.startDay + k * step, rng: &rng, out: &out)
        }
    }

    /// A UID shaped like the ones `flavor`'s client writes, unique by `index`.
    private func makeUID(index: Int, flavor: ClientFlavor, rng: inout SplitMix64) -> String {
        let hex: [Character] = Array("0123456789abcdef")
        func randomHex(_ count: Int, _ rng: inout SplitMix64, upper: Bool = false) -> String {
            var s = ""
            s.reserveCapacity(count)
            for _ in 0..<count {
                let c = hex[rng.below(16)]
                s.append(upper ? Character(c.uppercased()) : c)
            }
            return s
        }
        // The index makes UIDs unique whatever the random draws.
        let serial = String(index, radix: 16)
        switch flavor {
        case .google:
            return randomHex(20, &rng) + serial + "@google.com"
        case .outlook:
            return "040000008200E00074C5B7101A82E00800000000" + randomHex(16, &rng, upper: true)
                + "00000000000000001000000" + String(index, radix: 16, uppercase: true).leftPadded(to: 8)
        case .apple:
            return randomHex(8, &rng, upper: true) + "-" + randomHex(4, &rng, upper: true) + "-"
                + randomHex(4, &rng, upper: true) + "-" + randomHex(4, &rng, upper: true) + "-"
                + String(index, radix: 16, uppercase: true).leftPadded(to: 12)
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
