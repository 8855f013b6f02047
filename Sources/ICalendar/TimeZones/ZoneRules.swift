/// The UTC offsets of one time zone over time.
///
/// Instants are seconds since 1970-01-01T00:00:00Z; local readings are "civil seconds",
/// the same count for a wall-clock reading as if it were UTC (``LocalDateTime/civilSeconds``).
public protocol ZoneRules: Sendable {
    /// The zone's identifier, as the TZID that named it.
    var identifier: String { get }
    /// Seconds east of UTC in effect at `instant`.
    func offset(at instant: Int) -> Int
}

extension ZoneRules {
    /// The instant of a wall-clock reading in this zone.
    ///
    /// RFC 5545 §3.3.5: a reading inside a DST gap is interpreted with the UTC offset in
    /// effect before the gap (so 02:30 on a spring-forward night becomes 03:30 daylight
    /// time); a reading that occurs twice in an overlap means its first occurrence.
    public func instant(forLocal civil: Int) -> Int {
        resolve(local: civil).instant
    }

    /// ``instant(forLocal:)``, and whether the reading falls in a gap (the instant then
    /// reads as a later wall-clock time).
    func resolve(local civil: Int) -> (instant: Int, inGap: Bool) {
        let before = offset(at: civil - 86400)
        let after = offset(at: civil + 86400)
        if before == after {
            let candidate = civil - before
            if offset(at: candidate) == before { return (candidate, false) }
        }
        let first = civil - before
        let second = civil - after
        let firstValid = offset(at: first) == before
        let secondValid = offset(at: second) == after
        switch (firstValid, secondValid) {
        case (true, true): return (min(first, second), false)
        case (true, false): return (first, false)
        case (false, true): return (second, false)
        case (false, false): return (first, true)  // a gap: keep the offset from before it
        }
    }

    /// The wall-clock reading (civil seconds) at `instant`.
    public func local(at instant: Int) -> Int {
        instant + offset(at: instant)
    }
}

/// A fixed offset, for UTC and for zones that never change.
public struct FixedOffsetZone: ZoneRules {
    public let identifier: String
    public let seconds: Int

    public init(identifier: String, seconds: Int) {
        self.identifier = identifier
        self.seconds = seconds
    }

    public func offset(at instant: Int) -> Int { seconds }

    public static let utc = FixedOffsetZone(identifier: "UTC", seconds: 0)
}

/// Offsets as a sorted list of transitions: from each transition's instant on, its offset
/// applies until the next one.
struct TransitionTable: Sendable {
    /// Offset in effect before the first transition.
    let initialOffset: Int
    /// Transition instants, ascending.
    let instants: [Int]
    /// Offset after each transition.
    let offsets: [Int]

    func offset(at instant: Int) -> Int {
        // The last transition at or before `instant`.
        var low = 0
        var high = instants.count
        while low < high {
            let mid = (low + high) / 2
            if instants[mid] <= instant { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? initialOffset : offsets[low - 1]
    }
}
