import ICalendar
import WebDAV

extension CalDAVAdapter {
    /// MKCALENDAR (RFC 4791 §5.3.1) and extended MKCOL (RFC 5689) of a calendar, with
    /// optional initial properties.
    func makeCalendar(_ request: DAVRequest, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let path = target.path
        switch target.kind {
        case .missing, .plain(_, nil), .object(_, nil): break
        default:
            // RFC 4918 §9.3.1: making anything where a resource exists is 405, whatever the body.
            throw DAVError(.resourceMustBeNull, "\(path.href) exists already")
        }
        guard case .calendar(let user, let name) = path else {
            throw DAVError(.calendarCollectionLocationOK, "calendars are created directly in the calendar home")
        }
        var collection = CalendarCollection(reference: CalendarReference(owner: user, name: name), createdAt: context.now)
        let isExtendedMkcol = request.method == "MKCOL"
        if isExtendedMkcol && request.body.isEmpty {
            throw DAVError(status: 403, message: "only calendar collections can be created here; send an extended MKCOL body (RFC 5689) or use MKCALENDAR")
        }
        if !request.body.isEmpty {
            let root = try await xml(request.body)
            let expected = isExtendedMkcol ? DAVXML.Name.dav("mkcol") : DAVXML.Name.calDAV("mkcalendar")
            guard root.name == expected else {
                throw DAVError.badRequest("expected \(expected), got \(root.name)")
            }
            let properties = root.elements.filter { $0.name == DAVXML.Name(DAVXML.Namespace.dav, "set") }
                .compactMap { $0.element(named: DAVXML.Name(DAVXML.Namespace.dav, "prop")) }
                .flatMap(\.elements)
            for property in properties {
                if property.name == DAVXML.Name.dav("resourcetype") {
                    // RFC 5689 §3: the resource type says what to create; only calendars are.
                    let types = Set(property.elements.map(\.name))
                    guard types == [DAVXML.Name.dav("collection"), DAVXML.Name.calDAV("calendar")] else {
                        throw DAVError(status: 403, condition: DAVCondition(DAVXML.Name.dav("valid-resourcetype"), status: 403),
                                       message: "only calendar collections can be created here")
                    }
                    continue
                }
                try apply(property, to: &collection)
            }
        }
        try await storing { () async throws(StoreError) in try await store.createCalendar(collection) }
        return DAVResponse(status: 201, headers: [("Content-Length", "0")])
    }

    /// Sets one property on a collection being created or changed; unknown properties
    /// are kept as dead properties, exactly as sent.
    func apply(_ property: DAVXML.Element, to collection: inout CalendarCollection) throws(DAVError) {
        let text = property.text
        switch property.name {
        case DAVXML.Name.dav("displayname"): collection.displayName = text
        case DAVXML.Name.calDAV("calendar-description"): collection.calendarDescription = text
        case DAVXML.Name.appleICal("calendar-color"): collection.color = text.trimmingSpaces
        case DAVXML.Name.appleICal("calendar-order"):
            guard let order = Int(text.trimmingSpaces) else { throw DAVError.badRequest("calendar-order must be an integer") }
            collection.order = order
        case DAVXML.Name.calDAV("calendar-timezone"):
            // RFC 4791 §5.2.2: a VCALENDAR holding exactly one VTIMEZONE.
            guard let calendar = try? ICalendarParser().parseCalendar(text),
                  calendar.components.count == 1, calendar.components[0].name == ComponentName.timeZone,
                  (try? VTimeZoneRules(calendar.components[0])) != nil else {
                throw DAVError(.validCalendarData, "calendar-timezone must be a VCALENDAR with one valid VTIMEZONE")
            }
            collection.timeZone = text
        case DAVXML.Name.calDAV("supported-calendar-component-set"):
            let names = property.elements.filter { $0.name == DAVXML.Name.calDAV("comp") }
                .compactMap { $0.attributes[DAVXML.Name("", "name")]?.uppercased() }
            guard !names.isEmpty, names.allSatisfy(CalendarObjectRules.storableTypes.contains) else {
                throw DAVError(.supportedCalendarComponent, "supported components must be among VEVENT, VTODO, VJOURNAL")
            }
            collection.supportedComponents = Set(names)
        case ScheduleCalendarTransparency.property:
            collection.deadProperties[property.name] = try ScheduleCalendarTransparency.isTransparent(property)
                ? ScheduleCalendarTransparency.transparentValue : nil
        default:
            if let definition = properties.definition(property.name), !definition.isWritable {
                throw DAVError(.cannotModifyProtectedProperty, "\(property.name) is computed by the server")
            }
            collection.deadProperties[property.name] = XMLWriter.fragment(property)
        }
    }
}
