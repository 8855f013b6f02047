import Foundation
import Synchronization

/// Zone rules from the IANA time-zone database, through Foundation's `TimeZone`.
///
/// Transitions between 1900 and 2100 are read once into a table, so lookups are a binary
/// search; instants outside that span ask Foundation directly.
public final class SystemZoneRules: ZoneRules {
    public let identifier: String
    private let timeZone: TimeZone
    private let table: TransitionTable
    private let tableStart: Int
    private let tableEnd: Int

    /// The rules for an IANA identifier (`Europe/London`), or `nil` if the database has none.
    public static func named(_ identifier: String) -> SystemZoneRules? {
        cache.withLock { cache in
            if let cached = cache[identifier] { return cached }
            guard let timeZone = TimeZone(identifier: identifier) else { return nil }
            let rules = SystemZoneRules(identifier: identifier, timeZone: timeZone)
            cache[identifier] = rules
            return rules
        }
    }

    private static let cache = Mutex<[String: SystemZoneRules]>([:])

    private init(identifier: String, timeZone: TimeZone) {
        self.identifier = identifier
        self.timeZone = timeZone
        tableStart = -2_208_988_800  // 1900-01-01
        tableEnd = 4_102_444_800     // 2100-01-01
        var instants: [Int] = []
        var offsets: [Int] = []
        var cursor = Date(timeIntervalSince1970: TimeInterval(tableStart))
        let initial = timeZone.secondsFromGMT(for: cursor)
        var previous = initial
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < TimeInterval(tableEnd) {
            let instant = Int(next.timeIntervalSince1970.rounded())
            let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
            if offset != previous {
                instants.append(instant)
                offsets.append(offset)
                previous = offset
            }
            guard next > cursor else { break }
            cursor = next
        }
        table = TransitionTable(initialOffset: initial, instants: instants, offsets: offsets)
    }

    public func offset(at instant: Int) -> Int {
        if instant >= tableStart && instant < tableEnd { return table.offset(at: instant) }
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }
}
