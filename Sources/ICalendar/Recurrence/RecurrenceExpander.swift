/// Expands the VEVENT, VTODO and VJOURNAL components of a calendar into the occurrences
/// that overlap a time range (RFC 5545 §3.8.5, RFC 4791 §9.9).
///
/// Components are grouped by UID: the one without RECURRENCE-ID is the master, the others
/// override single instances (or, with RANGE=THISANDFUTURE, every later one too). An
/// override replaces its instance, so a moved instance appears at its new time only.
///
/// ```swift
/// let expander = RecurrenceExpander(calendar: calendar)
/// for occurrence in try expander.occurrences(from: start, to: end) { ... }
/// ```
public struct RecurrenceExpander: Sendable {
    public let calendar: Component
    public let timeZones: TimeZoneResolver
    /// The zone floating times and DATE values are evaluated in.
    public let floatingZone: any ZoneRules
    public var limits: ExpansionLimits

    public init(calendar: Component, timeZones: TimeZoneResolver? = nil, floatingZone: any ZoneRules = FixedOffsetZone.utc, limits: ExpansionLimits = .default) {
        self.calendar = calendar
        self.timeZones = timeZones ?? TimeZoneResolver(calendar: calendar)
        self.floatingZone = floatingZone
        self.limits = limits
    }

    /// The occurrences overlapping [from, to) (instants in seconds since the epoch),
    /// sorted by start, then UID, then recurrence ID.
    public func occurrences(from: Int, to: Int) throws(ExpansionError) -> [Occurrence] {
        var groups: [String: [Component]] = [:]
        var order: [String] = []
        for component in calendar.components where ComponentName.schedulable.contains(component.name) {
            let uid = component[PropertyName.uid]?.value ?? "\u{0}line\(component.line)"
            if groups[uid] == nil { order.append(uid) }
            groups[uid, default: []].append(component)
        }
        var result: [Occurrence] = []
        for uid in order {
            try expand(uid: uid, components: groups[uid]!, from: from, to: to, into: &result)
            if result.count > limits.maxOccurrences {
                throw ExpansionError("more than \(limits.maxOccurrences) occurrences in the range; narrow it")
            }
        }
        result.sort { a, b in
            if a.startInstant != b.startInstant { return a.startInstant < b.startInstant }
            if a.uid != b.uid { return a.uid < b.uid }
            return (a.recurrenceInstant ?? Int.min) < (b.recurrenceInstant ?? Int.min)
        }
        return result
    }

    // MARK: Per UID

    private func expand(uid: String, components: [Component], from: Int, to: Int, into result: inout [Occurrence]) throws(ExpansionError) {
        let displayUID = uid.hasPrefix("\u{0}") ? "" : uid
        var master: Component?
        var overrides: [(component: Component, rid: DateTimeValue, ridInstant: Int)] = []
        for component in components {
            if let ridProperty = component[PropertyName.recurrenceID] {
                let rid = try value(ridProperty, component)
                overrides.append((component, rid, instant(of: rid)))
            } else if master == nil {
                master = component
            }
        }
        let excluded: (instants: Set<Int>, days: Set<Int>) = master.map(excludedByDate) ?? ([], [])
        for item in overrides {
            // An override of an instance its master excludes with EXDATE is not shown.
            if excluded.instants.contains(item.ridInstant) || excluded.days.contains(item.rid.local.date.dayNumber) { continue }
            guard var occurrence = try single(item.component, uid: displayUID) else { continue }
            occurrence.recurrenceID = item.rid
            occurrence.recurrenceInstant = item.ridInstant
            if occurrence.overlaps(from: from, to: to) { result.append(occurrence) }
        }
        guard let master else { return }
        let isRecurring = master.has(PropertyName.recurrenceRule) || master.has(PropertyName.recurrenceDate)
        guard isRecurring else {
            if let occurrence = try single(master, uid: displayUID), occurrence.overlaps(from: from, to: to) {
                result.append(occurrence)
            }
            return
        }
        try expandRecurring(master, uid: displayUID, overrides: overrides, from: from, to: to, into: &result)
    }

    private func expandRecurring(
        _ master: Component, uid: String,
        overrides: [(component: Component, rid: DateTimeValue, ridInstant: Int)],
        from: Int, to: Int, into result: inout [Occurrence]
    ) throws(ExpansionError) {
        guard let timing = try Timing(master, expander: self) else { return }
        let frame = timing.frame
        let overridden = Set(overrides.map(\.ridInstant))
        // RANGE=THISANDFUTURE overrides shift every later instance (RFC 5545 §3.8.4.4).
        var futureShifts: [(ridInstant: Int, civilShift: Int, timing: Timing, component: Component)] = []
        for item in overrides where item.component[PropertyName.recurrenceID]?[parameter: ParameterName.range]?.uppercased() == "THISANDFUTURE" {
            if let overrideTiming = try Timing(item.component, expander: self) {
                let shift = overrideTiming.startCivil - civil(of: item.rid, in: timing)
                futureShifts.append((item.ridInstant, shift, overrideTiming, item.component))
            }
        }
        futureShifts.sort { $0.ridInstant < $1.ridInstant }
        let maxShift = futureShifts.map { abs($0.civilShift) }.max() ?? 0
        let longest = max(timing.approximateLength, futureShifts.map(\.timing.approximateLength).max() ?? 0)

        let fromCivil = frame.local(at: from)
        let toCivil = frame.local(at: to)
        let horizon = toCivil + 2 * 86400 + maxShift
        let skipTo = fromCivil - longest - 2 * 86400 - maxShift

        // A zoned series compares its instances as instants; the others on the wall clock.
        var zone: (any ZoneRules)? = nil
        if case .zone = timing.reference { zone = frame }
        var set = try makeSet(master, timing: timing, zone: zone, horizon: horizon, skipTo: skipTo)
        var generated = 0
        while let start = set.next() {
            generated += 1
            if generated > limits.maxGeneratedPerComponent {
                throw ExpansionError("component \(uid) recurs more than \(limits.maxGeneratedPerComponent) times before the range ends", line: master.line)
            }
            if start.civil > horizon { break }
            let ridInstant = zone == nil ? timing.instant(atCivil: start.civil) : start.key
            // The later of two instants of a repeated reading can only be written in UTC.
            let ridValue = start.isSecondReading ? .dateTime(LocalDateTime(civilSeconds: ridInstant), .utc) : timing.value(atCivil: start.civil)
            if overridden.contains(ridInstant) { continue }
            var occurrence: Occurrence
            if let shift = futureShifts.last(where: { $0.ridInstant < ridInstant }) {
                let shifted = start.civil + shift.civilShift
                occurrence = shift.timing.occurrence(uid: uid, component: shift.component, startCivil: shifted, periodEnd: nil)
            } else {
                occurrence = timing.occurrence(uid: uid, component: master, startCivil: start.civil, startInstant: ridInstant, periodEnd: start.periodEnd)
                if start.isSecondReading { occurrence.start = ridValue }
            }
            occurrence.recurrenceID = ridValue
            occurrence.recurrenceInstant = ridInstant
            if occurrence.overlaps(from: from, to: to) {
                result.append(occurrence)
                if result.count > limits.maxOccurrences {
                    throw ExpansionError("more than \(limits.maxOccurrences) occurrences in the range; narrow it", line: master.line)
                }
            }
        }
    }

    private func makeSet(_ master: Component, timing: Timing, zone: (any ZoneRules)?, horizon: Int, skipTo: Int) throws(ExpansionError) -> RecurrenceSet {
        var rules: [RuleIterator] = []
        var scaledRules: [ScaledRuleIterator] = []
        let startLocal = LocalDateTime(civilSeconds: timing.startCivil)
        for property in master.properties(named: PropertyName.recurrenceRule) {
            let rule: RecurrenceRule
            do { rule = try property.recurrenceRule(zone: timing.tzid) } catch {
                throw ExpansionError("RRULE: \(error.reason)", line: property.line)
            }
            let until = untilBound(rule.until, timing, zone: zone)
            let keying = RuleKeying(zone: zone, untilInstant: until.instant)
            if let scale = rule.scale, scale != "GREGORIAN", rule.frequency <= .monthly {
                guard let iterator = ScaledRuleIterator(rule: rule, start: startLocal, untilCivil: until.civil, horizon: horizon, keying: keying) else {
                    throw ExpansionError("RSCALE=\(scale) is not a supported calendar scale", line: property.line)
                }
                scaledRules.append(iterator)
                continue
            }
            rules.append(RuleIterator(rule: rule, start: startLocal, isDate: timing.isDate, untilCivil: until.civil, horizon: horizon, skipTo: skipTo, keying: keying))
        }
        if rules.isEmpty && scaledRules.isEmpty {
            // RDATE only: DTSTART is still the first instance.
            var once = RecurrenceRule(frequency: .daily)
            once.count = 1
            rules.append(RuleIterator(rule: once, start: startLocal, isDate: timing.isDate, untilCivil: nil, horizon: horizon,
                                      keying: RuleKeying(zone: zone, untilInstant: nil)))
        }
        var dates: [RecurrenceSet.Start] = []
        for property in master.properties(named: PropertyName.recurrenceDate) {
            let values: [RecurrenceDateValue]
            do { values = try property.recurrenceDateValues() } catch {
                throw ExpansionError("RDATE: \(error.reason)", line: property.line)
            }
            for value in values {
                var start = recurrenceStart(value.start, timing: timing, zone: zone)
                if case .period(let period) = value {
                    switch period.end {
                    case .dateTime(let end): start.periodEnd = instant(of: end)
                    case .duration(let duration):
                        let startInstant = zone == nil ? timing.frame.instant(forLocal: start.civil) : start.key
                        start.periodEnd = duration.nominalDays == 0 ? startInstant + duration.exactSeconds
                            : timing.frame.instant(forLocal: start.civil + duration.nominalDays * 86400) + duration.exactSeconds
                    }
                }
                dates.append(start)
            }
        }
        var excluded = Set<Int>()
        var excludedDays = Set<Int>()
        for property in master.properties(named: PropertyName.exceptionDate) {
            let values: [DateTimeValue]
            do { values = try property.dateTimeListValue() } catch {
                throw ExpansionError("EXDATE: \(error.reason)", line: property.line)
            }
            for value in values {
                if value.isDate && !timing.isDate {
                    excludedDays.insert(value.local.date.dayNumber)
                } else {
                    excluded.insert(recurrenceStart(value, timing: timing, zone: zone).key)
                }
            }
        }
        for property in master.properties(named: PropertyName.exceptionRule) {
            guard let rule = try? property.recurrenceRule(zone: timing.tzid) else {
                throw ExpansionError("EXRULE is not a valid RECUR value", line: property.line)
            }
            let until = untilBound(rule.until, timing, zone: zone)
            var iterator = RuleIterator(rule: rule, start: startLocal, isDate: timing.isDate, untilCivil: until.civil, horizon: horizon,
                                        keying: RuleKeying(zone: zone, untilInstant: until.instant))
            var count = 0
            while let start = iterator.nextStart(), count < limits.maxGeneratedPerComponent {
                excluded.insert(start.key)
                count += 1
            }
        }
        return RecurrenceSet(rules: rules, scaledRules: scaledRules, dates: dates, excluded: excluded, excludedDays: excludedDays, zone: zone)
    }

    /// An RDATE or EXDATE value as a start of the series: its reading in DTSTART's frame
    /// and its key. In a zoned series the key is the value's instant, so a reading in a
    /// DST gap and the later reading it stands for are one start, and a UTC value at the
    /// second of a repeated reading is not the first (RFC 5545 §3.3.5).
    private func recurrenceStart(_ value: DateTimeValue, timing: Timing, zone: (any ZoneRules)?) -> RecurrenceSet.Start {
        let civil = civil(of: value, in: timing)
        guard let zone else { return RecurrenceSet.Start(civil: civil, key: civil) }
        if value.isDate || value.reference == .floating {
            // No zone of its own: the reading is taken in DTSTART's zone, as instances are.
            let resolved = zone.resolve(local: civil)
            return RecurrenceSet.Start(civil: civil, key: resolved.instant, inGap: resolved.inGap)
        }
        let key = instant(of: value)
        return RecurrenceSet.Start(civil: civil, key: key, isSecondReading: zone.instant(forLocal: civil) != key)
    }

    /// The master's EXDATE values as instants, and as whole days where a DATE excludes a
    /// DATE-TIME series. Values that do not parse are left to ``makeSet`` to report.
    private func excludedByDate(_ master: Component) -> (instants: Set<Int>, days: Set<Int>) {
        let startIsDate = (try? master[PropertyName.dateTimeStart]?.dateTimeValue())?.isDate ?? false
        var instants = Set<Int>()
        var days = Set<Int>()
        for property in master.properties(named: PropertyName.exceptionDate) {
            for value in (try? property.dateTimeListValue()) ?? [] {
                if value.isDate && !startIsDate { days.insert(value.local.date.dayNumber) } else { instants.insert(instant(of: value)) }
            }
        }
        return (instants, days)
    }

    /// UNTIL as the iterator wants it: civil seconds in DTSTART's frame, inclusive, and for
    /// a DATE-TIME in a zoned series also the instant, which alone decides (RFC 5545
    /// §3.3.10: UNTIL is a UTC time there). The civil value is then a bound that no reading
    /// whose instant is at or before UNTIL passes, whatever offset applies to it; offsets
    /// change at most once in the few days around UNTIL. A DATE bounds the whole day.
    private func untilBound(_ until: DateTimeValue?, _ timing: Timing, zone: (any ZoneRules)?) -> (civil: Int?, instant: Int?) {
        guard let until else { return (nil, nil) }
        if until.isDate {
            return (until.local.civilSeconds + (timing.isDate ? 0 : 86399), nil)
        }
        if timing.isDate {
            // An all-day rule bounded by a DATE-TIME: compare dates in the floating zone.
            return (until.reference == .utc ? floatingZone.local(at: until.local.civilSeconds) : until.local.civilSeconds, nil)
        }
        if let zone {
            let instant = instant(of: until)
            let offset = max(zone.offset(at: instant - 2 * 86400), zone.offset(at: instant), zone.offset(at: instant + 2 * 86400))
            return (instant + offset, instant)
        }
        return (civil(of: until, in: timing), nil)
    }

    // MARK: Values

    private func value(_ property: Property, _ component: Component) throws(ExpansionError) -> DateTimeValue {
        do { return try property.dateTimeValue() } catch {
            throw ExpansionError("\(property.name): \(error.reason)", line: property.line)
        }
    }

    /// The zone a value's wall-clock reading is in.
    func frame(of value: DateTimeValue) -> any ZoneRules {
        switch value.reference {
        case .utc: return FixedOffsetZone.utc
        case .floating: return floatingZone
        case .zone(let tzid): return timeZones.rules(for: tzid) ?? floatingZone
        }
    }

    /// A value as an instant (seconds since the epoch); floating values and DATEs are read
    /// in the floating zone, zoned values through the calendar's time zones.
    public func instant(of value: DateTimeValue) -> Int {
        if case .dateTime(let local, .utc) = value { return local.civilSeconds }
        return frame(of: value).instant(forLocal: value.local.civilSeconds)
    }

    /// A value as civil seconds in another component time's frame.
    func civil(of value: DateTimeValue, in timing: Timing) -> Int {
        if value.isDate || value.reference == .floating || timing.isFloating { return value.local.civilSeconds }
        return timing.frame.local(at: instant(of: value))
    }

    /// A component without recurrence as a single occurrence, or `nil` when it has no time.
    private func single(_ component: Component, uid: String) throws(ExpansionError) -> Occurrence? {
        guard let timing = try Timing(component, expander: self) else { return nil }
        return timing.occurrence(uid: uid, component: component, startCivil: timing.startCivil, periodEnd: nil)
    }
}
