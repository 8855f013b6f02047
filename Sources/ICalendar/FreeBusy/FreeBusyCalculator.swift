/// Busy time of a calendar in a range, by the rules of RFC 4791 §7.10.
///
/// Opaque VEVENT occurrences are busy (STATUS:TENTATIVE as BUSY-TENTATIVE); transparent
/// and cancelled ones are not, nor are zero-length ones. FREEBUSY periods of VFREEBUSY
/// components count with their FBTYPE. Periods are clipped to the range and merged per type.
public struct FreeBusyCalculator: Sendable {
    /// A busy period in UTC instants.
    public struct Period: Hashable, Sendable {
        public var type: String
        public var start: Int
        public var end: Int

        public init(type: String, start: Int, end: Int) {
            self.type = type
            self.start = start
            self.end = end
        }
    }

    public let expander: RecurrenceExpander

    public init(expander: RecurrenceExpander) {
        self.expander = expander
    }

    /// The merged busy periods in [from, to), sorted by start, then type.
    public func busyPeriods(from: Int, to: Int) throws(ExpansionError) -> [Period] {
        var raw: [Period] = []
        for occurrence in try expander.occurrences(from: from, to: to) where occurrence.component.name == ComponentName.event {
            let component = occurrence.component
            if component[PropertyName.transparency]?.value.uppercased() == "TRANSPARENT" { continue }
            let status = component[PropertyName.status]?.value.uppercased()
            if status == "CANCELLED" { continue }
            let type = status == "TENTATIVE" ? "BUSY-TENTATIVE" : "BUSY"
            raw.append(Period(type: type, start: occurrence.startInstant, end: occurrence.endInstant))
        }
        for component in expander.calendar.components where component.name == ComponentName.freeBusy {
            for property in component.properties(named: PropertyName.freeBusy) {
                let type = property[parameter: ParameterName.freeBusyType]?.uppercased() ?? "BUSY"
                if type == "FREE" { continue }
                let periods: [PeriodValue]
                do { periods = try property.periodValues() } catch {
                    throw ExpansionError("FREEBUSY: \(error.reason)", line: property.line)
                }
                for period in periods {
                    let start = expander.instant(of: period.start)
                    let end: Int
                    switch period.end {
                    case .dateTime(let value): end = expander.instant(of: value)
                    case .duration(let duration): end = start + duration.approximateSeconds
                    }
                    raw.append(Period(type: type, start: start, end: end))
                }
            }
        }
        return Self.merge(raw, from: from, to: to)
    }

    /// Clips to [from, to) and merges overlapping or touching periods of the same type.
    public static func merge(_ periods: [Period], from: Int, to: Int) -> [Period] {
        var byType: [String: [Period]] = [:]
        for period in periods {
            let start = max(period.start, from)
            let end = min(period.end, to)
            guard end > start else { continue }
            byType[period.type, default: []].append(Period(type: period.type, start: start, end: end))
        }
        var merged: [Period] = []
        for (_, list) in byType {
            var current: Period?
            for period in list.sorted(by: { $0.start < $1.start }) {
                if var open = current, period.start <= open.end {
                    open.end = max(open.end, period.end)
                    current = open
                } else {
                    if let open = current { merged.append(open) }
                    current = period
                }
            }
            if let open = current { merged.append(open) }
        }
        return merged.sorted { ($0.start, $0.type) < ($1.start, $1.type) }
    }

    /// A VCALENDAR holding one VFREEBUSY for [from, to) (RFC 4791 §7.10).
    public func freeBusyCalendar(from: Int, to: Int, stamp: Int, productID: String = "-//Jadwal//jadwald//EN") throws(ExpansionError) -> Component {
        Self.calendar(periods: try busyPeriods(from: from, to: to), from: from, to: to, stamp: stamp, productID: productID)
    }

    /// A VCALENDAR holding one VFREEBUSY with the given (merged) periods.
    public static func calendar(periods: [Period], from: Int, to: Int, stamp: Int, productID: String = "-//Jadwal//jadwald//EN") -> Component {
        var freeBusy = Component(name: ComponentName.freeBusy)
        freeBusy.properties.append(Property(name: PropertyName.dateTimeStamp, value: Self.utc(stamp)))
        freeBusy.properties.append(Property(name: PropertyName.dateTimeStart, value: Self.utc(from)))
        freeBusy.properties.append(Property(name: PropertyName.dateTimeEnd, value: Self.utc(to)))
        for period in periods {
            freeBusy.properties.append(Property(
                name: PropertyName.freeBusy,
                parameters: [Parameter(name: ParameterName.freeBusyType, value: period.type)],
                value: Self.utc(period.start) + "/" + Self.utc(period.end)))
        }
        return Component(name: ComponentName.calendar, properties: [
            Property(name: PropertyName.version, value: "2.0"),
            Property(name: PropertyName.productID, value: productID),
        ], components: [freeBusy])
    }

    /// `YYYYMMDDTHHMMSSZ` for an instant.
    public static func utc(_ instant: Int) -> String {
        LocalDateTime(civilSeconds: instant).basicFormat + "Z"
    }
}
