import Foundation

/// Finds free slots of a given length near a wanted time: a few on the same day (nearest to
/// the wanted start first), then one on each following day (nearest to the same time of
/// day), within waking hours and clear of every busy item (prayer blocks included).
public struct FreeSlotFinder: Sendable {
    public var zone: TimeZone
    /// Minutes after local midnight.
    public var wakingStart: Int
    public var wakingEnd: Int
    /// Candidate starts fall on this grid, in seconds.
    public var step = 15 * 60
    public var days = 7

    public init(zone: TimeZone, wakingStart: Int, wakingEnd: Int) {
        self.zone = zone
        self.wakingStart = wakingStart
        self.wakingEnd = wakingEnd
    }

    /// Up to `limit` slots `[start, start + duration)`, never before `notBefore`.
    public func slots(duration: Int, near wanted: Int, busy: [BusyItem], notBefore: Int, limit: Int = 5, sameDayLimit: Int = 3) -> [Int] {
        guard duration > 0, wakingEnd > wakingStart else { return [] }
        let intervals = busy.map { ($0.start, $0.end) }.sorted { $0.0 < $1.0 }
        func isFree(_ start: Int) -> Bool {
            let end = start + duration
            return !intervals.contains { $0.0 < end && start < $0.1 }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let firstDay = calendar.startOfDay(for: Date(timeIntervalSince1970: TimeInterval(wanted)))
        var result: [Int] = []
        for offset in 0..<days {
            guard let day = calendar.date(byAdding: .day, value: offset, to: firstDay),
                  let open = calendar.date(byAdding: .minute, value: wakingStart, to: day),
                  let close = calendar.date(byAdding: .minute, value: wakingEnd, to: day) else { continue }
            let (from, to) = (Int(open.timeIntervalSince1970), Int(close.timeIntervalSince1970))
            var candidates: [Int] = []
            var start = from
            while start + duration <= to {
                if start >= notBefore, start != wanted, isFree(start) { candidates.append(start) }
                start += step
            }
            // Nearest to the wanted time of day: several on the same day, one on each later one.
            let target = wanted + Int(day.timeIntervalSince(firstDay))
            candidates.sort { (abs($0 - target), $0) < (abs($1 - target), $1) }
            result += candidates.prefix(offset == 0 ? sameDayLimit : 1)
            if result.count >= limit { break }
        }
        return Array(result.prefix(limit))
    }
}
