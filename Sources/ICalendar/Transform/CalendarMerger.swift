/// Joins calendar objects into one VCALENDAR, as an export or a subscription feed:
/// every component once, and each VTIMEZONE once however many objects carry it.
public struct CalendarMerger: Sendable {
    private var zoneIDs: Set<String> = []
    private var zones: [Component] = []
    private var members: [Component] = []
    private let header: [Property]

    /// - Parameters:
    ///   - productID: the PRODID of the merged calendar.
    ///   - name: shown by calendar programs as the calendar's name (`X-WR-CALNAME`).
    public init(productID: String, name: String? = nil) {
        var header = [Property(name: PropertyName.version, value: "2.0"), Property(name: PropertyName.productID, value: productID)]
        if let name { header.append(Property(name: "X-WR-CALNAME", text: name)) }
        self.header = header
    }

    /// Adds the components of one object's VCALENDAR.
    public mutating func add(_ calendar: Component) {
        for component in calendar.components {
            if component.name == ComponentName.timeZone {
                guard let tzid = component[PropertyName.timeZoneID]?.value, zoneIDs.insert(tzid).inserted else { continue }
                zones.append(component)
            } else {
                members.append(component)
            }
        }
    }

    /// The merged calendar: time zones first, then the components in the order added.
    public var calendar: Component {
        Component(name: ComponentName.calendar, properties: header, components: zones + members)
    }
}
