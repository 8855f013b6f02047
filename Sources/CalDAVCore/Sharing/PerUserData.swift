import ICalendar
import ITIP

/// What each person keeps for themself in a shared calendar (caldav-sharing §5.5.4, as
/// CalendarServer keeps it): their alarms and their TRANSP of each event or task. The owner's
/// stay in the components, as in any calendar; each sharee's are kept beside them in the
/// stored object, in one `X-JADWAL-PERUSER` component per sharee, with an
/// `X-JADWAL-PERINSTANCE` per component they set something on:
///
/// ```
/// BEGIN:X-JADWAL-PERUSER
/// X-JADWAL-PERUSER-UID:samir
/// BEGIN:X-JADWAL-PERINSTANCE
/// RECURRENCE-ID:20261209T100000Z      (none for the master)
/// TRANSP:TRANSPARENT
/// BEGIN:VALARM … END:VALARM
/// END:X-JADWAL-PERINSTANCE
/// END:X-JADWAL-PERUSER
/// ```
///
/// Nobody sees another's: the owner reads the components as stored without the sharees'
/// parts; a sharee reads them with their own alarms and TRANSP in place of the owner's.
enum PerUserData {
    static let userComponent = "X-JADWAL-PERUSER"
    static let instanceComponent = "X-JADWAL-PERINSTANCE"
    static let userProperty = "X-JADWAL-PERUSER-UID"
    private static let marker = Array(userComponent.utf8)
    private static let alarmMarker = Array("BEGIN:VALARM".utf8)

    /// Whether stored bytes hold anyone's per-user part (a byte search, before any parsing).
    static func isPresent(in data: [UInt8]) -> Bool { contains(marker, in: data) }

    private static func contains(_ needle: [UInt8], in data: [UInt8]) -> Bool {
        data.firstRange(of: needle) != nil
    }

    /// The object as its owner reads it: without the sharees' parts.
    static func ownerView(_ data: [UInt8]) -> [UInt8] {
        guard isPresent(in: data), var calendar = try? ICalendarParser().parseCalendar(data) else { return data }
        calendar.components.removeAll { $0.name == userComponent }
        return ICalendarSerializer().serialize(calendar)
    }

    /// The object as `user`, a sharee, reads it: their alarms and TRANSP where they set
    /// them, no alarms of the owner's, and nobody's per-user part.
    static func view(_ data: [UInt8], for user: String) -> [UInt8] {
        guard isPresent(in: data) || contains(alarmMarker, in: data), var calendar = try? ICalendarParser().parseCalendar(data) else { return data }
        let own = instances(of: user, in: calendar)
        calendar.components.removeAll { $0.name == userComponent }
        for index in calendar.components.indices where ComponentName.schedulable.contains(calendar.components[index].name) {
            calendar.components[index].components.removeAll { $0.name == ComponentName.alarm }
            guard let mine = own[InstanceKey(of: calendar.components[index])] else { continue }
            if let transparency = mine[PropertyName.transparency] { calendar.components[index].set(transparency) }
            calendar.components[index].components += mine.components(named: ComponentName.alarm)
        }
        return ICalendarSerializer().serialize(calendar)
    }

    /// What to store when `user`, a sharee, writes `written` over `stored` (`nil`: a new
    /// object): the shared parts as written (or, when `sharedPartsFromStored`, as stored: a
    /// read-only sharee changes only their own), the owner's alarms and TRANSP as they were,
    /// the other sharees' parts as they were, and `user`'s from what they wrote.
    static func merged(_ written: Component, over stored: Component?, for user: String, sharedPartsFromStored: Bool = false) -> Component {
        var result = sharedPartsFromStored ? (stored ?? written) : written
        let storedComponents = Dictionary((stored?.components ?? []).filter { ComponentName.schedulable.contains($0.name) }
            .map { (InstanceKey(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        var mine: [Component] = []
        for component in written.components where ComponentName.schedulable.contains(component.name) {
            let key = InstanceKey(of: component)
            let owners = storedComponents[key]
            var instance = Component(name: instanceComponent)
            if let recurrence = component[PropertyName.recurrenceID] { instance.properties.append(recurrence) }
            if let transparency = component[PropertyName.transparency], transparency.value != owners?[PropertyName.transparency]?.value ?? "OPAQUE" {
                instance.properties.append(transparency)
            }
            instance.components = component.components(named: ComponentName.alarm)
            if !instance.components.isEmpty || instance[PropertyName.transparency] != nil { mine.append(instance) }
        }
        for index in result.components.indices where ComponentName.schedulable.contains(result.components[index].name) {
            let owners = storedComponents[InstanceKey(of: result.components[index])]
            result.components[index].components.removeAll { $0.name == ComponentName.alarm }
            result.components[index].components += owners?.components(named: ComponentName.alarm) ?? []
            result.components[index].remove(PropertyName.transparency)
            if let transparency = owners?[PropertyName.transparency] { result.components[index].set(transparency) }
        }
        result.components.removeAll { $0.name == userComponent }
        result.components += (stored?.components ?? []).filter { $0.name == userComponent && $0[userProperty]?.value.utf8.elementsEqual(user.utf8) != true }
        if !mine.isEmpty {
            result.components.append(Component(name: userComponent, properties: [Property(name: userProperty, value: user)], components: mine))
        }
        return result
    }

    /// `written` (the owner's write) with the sharees' parts of `stored` kept, and none
    /// that the owner's client wrote itself.
    static func keepingSharees(_ written: [UInt8], from stored: [UInt8]) -> [UInt8] {
        guard isPresent(in: stored) || isPresent(in: written), var calendar = try? ICalendarParser().parseCalendar(written) else { return written }
        calendar.components.removeAll { $0.name == userComponent }
        calendar.components += ((try? ICalendarParser().parseCalendar(stored))?.components ?? []).filter { $0.name == userComponent }
        return ICalendarSerializer().serialize(calendar)
    }

    /// Whether `written`, by a sharee who may only read, changes nothing but what is theirs
    /// (alarms, TRANSP) and what clients rewrite on every save (DTSTAMP, LAST-MODIFIED,
    /// PRODID, X- properties), compared with `shown`, the object as they read it.
    static func changesOnlyOwnParts(_ written: Component, shown: Component) -> Bool {
        func shared(_ calendar: Component) -> [[String]] {
            calendar.components.filter { $0.name != ComponentName.timeZone }.map { component in
                let ignored: Set = [PropertyName.transparency, "DTSTAMP", "LAST-MODIFIED", "PRODID"]
                return component.properties.filter { !ignored.contains($0.name) && !$0.name.hasPrefix("X-") }
                    .map { String(decoding: ICalendarSerializer().serialize(Component(name: "P", properties: [$0])), as: UTF8.self) }
                    .sorted()
                    + component.components.filter { $0.name != ComponentName.alarm }.map { String(decoding: ICalendarSerializer().serialize($0), as: UTF8.self) }.sorted()
            }.sorted { $0.joined() < $1.joined() }
        }
        return shared(written) == shared(shown)
    }

    /// `user`'s per-instance parts in a stored object, by instance.
    private static func instances(of user: String, in calendar: Component) -> [InstanceKey: Component] {
        guard let part = calendar.components.first(where: { $0.name == userComponent && $0[userProperty]?.value.utf8.elementsEqual(user.utf8) == true }) else {
            return [:]
        }
        return Dictionary(part.components(named: instanceComponent).map { (InstanceKey(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
    }
}
