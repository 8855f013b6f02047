/// The start times of a recurring component (RFC 5545 §3.8.5): DTSTART, its RRULEs and
/// RDATEs, less its EXDATEs and EXRULEs, in ascending wall-clock order without duplicates.
///
/// Times are civil seconds in DTSTART's frame, and each start also has a key, what starts
/// are compared by: in a zoned series the instant (so EXDATE, RDATE and UNTIL match
/// instances across DST changes, RFC 5545 §3.3.5), in a floating, all-day or UTC series
/// the civil reading itself. An RDATE with a PERIOD value carries its own end.
struct RecurrenceSet: IteratorProtocol {
    struct Start {
        /// The wall-clock reading in DTSTART's frame.
        var civil: Int
        /// The instant in a zoned series; `civil` otherwise.
        var key: Int
        /// `civil` falls in a DST gap: `key` reads as a later wall-clock time, which
        /// another start may name too.
        var inGap = false
        /// `civil` occurs twice and `key` is the later of its two instants (an RDATE in
        /// UTC or another zone); reading `civil` back would give the earlier one.
        var isSecondReading = false
        /// The end of an RDATE PERIOD, as an instant, when the instance has its own length.
        var periodEnd: Int?
    }

    private var rules: [RuleIterator]
    private var scaledRules: [ScaledRuleIterator]
    private var heads: [Start?]
    private var dates: [Start]
    private var dateIndex = 0
    private let excluded: Set<Int>
    private let excludedDays: Set<Int>
    private let zone: (any ZoneRules)?
    private var seen = SeenInstants()

    /// - Parameters:
    ///   - zone: DTSTART's zone in a zoned series (keys are instants), else `nil`.
    ///   - excluded: keys of EXDATE and EXRULE values.
    ///   - excludedDays: day numbers that DATE values of EXDATE exclude from a DATE-TIME series.
    init(rules: [RuleIterator], scaledRules: [ScaledRuleIterator], dates: [Start], excluded: Set<Int>, excludedDays: Set<Int>, zone: (any ZoneRules)?) {
        self.rules = rules
        self.scaledRules = scaledRules
        heads = []
        self.dates = dates.sorted { $0.civil != $1.civil ? $0.civil < $1.civil : $0.key < $1.key }
        self.excluded = excluded
        self.excludedDays = excludedDays
        self.zone = zone
        for index in 0..<(rules.count + scaledRules.count) { heads.append(nil); advance(index) }
    }

    private mutating func advance(_ index: Int) {
        heads[index] = index < rules.count ? rules[index].nextStart() : scaledRules[index - rules.count].nextStart()
    }

    mutating func next() -> Start? {
        while true {
            // The earliest head among the rules and the next RDATE.
            var best: Start? = nil
            var bestRule = -1
            for (index, head) in heads.enumerated() {
                if let head, best == nil || head.civil < best!.civil { best = head; bestRule = index }
            }
            let candidate: Start
            if dateIndex < dates.count, best == nil || dates[dateIndex].civil <= best!.civil {
                candidate = dates[dateIndex]
                dateIndex += 1
            } else if let best {
                candidate = best
                advance(bestRule)
            } else {
                return nil
            }
            if !seen.insert(candidate, zone: zone) { continue }
            if excluded.contains(candidate.key) { continue }
            if !excludedDays.isEmpty && excludedDays.contains(RuleIterator.floorDiv(candidate.civil, 86400)) { continue }
            return candidate
        }
    }
}

/// Remembers the keys of starts already produced, for starts that arrive in ascending
/// wall-clock order, so that each instant is produced once.
///
/// Two starts share an instant either at one reading (two rules, or a rule and an RDATE)
/// or when one reading is in a DST gap and so means the same instant as a later reading.
/// Only the last reading's keys and the gap starts not yet passed are kept, so nothing is
/// allocated outside DST gaps.
struct SeenInstants: Sendable {
    private var lastCivil = Int.min
    private var lastKey = Int.min
    /// Further keys at `lastCivil` (an RDATE at the second of a repeated reading).
    private var otherKeys: [Int] = []
    /// Keys of gap starts, until the latest wall-clock reading they stand for has passed.
    private var moved: Set<Int> = []
    private var movedUntil = Int.min

    /// Records `start`; `false` if its key was already produced.
    mutating func insert(_ start: RecurrenceSet.Start, zone: (any ZoneRules)?) -> Bool {
        if !moved.isEmpty {
            if start.civil > movedUntil {
                moved.removeAll()
            } else if moved.contains(start.key) {
                return false
            }
        }
        if start.civil == lastCivil {
            if start.key == lastKey || otherKeys.contains(start.key) { return false }
            otherKeys.append(start.key)
        } else {
            lastCivil = start.civil
            lastKey = start.key
            if !otherKeys.isEmpty { otherKeys.removeAll() }
        }
        if start.inGap, let zone {
            moved.insert(start.key)
            movedUntil = max(movedUntil, zone.local(at: start.key))
        }
        return true
    }
}

/// How a rule's wall-clock candidates become starts: their keys, UNTIL as an instant, and
/// no instant twice (RFC 5545 §3.3.10 and §3.8.5.3).
struct RuleKeying: Sendable {
    /// DTSTART's zone in a zoned series; `nil` compares on the wall clock.
    let zone: (any ZoneRules)?
    /// UNTIL as an instant, for a DATE-TIME UNTIL in a zoned series. The iterator's civil
    /// UNTIL is then only a bound past which no instance can be at or before it.
    let untilInstant: Int?
    private var seen = SeenInstants()

    /// Candidates compared as wall-clock readings (floating, all-day and UTC series, and
    /// VTIMEZONE observances).
    static let wallClock = RuleKeying(zone: nil, untilInstant: nil)

    init(zone: (any ZoneRules)?, untilInstant: Int?) {
        self.zone = zone
        self.untilInstant = untilInstant
    }

    /// The start for a candidate, or `nil` when it is after UNTIL or its instant was
    /// already produced (a reading in a DST gap and the later reading it stands for).
    mutating func start(civil: Int, checkUntil: Bool = true) -> RecurrenceSet.Start? {
        guard let zone else { return RecurrenceSet.Start(civil: civil, key: civil) }
        let resolved = zone.resolve(local: civil)
        if checkUntil, let untilInstant, resolved.instant > untilInstant { return nil }
        let start = RecurrenceSet.Start(civil: civil, key: resolved.instant, inGap: resolved.inGap)
        return seen.insert(start, zone: zone) ? start : nil
    }
}
