/// The time facts of one component that its occurrences are built from: start, frame,
/// and how the end follows from the start (RFC 5545 §3.6.1, §3.6.2, §3.6.3, §3.8.5.3).
struct Timing {
    /// How an instance's end follows from its start.
    enum Length {
        /// DTEND or DUE: the same exact duration for every instance.
        case exact(Int)
        /// DURATION: the same nominal duration; days follow the wall clock.
        case nominal(DurationValue)
    }

    let startCivil: Int
    let tzid: String?
    let reference: TimeReference
    let isDate: Bool
    let frame: any ZoneRules
    let length: Length
    let shape: Occurrence.Shape

    var isFloating: Bool { isDate || reference == .floating }

    /// Roughly how long an instance lasts, to know how far before a range to look.
    var approximateLength: Int {
        switch length {
        case .exact(let seconds): return max(0, seconds)
        case .nominal(let duration): return max(0, duration.approximateSeconds)
        }
    }

    /// Reads the timing of `component`; `nil` when it has no DTSTART (nor DUE for a VTODO).
    init?(_ component: Component, expander: RecurrenceExpander) throws(ExpansionError) {
        func read(_ name: String) throws(ExpansionError) -> DateTimeValue? {
            guard let property = component[name] else { return nil }
            do { return try property.dateTimeValue() } catch {
                throw ExpansionError("\(name): \(error.reason)", line: property.line)
            }
        }
        func readDuration() throws(ExpansionError) -> DurationValue? {
            guard let property = component[PropertyName.duration] else { return nil }
            do { return try property.durationValue() } catch {
                throw ExpansionError("DURATION: \(error.reason)", line: property.line)
            }
        }
        let dtstart = try read(PropertyName.dateTimeStart)
        let start: DateTimeValue
        var length: Length = .exact(0)
        var shape: Occurrence.Shape = .span
        if component.name == ComponentName.todo {
            let due = try read(PropertyName.due)
            if let dtstart {
                start = dtstart
                if let due {
                    length = .exact(Timing.seconds(from: dtstart, to: due, expander: expander))
                    shape = .todoStartDue
                } else if let duration = try readDuration() {
                    length = .nominal(duration)
                    shape = .todoStartDuration
                } else {
                    shape = .todoStart
                }
            } else if let due {
                start = due
                shape = .todoDue
            } else {
                return nil
            }
        } else {
            guard let dtstart else { return nil }
            start = dtstart
            if component.name == ComponentName.event, let end = try read(PropertyName.dateTimeEnd) {
                length = .exact(Timing.seconds(from: dtstart, to: end, expander: expander))
            } else if component.name == ComponentName.event, let duration = try readDuration() {
                length = .nominal(duration)
            } else if dtstart.isDate {
                length = .exact(86400)  // an all-day entry without an end lasts its day
            }
        }
        isDate = start.isDate
        startCivil = start.local.civilSeconds
        var reference = start.reference
        if case .zone(let tzid) = reference {
            if let rules = expander.timeZones.rules(for: tzid) {
                frame = rules
                self.tzid = tzid
            } else {
                // A TZID nothing defines: read the time as floating rather than guess.
                frame = expander.floatingZone
                reference = .floating
                self.tzid = nil
            }
        } else {
            frame = reference == .utc ? FixedOffsetZone.utc : expander.floatingZone
            tzid = nil
        }
        self.reference = reference
        self.length = length
        self.shape = shape
    }

    /// The exact length between two values; dates and floating times on the wall clock,
    /// since they have no zone of their own.
    static func seconds(from start: DateTimeValue, to end: DateTimeValue, expander: RecurrenceExpander) -> Int {
        let startIsLocal = start.isDate || start.reference == .floating
        let endIsLocal = end.isDate || end.reference == .floating
        if startIsLocal && endIsLocal { return end.local.civilSeconds - start.local.civilSeconds }
        return expander.instant(of: end) - expander.instant(of: start)
    }

    func value(atCivil civil: Int) -> DateTimeValue {
        if isDate { return .date(LocalDate(dayNumber: RuleIterator.floorDiv(civil, 86400))) }
        return .dateTime(LocalDateTime(civilSeconds: civil), reference)
    }

    func instant(atCivil civil: Int) -> Int {
        reference == .utc ? civil : frame.instant(forLocal: civil)
    }

    /// The value written in this frame for an instant (the civil reading for floating times).
    private func value(atInstant instant: Int, civil: Int) -> DateTimeValue {
        if isDate { return .date(LocalDate(dayNumber: RuleIterator.floorDiv(civil, 86400))) }
        if isFloating { return .dateTime(LocalDateTime(civilSeconds: civil), .floating) }
        return .dateTime(LocalDateTime(civilSeconds: frame.local(at: instant)), reference)
    }

    /// The occurrence starting at `civil`; `startInstant` when the caller knows it (a
    /// series keyed by instants), else the instant of that reading.
    func occurrence(uid: String, component: Component, startCivil civil: Int, startInstant knownInstant: Int? = nil, periodEnd: Int?) -> Occurrence {
        let startInstant = knownInstant ?? instant(atCivil: civil)
        let endInstant: Int
        let endCivil: Int
        if let periodEnd {
            endInstant = periodEnd
            endCivil = frame.local(at: periodEnd)
        } else {
            switch length {
            case .exact(let seconds):
                endCivil = civil + seconds
                // Floating times and dates keep their wall-clock length; others are exact.
                endInstant = isFloating ? instant(atCivil: endCivil) : startInstant + seconds
            case .nominal(let duration):
                let dayShifted = civil + duration.nominalDays * 86400
                let dayShiftedInstant = duration.nominalDays == 0 ? startInstant : instant(atCivil: dayShifted)
                endInstant = dayShiftedInstant + duration.exactSeconds
                endCivil = dayShifted + duration.exactSeconds
            }
        }
        let start = value(atCivil: civil)
        let end = value(atInstant: endInstant, civil: endCivil)
        if shape == .todoDue {
            return Occurrence(uid: uid, component: component, recurrenceID: nil, start: start, end: start,
                              startInstant: startInstant, endInstant: startInstant, recurrenceInstant: nil, shape: shape)
        }
        return Occurrence(uid: uid, component: component, recurrenceID: nil, start: start, end: end,
                          startInstant: startInstant, endInstant: endInstant, recurrenceInstant: nil, shape: shape)
    }
}
