/// The start times of a recurring component (RFC 5545 §3.8.5): DTSTART, its RRULEs and
/// RDATEs, less its EXDATEs and EXRULEs, in ascending order without duplicates.
///
/// Times are civil seconds in DTSTART's frame. An RDATE with a PERIOD value carries its
/// own end, reported with the start.
struct RecurrenceSet: IteratorProtocol {
    struct Start {
        var civil: Int
        /// The end of an RDATE PERIOD, as an instant, when the instance has its own length.
        var periodEnd: Int?
    }

    private var rules: [AnyIterator<Int>]
    private var heads: [Int?]
    private var dates: [Start]
    private var dateIndex = 0
    private let excluded: Set<Int>
    private let excludedDays: Set<Int>
    private var last: Int?

    init(rules: [AnyIterator<Int>], dates: [Start], excluded: Set<Int>, excludedDays: Set<Int>) {
        self.rules = rules
        heads = []
        self.dates = dates.sorted { $0.civil < $1.civil }
        self.excluded = excluded
        self.excludedDays = excludedDays
        for index in self.rules.indices { heads.append(self.rules[index].next()) }
    }

    mutating func next() -> Start? {
        while true {
            // The smallest head among the rules and the next RDATE.
            var best: Int? = nil
            var bestRule = -1
            for (index, head) in heads.enumerated() {
                if let head, best == nil || head < best! { best = head; bestRule = index }
            }
            var candidate: Start
            if dateIndex < dates.count, best == nil || dates[dateIndex].civil <= best! {
                candidate = dates[dateIndex]
                dateIndex += 1
            } else if let best {
                candidate = Start(civil: best, periodEnd: nil)
                heads[bestRule] = rules[bestRule].next()
            } else {
                return nil
            }
            if let last, candidate.civil == last { continue }
            last = candidate.civil
            if excluded.contains(candidate.civil) { continue }
            if !excludedDays.isEmpty && excludedDays.contains(RuleIterator.floorDiv(candidate.civil, 86400)) { continue }
            return candidate
        }
    }
}
