import CalDAVCore
import Extraction
import Foundation
import ICalendar
import WebDAV

/// The "Chat Events" calendar in every home that has had an agreed chat: events land here
/// through the same store clients sync, so they appear everywhere. Users may edit or
/// delete them like any other event.
public struct ChatEventsCalendar: Sendable {
    public static let name = "chat-events"
    public static let displayName = "Chat Events"
    public static let color = "#2F80EDFF"
    static let productID = "-//Jadwal//Chat Events//EN"
    /// The last words of every description, so people (and Jadwal) know who wrote it.
    public static let signature = "Managed by Jadwal"

    let store: any CalendarStore
    /// The rule every stored object passes, with the server's limits, as a client's PUT would.
    let admission: CalendarObjectAdmission

    public init(store: any CalendarStore, admission: CalendarObjectAdmission) {
        self.store = store
        self.admission = admission
    }

    /// Where a chat's event came from, recorded in X- properties.
    public struct Origin: Sendable, Equatable {
        public var chatID: String
        public var counterpart: String
        public var source: String
        public var extractor: String
    }

    /// When an event is, as instants (seconds since the epoch).
    public struct Timing: Sendable, Equatable {
        public var start: Int
        public var end: Int
        public var isAllDay: Bool

        public var duration: Int { end - start }
    }

    static func reference(_ owner: String) -> CalendarReference { CalendarReference(owner: owner, name: name) }
    static func objectName(_ uid: String) -> String { uid + ".ics" }

    /// Makes the calendar when it does not exist yet.
    func ensure(owner: String) async throws {
        let reference = Self.reference(owner)
        guard try await store.calendar(reference) == nil else { return }
        do {
            try await store.createCalendar(CalendarCollection(
                reference: reference, displayName: Self.displayName,
                calendarDescription: "Events agreed in your chats. \(Self.signature).", color: Self.color, order: 1,
                supportedComponents: ["VEVENT"]))
        } catch {
            // Made meanwhile by another worker: fine.
            guard error.code == .alreadyExists else { throw error }
        }
    }

    /// When `event` happens in `zone`: a timed event without an end lasts an hour; an
    /// end at or before its start falls on the next day; a day-only event spans whole days.
    public static func timing(of event: ExtractedEvent, in zone: TimeZone) -> Timing {
        func instant(_ date: LocalDate, _ time: ClockTime) -> Int {
            Int(LocalDateTime(date: date, secondOfDay: time.minuteOfDay * 60).instant(in: zone).timeIntervalSince1970)
        }
        guard let startTime = event.startTime else {
            let start = instant(event.startDate, ClockTime(hour: 0))
            return Timing(start: start, end: instant(max(event.endDate, event.startDate).adding(days: 1), ClockTime(hour: 0)), isAllDay: true)
        }
        let start = instant(event.startDate, startTime)
        var end: Int
        if let endTime = event.endTime {
            end = instant(max(event.endDate, event.startDate), endTime)
            if end <= start { end = instant(max(event.endDate, event.startDate).adding(days: 1), endTime) }
            if end <= start { end = start + 3600 }
        } else {
            end = start + 3600
        }
        return Timing(start: start, end: end, isAllDay: false)
    }

    /// Writes the event under `uid` (replacing an earlier version), and returns its timing.
    @discardableResult
    func write(_ event: ExtractedEvent, uid: String, owner: String, zone: TimeZone, origin: Origin, sequence: Int = 0,
               now: Int = Int(Date().timeIntervalSince1970)) async throws -> Timing {
        try await ensure(owner: owner)
        let timing = Self.timing(of: event, in: zone)
        var properties = [
            Property(name: PropertyName.uid, value: uid),
            Property(name: PropertyName.dateTimeStamp, value: Self.utc(now)),
            Property(name: PropertyName.sequence, value: String(sequence)),
            Property(name: PropertyName.summary, text: event.title),
        ]
        properties += Self.times(timing, event: event, zone: zone)
        if let location = event.location, !location.isEmpty { properties.append(Property(name: PropertyName.location, text: location)) }
        properties += [
            Property(name: PropertyName.description, text: "Agreed in a chat with \(origin.counterpart).\n\n\(Self.signature)"),
            Property(name: PropertyName.status, value: "CONFIRMED"),
            Property(name: PropertyName.transparency, value: "OPAQUE"),
            Property(name: "X-JADWAL-CHAT-ID", text: origin.chatID),
            Property(name: "X-JADWAL-CHAT-WITH", text: origin.counterpart),
            Property(name: "X-JADWAL-CHAT-SOURCE", value: origin.source),
            Property(name: "X-JADWAL-EXTRACTOR", value: origin.extractor),
        ]
        try await put(Component(name: ComponentName.event, properties: properties), timing: timing, zone: zone, uid: uid, owner: owner)
        return timing
    }

    /// Moves the event to start at `start`, keeping its length; nil when it is gone.
    func move(uid: String, owner: String, to start: Int, zone: TimeZone, now: Int = Int(Date().timeIntervalSince1970)) async throws -> Timing? {
        guard let (event, timing) = try await read(uid: uid, owner: owner) else { return nil }
        let moved = Timing(start: start, end: start + timing.duration, isAllDay: false)
        var changed = event
        changed.properties.removeAll { [PropertyName.dateTimeStart, PropertyName.dateTimeEnd, PropertyName.duration,
                                        PropertyName.dateTimeStamp, PropertyName.sequence].contains($0.name) }
        let sequence = (Int(event[PropertyName.sequence]?.value ?? "0") ?? 0) + 1
        changed.properties.insert(contentsOf: [Property(name: PropertyName.dateTimeStamp, value: Self.utc(now)),
                                               Property(name: PropertyName.sequence, value: String(sequence))]
                                              + Self.times(moved, event: nil, zone: zone), at: 1)
        try await put(changed, timing: moved, zone: zone, uid: uid, owner: owner)
        return moved
    }

    /// Changes the standing event to a revised plan. A field the user changed since Jadwal
    /// last wrote it (`written`: the title, the place, the time) stays as the user left it,
    /// and everything else the user added (alarms, notes, attendees) is kept.
    /// - Returns: the event's timing now, and what Jadwal wrote (the chat's plan).
    func revise(_ current: (event: Component, timing: Timing), to event: ExtractedEvent, written: WrittenPlan?, uid: String, owner: String,
                zone: TimeZone, now: Int = Int(Date().timeIntervalSince1970)) async throws -> (Timing, WrittenPlan) {
        let planned = Self.timing(of: event, in: zone)
        let title = current.event[PropertyName.summary]?.textValue
        let location = current.event[PropertyName.location]?.textValue
        let keepsTitle = written.map { title != $0.title } ?? false
        let keepsLocation = written.map { location != $0.location } ?? false
        let keepsTime = written.map { current.timing != $0.timing } ?? false
        var changed = current.event
        var replaced = [PropertyName.dateTimeStamp, PropertyName.sequence]
        if !keepsTitle { replaced.append(PropertyName.summary) }
        if !keepsLocation { replaced.append(PropertyName.location) }
        if !keepsTime { replaced += [PropertyName.dateTimeStart, PropertyName.dateTimeEnd, PropertyName.duration] }
        changed.properties.removeAll { replaced.contains($0.name) }
        let sequence = (Int(current.event[PropertyName.sequence]?.value ?? "0") ?? 0) + 1
        var added = [Property(name: PropertyName.dateTimeStamp, value: Self.utc(now)), Property(name: PropertyName.sequence, value: String(sequence))]
        if !keepsTitle { added.append(Property(name: PropertyName.summary, text: event.title)) }
        if !keepsTime { added += Self.times(planned, event: event, zone: zone) }
        if !keepsLocation, let place = event.location, !place.isEmpty { added.append(Property(name: PropertyName.location, text: place)) }
        changed.properties.insert(contentsOf: added, at: min(1, changed.properties.count))
        let timing = keepsTime ? current.timing : planned
        try await put(changed, timing: timing, zone: zone, uid: uid, owner: owner)
        return (timing, WrittenPlan(title: event.title, timing: planned, location: event.location))
    }

    /// Deletes the event; nothing when it is already gone.
    func remove(uid: String, owner: String) async throws {
        do {
            try await store.deleteObject(named: Self.objectName(uid), in: Self.reference(owner), precondition: .none)
        } catch {
            guard error.code == .notFound else { throw error }
        }
    }

    /// The stored event and its timing, or nil when the user deleted it.
    func read(uid: String, owner: String) async throws -> (event: Component, timing: Timing)? {
        let found: [CalendarObject]
        do {
            found = try await store.objects(named: [Self.objectName(uid)], in: Self.reference(owner))
        } catch {
            guard error.code == .notFound else { throw error } // no Chat Events calendar yet
            return nil
        }
        guard let object = found.first,
              let calendar = try? ICalendarParser().parseCalendar(object.data),
              let event = calendar.components.first(where: { $0.name == ComponentName.event }) else { return nil }
        let expander = RecurrenceExpander(calendar: calendar)
        guard let first = try? expander.occurrences(from: Int.min / 4, to: Int.max / 4).first else { return nil }
        return (event, Timing(start: first.startInstant, end: first.endInstant, isAllDay: first.start.isDate))
    }

    private func put(_ event: Component, timing: Timing, zone: TimeZone, uid: String, owner: String) async throws {
        var components = [event]
        if !timing.isAllDay {
            components.insert(VTimeZoneBuilder.component(for: zone, from: Date(timeIntervalSince1970: TimeInterval(timing.start - 86_400)),
                                                         to: Date(timeIntervalSince1970: TimeInterval(timing.end + 86_400))), at: 0)
        }
        let calendar = Component(name: ComponentName.calendar, properties: [
            Property(name: PropertyName.version, value: "2.0"), Property(name: PropertyName.productID, value: Self.productID),
        ], components: components)
        guard let collection = try await store.calendar(Self.reference(owner)) else { throw StoreError(.notFound, "no calendar \(Self.name)") }
        let (data, index) = try admission.admit(ICalendarSerializer().serialize(calendar), into: collection)
        _ = try await store.putObject(named: Self.objectName(uid), data: data, index: index, in: collection.reference, precondition: .none)
    }

    /// DTSTART and DTEND: dates for a day-only event, else wall-clock times in the owner's zone.
    private static func times(_ timing: Timing, event: ExtractedEvent?, zone: TimeZone) -> [Property] {
        if timing.isAllDay, let event {
            return [
                Property(name: PropertyName.dateTimeStart, parameters: [Parameter(name: ParameterName.valueType, value: "DATE")], value: compact(event.startDate)),
                Property(name: PropertyName.dateTimeEnd, parameters: [Parameter(name: ParameterName.valueType, value: "DATE")],
                         value: compact(max(event.endDate, event.startDate).adding(days: 1))),
            ]
        }
        func local(_ instant: Int) -> String {
            let value = LocalDateTime(Date(timeIntervalSince1970: TimeInterval(instant)), in: zone)
            return compact(value.date) + String(format: "T%02d%02d%02d", value.hour, value.minute, value.secondOfDay % 60)
        }
        let zoneID = [Parameter(name: ParameterName.timeZoneID, value: zone.identifier)]
        return [
            Property(name: PropertyName.dateTimeStart, parameters: zoneID, value: local(timing.start)),
            Property(name: PropertyName.dateTimeEnd, parameters: zoneID, value: local(timing.end)),
        ]
    }

    static func compact(_ date: LocalDate) -> String { String(format: "%04d%02d%02d", date.year, date.month, date.day) }

    static func utc(_ instant: Int) -> String {
        let value = LocalDateTime(Date(timeIntervalSince1970: TimeInterval(instant)), in: TimeZone(secondsFromGMT: 0)!)
        return compact(value.date) + String(format: "T%02d%02d%02dZ", value.hour, value.minute, value.secondOfDay % 60)
    }
}
