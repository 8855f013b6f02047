import ICalendar
import WebDAV

/// The live properties of CalDAV's resources (RFC 4791 §5.2 and Apple's extensions) beside
/// the ones every WebDAV resource has (``PropertyTable/common``), over what a CalDAV path
/// resolves to (``Resource``); and what CalDAV adds to principals (RFC 4791 §6.2).
enum CalDAVProperties {
    typealias Definition = PropertyTable<Resource>.Definition

    /// A calendar's sync token.
    static func syncToken(_ collection: CalendarCollection) -> String {
        SyncToken.make(syncID: collection.syncID, position: collection.changePosition)
    }

    /// CalDAV's properties beside the ones every resource has.
    static let table = PropertyTable<Resource>(PropertyTable<Resource>.common + [
        Definition(name: .calDAV("calendar-description"), inAllProp: false, isWritable: true) { resource, _, _ in
            if case .calendar(let collection) = resource { return collection.calendarDescription.map { .text($0) } }
            return nil
        },
        Definition(name: .calDAV("calendar-timezone"), inAllProp: false, isWritable: true) { resource, _, _ in
            if case .calendar(let collection) = resource { return collection.timeZone.map { .text($0) } }
            return nil
        },
        Definition(name: .calDAV("calendar-timezone-id"), inAllProp: false, isWritable: false) { resource, _, _ in
            // RFC 7809 §5.2, which DAVx5 asks for: the TZID of the calendar-timezone.
            guard case .calendar(let collection) = resource, let text = collection.timeZone,
                  let calendar = try? ICalendarParser().parseCalendar(text),
                  let tzid = calendar.components.first(where: { $0.name == ComponentName.timeZone })?[PropertyName.timeZoneID]?.value else { return nil }
            return .text(tzid)
        },
        Definition(name: .calDAV("supported-calendar-component-set"), inAllProp: false, isWritable: false) { resource, _, _ in
            guard case .calendar(let collection) = resource else { return nil }
            let components = collection.supportedComponents.sorted()
            return .custom { writer in
                for component in components {
                    writer.emptyElement(.calDAV("comp"), attributes: [("name", component)])
                }
            }
        },
        Definition(name: .calDAV("supported-calendar-data"), inAllProp: false, isWritable: false) { resource, _, _ in
            guard case .calendar = resource else { return nil }
            return .custom { writer in
                writer.emptyElement(.calDAV("calendar-data"), attributes: [("content-type", "text/calendar"), ("version", "2.0")])
            }
        },
        Definition(name: .calDAV("max-resource-size"), inAllProp: false, isWritable: false) { resource, _, configuration in
            if case .calendar = resource { return .text(String(configuration.maxResourceSize)) }
            return nil
        },
        Definition(name: .appleICal("calendar-color"), inAllProp: false, isWritable: true) { resource, _, _ in
            if case .calendar(let collection) = resource { return collection.color.map { .text($0) } }
            return nil
        },
        Definition(name: .appleICal("calendar-order"), inAllProp: false, isWritable: true) { resource, _, _ in
            if case .calendar(let collection) = resource { return collection.order.map { .text(String($0)) } }
            return nil
        },
        Definition(name: SchedulingCollections.defaultCalendarProperty, inAllProp: false, isWritable: true) { resource, _, _ in
            // RFC 6638 §9.2, kept as the inbox's property; shown only while it names a calendar of the owner's.
            guard case .calendar(let inbox) = resource, inbox.isScheduleInbox,
                  let name = SchedulingCollections.defaultCalendarName(of: inbox) else { return nil }
            return .href(DAVPath.calendar(user: inbox.reference.owner, calendar: name).href)
        },
        Definition(name: ScheduleCalendarTransparency.property, inAllProp: false, isWritable: true) { resource, _, _ in
            guard case .calendar(let collection) = resource, !collection.isScheduleInbox else { return nil }
            let value = collection.isScheduleTransparent ? ScheduleCalendarTransparency.transparent : ScheduleCalendarTransparency.opaque
            return .custom { writer in writer.emptyElement(value, attributes: []) }
        },
        Definition(name: .calDAV("schedule-tag"), inAllProp: false, isWritable: false) { resource, _, _ in
            // RFC 6638 §3.3; a listing carries no data, so only a read of the object has it.
            guard case .object(_, let object) = resource, !object.data.isEmpty else { return nil }
            return CalDAVAdapter.scheduleTag(of: object).map { .text($0) }
        },
    ] + sharing)

    /// A principal's calendar user addresses (RFC 4791 §6.2.1): its email addresses as
    /// `mailto:` URIs, which clients match against ORGANIZER and ATTENDEE to find "me",
    /// and its principal URL. Email addresses are shown to the principal itself, to its
    /// delegates (who act with them) and to a search that named the principal exactly, so
    /// the context holds them.
    static func calendarUserAddresses(of user: String, in context: DAVContext) -> [String] {
        let emails = context.owns(user) ? context.emailAddresses
            : context.delegators.first { $0.user.utf8.elementsEqual(user.utf8) }?.emailAddresses
            ?? context.foundPrincipal(user)?.emailAddresses ?? []
        return emails.map { "mailto:" + $0 } + [ServerPath.principalHref(user)]
    }

    /// What CalDAV adds to every principal.
    static let principal: [PropertyTable<ServerPath>.Definition] = [
        .init(name: .calDAV("calendar-home-set"), inAllProp: false, isWritable: false) { path, _, _ in
            if case .principal(let user) = path { return .href(DAVPath.home(user: user).href) }
            return nil
        },
        .init(name: .calDAV("calendar-user-address-set"), inAllProp: false, isWritable: false) { path, context, _ in
            guard case .principal(let user) = path else { return nil }
            let addresses = calendarUserAddresses(of: user, in: context)
            return .custom { writer in
                for address in addresses { writer.element(.dav("href"), text: address) }
            }
        },
    ]

    /// What scheduling (RFC 6638 §2.1-2.4) adds to every principal: where its inbox and
    /// outbox are, and that it is a person.
    static let schedulingPrincipal: [PropertyTable<ServerPath>.Definition] = [
        .init(name: .calDAV("schedule-inbox-URL"), inAllProp: false, isWritable: false) { path, _, _ in
            if case .principal(let user) = path { return .href(DAVPath.calendar(user: user, calendar: SchedulingCollections.inbox).href) }
            return nil
        },
        .init(name: .calDAV("schedule-outbox-URL"), inAllProp: false, isWritable: false) { path, _, _ in
            if case .principal(let user) = path { return .href(DAVPath.calendar(user: user, calendar: SchedulingCollections.outbox).href) }
            return nil
        },
        .init(name: .calDAV("calendar-user-type"), inAllProp: false, isWritable: false) { path, _, _ in
            if case .principal = path { return .text("INDIVIDUAL") }
            return nil
        },
    ]

    /// The principal properties of CalDAV a principal-property-search looks in.
    static let searchable = [
        SearchableProperty(name: .calDAV("calendar-user-address-set"), description: "Calendar user address") { context in
            calendarUserAddresses(of: context.principal, in: context).joined(separator: " ")
        },
    ]
}
