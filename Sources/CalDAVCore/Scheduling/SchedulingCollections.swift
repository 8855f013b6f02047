import ICalendar
import WebDAV

/// The scheduling collections of a calendar home (RFC 6638 §2.2, §2.3), at fixed names as
/// sabre/dav and CalendarServer have them, so that these names are never calendars:
/// `inbox/`, where messages to the user arrive (a collection in the calendar store), and
/// `outbox/`, where the user's client POSTs free-busy requests (nothing is stored there).
public enum SchedulingCollections {
    public static let inbox = "inbox"
    public static let outbox = "outbox"

    /// Whether a name in a home is one of them.
    public static func isReserved(_ name: String) -> Bool { name == inbox || name == outbox }

    /// CALDAV:schedule-default-calendar-URL (RFC 6638 §9.2), kept on the inbox as a
    /// property its owner may change.
    public static let defaultCalendarProperty = DAVXML.Name.calDAV("schedule-default-calendar-URL")

    /// The inbox of `user`, as the store creates it, naming `defaultCalendar` as where
    /// invitations land.
    public static func inbox(of user: String, defaultCalendar: String?, now: Int) -> CalendarCollection {
        var inbox = CalendarCollection(reference: CalendarReference(owner: user, name: inbox), displayName: "Inbox",
                                       supportedComponents: ["VEVENT", "VTODO", "VJOURNAL"], createdAt: now)
        inbox.deadProperties[defaultCalendarProperty] = defaultCalendar.map { defaultCalendarValue(user: user, calendar: $0) }
        return inbox
    }

    /// The stored schedule-default-calendar-URL naming `calendar` of `user`.
    static func defaultCalendarValue(user: String, calendar: String) -> [UInt8] {
        let href = DAVXML.Element(.dav("href"), children: [.text(DAVPath.calendar(user: user, calendar: calendar).href)])
        return XMLWriter.fragment(DAVXML.Element(defaultCalendarProperty, children: [.element(href)]))
    }

    /// The calendar name the inbox's schedule-default-calendar-URL names in its owner's
    /// home, if it names one.
    static func defaultCalendarName(of inbox: CalendarCollection) -> String? {
        guard let xml = inbox.deadProperties[defaultCalendarProperty] else { return nil }
        // The property holds one DAV:href: its text is between the first '>' after "href" and the next '<'.
        let needle = Array("href".utf8)
        guard let tag = xml.indices.first(where: { xml[$0...].starts(with: needle) }),
              let open = xml[(tag + needle.count)...].firstIndex(of: UInt8(ascii: ">")),
              let close = xml[open...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
        let href = String(decoding: xml[(open + 1)..<close], as: UTF8.self).trimmingSpaces
        guard case .calendar(let owner, let name)? = DAVPath(PathSegments.pathOfHref(href)),
              owner.utf8.elementsEqual(inbox.reference.owner.utf8) else { return nil }
        return name
    }
}

extension CalendarCollection {
    /// Whether this is a scheduling inbox rather than a calendar: it takes no PUT, is in no
    /// free-busy, and its resource type says so.
    public var isScheduleInbox: Bool { reference.name == SchedulingCollections.inbox }
}

extension CalDAVAdapter {
    /// The user's inbox, made the first time it is needed.
    func inbox(of user: String, now: Int) async throws(StoreError) -> CalendarCollection {
        let reference = CalendarReference(owner: user, name: SchedulingCollections.inbox)
        if let inbox = try await store.calendar(reference) { return inbox }
        let defaultCalendar = try await firstCalendar(of: user, for: ComponentName.event)
        do {
            try await store.createCalendar(SchedulingCollections.inbox(of: user, defaultCalendar: defaultCalendar?.reference.name, now: now))
        } catch where error.code == .alreadyExists {
            // Made meanwhile by another request.
        }
        guard let inbox = try await store.calendar(reference) else { throw StoreError(.notFound, "the inbox of \(user) could not be made") }
        return inbox
    }

    /// The calendars of `user` that scheduling may write to: neither the inbox nor a
    /// computed one.
    func schedulableCalendars(of user: String) async throws(StoreError) -> [CalendarCollection] {
        try await store.calendars(of: user).filter { !$0.isScheduleInbox && !$0.isReadOnly && $0.receivedShare == nil }
    }

    /// Where an invitation of this component type lands for `user`: the calendar their
    /// inbox's schedule-default-calendar-URL names (RFC 6638 §9.2) when it takes it, else
    /// the first of their calendars that does.
    func defaultCalendar(of user: String, inbox: CalendarCollection, for componentType: String) async throws(StoreError) -> CalendarCollection? {
        if let name = SchedulingCollections.defaultCalendarName(of: inbox),
           let named = try await store.calendar(CalendarReference(owner: user, name: name)),
           !named.isScheduleInbox, !named.isReadOnly, named.receivedShare == nil, named.supportedComponents.contains(componentType) {
            return named
        }
        return try await firstCalendar(of: user, for: componentType)
    }

    /// The stored value of a schedule-default-calendar-URL a client sets on `inbox`: it must
    /// name a calendar of the inbox's owner that invitations can land in (RFC 6638 §9.2).
    func defaultCalendarValue(_ property: DAVXML.Element, inbox: CalendarCollection) async throws(DAVError) -> [UInt8] {
        let owner = inbox.reference.owner
        let hrefs = property.elements.filter { $0.name == DAVXML.Name.dav("href") }
        guard hrefs.count == 1, case .calendar(let user, let name)? = DAVPath(PathSegments.pathOfHref(hrefs[0].text.trimmingSpaces)),
              user.utf8.elementsEqual(owner.utf8) else {
            throw DAVError(.validScheduleDefaultCalendarURL, "schedule-default-calendar-URL takes the href of one of your calendars")
        }
        let calendar = try await storing { () async throws(StoreError) in try await store.calendar(CalendarReference(owner: owner, name: name)) }
        guard let calendar, !calendar.isScheduleInbox, !calendar.isReadOnly, calendar.receivedShare == nil,
              calendar.supportedComponents.contains(ComponentName.event) else {
            throw DAVError(.validScheduleDefaultCalendarURL, "\(hrefs[0].text) is not one of your calendars that takes events")
        }
        return SchedulingCollections.defaultCalendarValue(user: owner, calendar: name)
    }

    /// After `deleted` is gone: if the owner's inbox named it as where invitations land, it
    /// names the calendar that takes them now (none when no calendar is left).
    func replaceDefaultCalendar(_ deleted: CalendarCollection) async throws(StoreError) {
        let owner = deleted.reference.owner
        guard var inbox = try await store.calendar(CalendarReference(owner: owner, name: SchedulingCollections.inbox)),
              SchedulingCollections.defaultCalendarName(of: inbox) == deleted.reference.name else { return }
        let next = try await firstCalendar(of: owner, for: ComponentName.event)
        inbox.deadProperties[SchedulingCollections.defaultCalendarProperty] = next.map {
            SchedulingCollections.defaultCalendarValue(user: owner, calendar: $0.reference.name)
        }
        try await store.updateCalendar(inbox)
    }

    /// The first of the user's calendars, by order and name, that takes this component type.
    private func firstCalendar(of user: String, for componentType: String) async throws(StoreError) -> CalendarCollection? {
        try await schedulableCalendars(of: user)
            .filter { $0.supportedComponents.contains(componentType) }
            .min { ($0.order ?? Int.max, $0.reference.name) < ($1.order ?? Int.max, $1.reference.name) }
    }

    /// The object with this UID in one of the user's calendars, with its calendar.
    func scheduledCopy(uid: String, of user: String) async throws(StoreError) -> (collection: CalendarCollection, object: CalendarObject)? {
        for collection in try await schedulableCalendars(of: user) {
            guard let name = try await store.objectName(withUID: uid, in: collection.reference),
                  let object = try await store.object(named: name, in: collection.reference) else { continue }
            return (collection, object)
        }
        return nil
    }
}
