// Writing VEVENTs: the series' event, an overridden instance, and their date-times.
extension BenchCalendarGenerator {
    /// `NAME;TZID=…:value`, `NAME:…Z` or `NAME;VALUE=DATE:…` according to the event's kind.
    func writeTime(_ name: String, event: SeriesEvent, day: Int, minute: Int, out: inout ContentLineWriter) {
        out.put(name)
        switch event.time {
        case .zoned(let zone):
            out.put(";TZID=")
            out.put(zone.tzid)
            out.put(":")
            out.put(dateTime: day, minute: minute, utc: false)
        case .utc:
            out.put(":")
            out.put(dateTime: day, minute: minute, utc: true)
        case .allDay:
            out.put(";VALUE=DATE:")
            out.put(date: day)
        }
        out.endLine()
    }

    /// `NAME:…Z`: a UTC stamp (DTSTAMP, CREATED, LAST-MODIFIED, ACKNOWLEDGED).
    func writeStamp(_ name: String, day: Int, minute: Int, out: inout ContentLineWriter) {
        out.put(name)
        out.put(":")
        out.put(dateTime: day, minute: minute, second: minute % 60, utc: true)
        out.endLine()
    }

    /// The series' VEVENT: its times, the RRULE with EXDATEs and now and then an RDATE, text,
    /// people, categories, vendor properties and alarms. `exdates` are step indexes k of
    /// known instances DTSTART + k·step.
    func writeEvent(_ event: SeriesEvent, rule: SeriesRule?, exdates: [Int], rng: inout SplitMix64,
                    out: inout ContentLineWriter) {
        out.line("BEGIN:VEVENT")
        let isAllDay: Bool
        if case .allDay = event.time { isAllDay = true } else { isAllDay = false }

        writeTime("DTSTART", event: event, day: event.startDay, minute: event.startMinute, out: &out)
        writeEnd(event, out: &out)
        writeStamp("DTSTAMP", day: event.stampDay, minute: event.stampMinute, out: &out)
        out.put("UID:")
        out.put(event.uid)
        out.endLine()

        if let rule {
            rule.write(for: event, to: &out)
            if let step = rule.step, !exdates.isEmpty {
                if event.flavor == .apple && exdates.count > 1 {
                    // Apple lists several EXDATEs in one property.
                    out.put("EXDATE")
                    switch event.time {
                    case .zoned(let zone): out.put(";TZID="); out.put(zone.tzid)
                    case .allDay: out.put(";VALUE=DATE")
                    case .utc: break
                    }
                    out.put(":")
                    for (i, k) in exdates.enumerated() {
                        if i > 0 { out.put(",") }
                        switch event.time {
                        case .allDay: out.put(date: event.startDay + k * step)
                        case .utc: out.put(dateTime: event.startDay + k * step, minute: event.startMinute, utc: true)
                        case .zoned: out.put(dateTime: event.startDay + k * step, minute: event.startMinute, utc: false)
                        }
                    }
                    out.endLine()
                } else {
                    for k in exdates {
                        writeTime("EXDATE", event: event, day: event.startDay + k * step,
                                  minute: event.startMinute, out: &out)
                    }
                }
            }
            // An extra one-off instance, as clients write when one is added by hand.
            if !isAllDay && rng.chance(5) {
                // At a time no RRULE instance has, so it never duplicates one.
                let extra = min(Self.lastDay - 1, event.startDay + rng.inRange(1...40))
                let minute = event.startMinute == 12 * 60 + 30 ? 13 * 60 : 12 * 60 + 30
                writeTime("RDATE", event: event, day: extra, minute: minute, out: &out)
            }
        }

        writeStamp("CREATED", day: event.createdDay, minute: event.stampMinute / 2, out: &out)
        writeStamp("LAST-MODIFIED", day: event.modifiedDay, minute: event.stampMinute / 3, out: &out)

        let summary = rng.pick(SampleText.summaries)
        out.put("SUMMARY:")
        out.putText(summary)
        out.endLine()
        if rng.chance(75) {
            out.put("DESCRIPTION:")
            out.putText(makeDescription(event, rng: &rng))
            out.endLine()
        }
        if rng.chance(70) {
            out.put("LOCATION:")
            out.putText(rng.pick(SampleText.locations))
            out.endLine()
        }

        let attendeeCount = rng.chance(35) ? 0 : rng.inRange(1...8)
        if attendeeCount > 0 {
            let organizer = writePerson("ORGANIZER", event: event, attendee: false, rng: &rng, out: &out)
            for i in 0..<attendeeCount {
                _ = writePerson("ATTENDEE", event: event, attendee: true, rng: &rng, out: &out,
                                same: i == 0 ? organizer : nil)
            }
        }

        if rng.chance(50) {
            out.put("CATEGORIES:")
            for i in 0..<rng.inRange(1...3) {
                if i > 0 { out.put(",") }
                out.putText(rng.pick(SampleText.categories))
            }
            out.endLine()
        }
        out.put("SEQUENCE:")
        out.put(int: event.sequence)
        out.endLine()
        out.line("STATUS:" + (rng.chance(90) ? "CONFIRMED" : "TENTATIVE"))
        out.line("TRANSP:" + (isAllDay ? "TRANSPARENT" : (rng.chance(90) ? "OPAQUE" : "TRANSPARENT")))
        if rng.chance(20) { out.line("CLASS:" + rng.pick(["PUBLIC", "PRIVATE", "CONFIDENTIAL"])) }

        writeVendorProperties(event, rng: &rng, out: &out)

        if rng.chance(65) {
            writeAlarm(event, minutesBefore: rng.pick([5, 10, 15, 15, 30, 60]), rng: &rng, out: &out)
            if rng.chance(25) {
                writeAlarm(event, minutesBefore: rng.pick([120, 1440]), rng: &rng, out: &out)
            }
        }
        out.line("END:VEVENT")
    }

    /// DTEND, or DURATION as some Apple events have it.
    func writeEnd(_ event: SeriesEvent, out: inout ContentLineWriter) {
        if case .allDay = event.time {
            if event.useDuration {
                out.put("DURATION:P")
                out.put(int: event.durationDays)
                out.put("D")
                out.endLine()
            } else {
                writeTime("DTEND", event: event, day: event.startDay + event.durationDays, minute: 0, out: &out)
            }
        } else if event.useDuration {
            out.put("DURATION:PT")
            if event.durationMinutes >= 60 {
                out.put(int: event.durationMinutes / 60)
                out.put("H")
            }
            if event.durationMinutes % 60 != 0 {
                out.put(int: event.durationMinutes % 60)
                out.put("M")
            }
            out.endLine()
        } else {
            // Start times end by 19:30 and durations by 3 h, so the end stays on the same day.
            writeTime("DTEND", event: event, day: event.startDay,
                      minute: event.startMinute + event.durationMinutes, out: &out)
        }
    }

    /// A second VEVENT with the series' UID and a RECURRENCE-ID: one instance moved or renamed.
    func writeOverride(of event: SeriesEvent, instanceDay: Int, rng: inout SplitMix64, out: inout ContentLineWriter) {
        var moved = event
        moved.sequence += 1
        moved.startDay = instanceDay
        let isAllDay: Bool
        if case .allDay = event.time { isAllDay = true } else { isAllDay = false }
        if !isAllDay && rng.chance(70) {
            moved.startMinute += rng.pick([-60, -30, 30, 60])  // stays within 06:00 … 20:30
        }
        out.line("BEGIN:VEVENT")
        writeTime("DTSTART", event: moved, day: moved.startDay, minute: moved.startMinute, out: &out)
        writeEnd(moved, out: &out)
        writeStamp("DTSTAMP", day: event.stampDay, minute: event.stampMinute, out: &out)
        out.put("UID:")
        out.put(event.uid)
        out.endLine()
        writeTime("RECURRENCE-ID", event: event, day: instanceDay, minute: event.startMinute, out: &out)
        writeStamp("CREATED", day: event.createdDay, minute: event.stampMinute / 2, out: &out)
        writeStamp("LAST-MODIFIED", day: event.stampDay, minute: event.stampMinute, out: &out)
        out.put("SUMMARY:")
        out.putText(rng.pick(SampleText.summaries) + rng.pick([" (moved)", " — rescheduled", " (نُقل)", ", new time"]))
        out.endLine()
        if rng.chance(60) {
            out.put("DESCRIPTION:")
            out.putText("This instance was changed; see the series for details.\n" + rng.pick(SampleText.sentences))
            out.endLine()
        }
        out.put("SEQUENCE:")
        out.put(int: moved.sequence)
        out.endLine()
        out.line("STATUS:CONFIRMED")
        out.line("TRANSP:" + (isAllDay ? "TRANSPARENT" : "OPAQUE"))
        out.line("END:VEVENT")
    }
}
