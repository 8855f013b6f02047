/// Zone rules evaluated from a VTIMEZONE component (RFC 5545 §3.6.5).
///
/// Each STANDARD and DAYLIGHT observance contributes onsets: its DTSTART, the instances of
/// its RRULE and its RDATEs, all wall-clock readings in the offset in effect before the
/// onset (TZOFFSETFROM). Onsets are expanded up to the year 2100.
public struct VTimeZoneRules: ZoneRules {
    public let identifier: String
    private let table: TransitionTable

    /// Evaluates `component`, which must be a VTIMEZONE with a TZID.
    public init(_ component: Component) throws(ValueError) {
        guard let tzid = component[PropertyName.timeZoneID]?.value, !tzid.isEmpty else {
            throw ValueError("VTIMEZONE has no TZID")
        }
        identifier = tzid
        var transitions: [(instant: Int, offset: Int, from: Int)] = []
        let horizon = LocalDate(year: 2100, month: 1, day: 1).dayNumber * 86400
        for observance in component.components where observance.name == ComponentName.standard || observance.name == ComponentName.daylight {
            guard let fromProperty = observance[PropertyName.timeZoneOffsetFrom],
                  let toProperty = observance[PropertyName.timeZoneOffsetTo],
                  let startProperty = observance[PropertyName.dateTimeStart] else {
                throw ValueError("\(observance.name) in VTIMEZONE \(tzid) needs DTSTART, TZOFFSETFROM and TZOFFSETTO")
            }
            let from = try UTCOffset.parse(fromProperty.value).seconds
            let to = try UTCOffset.parse(toProperty.value).seconds
            let start = try DateTimeValue.parse(startProperty.value).local
            var onsets: [Int] = []
            if let ruleProperty = observance[PropertyName.recurrenceRule] {
                let rule = try ruleProperty.recurrenceRule()
                var untilCivil: Int?
                if let until = rule.until {
                    // UNTIL is UTC here (RFC 5545 §3.6.5); compare in the observance's wall clock.
                    untilCivil = until.reference == .utc ? until.local.civilSeconds + from : until.local.civilSeconds
                }
                var iterator = RuleIterator(rule: rule, start: start, isDate: false, untilCivil: untilCivil, horizon: horizon)
                var produced = 0
                while let civil = iterator.next(), produced < 2000 {
                    onsets.append(civil)
                    produced += 1
                }
            } else {
                onsets.append(start.civilSeconds)
            }
            for property in observance.properties(named: PropertyName.recurrenceDate) {
                for value in try property.recurrenceDateValues() {
                    let local = value.start
                    onsets.append(local.reference == .utc ? local.local.civilSeconds + from : local.local.civilSeconds)
                }
            }
            for civil in onsets { transitions.append((civil - from, to, from)) }
        }
        guard !transitions.isEmpty else { throw ValueError("VTIMEZONE \(tzid) has no STANDARD or DAYLIGHT observance") }
        transitions.sort { $0.instant < $1.instant }
        table = TransitionTable(initialOffset: transitions[0].from, instants: transitions.map(\.instant), offsets: transitions.map(\.offset))
    }

    public func offset(at instant: Int) -> Int { table.offset(at: instant) }
}
