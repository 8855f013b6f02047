import ICalendar
import WebDAV

/// The live properties CalDAV computes, one table (RFC 4918 §15, RFC 4791 §5.2 and §6.2,
/// RFC 5397, RFC 3744 subset, RFC 6578 §4, Apple's calendarserver extensions), over what a
/// CalDAV path resolves to (``Resource``).
enum CalDAVProperties {
    typealias Definition = PropertyTable<Resource>.Definition

    /// A URI-shaped sync token (Evolution ignores tokens that are not URIs).
    static func syncToken(_ collection: CalendarCollection) -> String {
        "http://jadwal.app/ns/sync/\(collection.syncID)-\(collection.changePosition)"
    }

    /// The value of sync-token and getctag: a calendar's position in its change log, or for
    /// the home (which Apple clients poll before looking at each calendar) a digest that
    /// changes with any calendar's contents and with calendars added or removed.
    static func collectionTag(_ resource: Resource) -> String? {
        switch resource {
        case .calendar(let collection): return syncToken(collection)
        case .home(_, let calendars):
            let parts = calendars.map { "\($0.reference.name):\($0.syncID)-\($0.changePosition)" }
            return "http://jadwal.app/ns/home/" + FNV1a.hex(parts.joined(separator: "/").utf8)
        default: return nil
        }
    }

    static let table = PropertyTable<Resource>([
        Definition(name: .dav("resourcetype"), inAllProp: true, isWritable: false) { resource, _, _ in
            switch resource {
            case .principal: return .elements([.dav("principal")])
            case .home, .collection: return .elements([.dav("collection")])
            case .calendar: return .elements([.dav("collection"), .calDAV("calendar")])
            case .object: return .elements([])
            case .plain(let resource): return .elements(resource.isCollection ? [.dav("collection")] : [])
            }
        },
        Definition(name: .dav("displayname"), inAllProp: true, isWritable: true) { resource, _, _ in
            switch resource {
            case .principal(let user): return .text(user)
            case .calendar(let collection): return collection.displayName.map { .text($0) }
            default: return nil
            }
        },
        Definition(name: .dav("getetag"), inAllProp: true, isWritable: false) { resource, _, _ in
            switch resource {
            case .object(_, let object): return .text(object.etag)
            case .plain(let resource): return resource.etag.map { .text($0) }
            default: return nil
            }
        },
        Definition(name: .dav("getcontenttype"), inAllProp: true, isWritable: false) { resource, _, _ in
            if case .object(_, let object) = resource {
                return .text("text/calendar; charset=utf-8; component=\(object.componentType.lowercased())")
            }
            if case .plain(let resource) = resource, !resource.isCollection { return .text(resource.contentType ?? PlainResource.defaultContentType) }
            return nil
        },
        Definition(name: .dav("getcontentlength"), inAllProp: true, isWritable: false) { resource, _, _ in
            switch resource {
            case .object(_, let object): return .text(String(object.data.count))
            case .plain(let resource) where !resource.isCollection: return .text(String(resource.contentLength))
            default: return nil
            }
        },
        Definition(name: .dav("getlastmodified"), inAllProp: true, isWritable: false) { resource, _, _ in
            switch resource {
            case .object(_, let object): return .text(HTTPDate.format(object.lastModified))
            case .plain(let resource): return .text(HTTPDate.format(resource.lastModified))
            default: return nil
            }
        },
        Definition(name: .dav("creationdate"), inAllProp: true, isWritable: false) { resource, _, _ in
            switch resource {
            case .calendar(let collection): return .text(HTTPDate.iso8601(collection.createdAt))
            case .plain(let resource): return .text(HTTPDate.iso8601(resource.createdAt))
            default: return nil
            }
        },
        Definition(name: .dav("current-user-principal"), inAllProp: false, isWritable: false) { _, context, _ in
            .href(DAVPath.principal(user: context.principal).href)
        },
        Definition(name: .dav("principal-URL"), inAllProp: false, isWritable: false) { resource, _, _ in
            if case .principal(let user) = resource { return .href(DAVPath.principal(user: user).href) }
            return nil
        },
        Definition(name: .dav("owner"), inAllProp: false, isWritable: false) { resource, _, _ in
            resource.owner.map { .href(DAVPath.principal(user: $0).href) }
        },
        Definition(name: .dav("current-user-privilege-set"), inAllProp: false, isWritable: false) { resource, _, _ in
            let names: [String]
            switch resource {
            case .principal, .collection: names = ["read"]
            case .calendar(let collection) where collection.isReadOnly: names = ["read", "read-current-user-privilege-set"]
            case .object(let collection, _) where collection.isReadOnly: names = ["read", "read-current-user-privilege-set"]
            default: names = ["read", "write", "write-properties", "write-content", "bind", "unbind", "read-current-user-privilege-set"]
            }
            return .custom { writer in
                for name in names {
                    writer.start(.dav("privilege"))
                    writer.element(.dav(name))
                    writer.end()
                }
            }
        },
        Definition(name: .dav("supported-report-set"), inAllProp: false, isWritable: false) { resource, _, _ in
            let reports: [DAVXML.Name]
            switch resource {
            case .calendar: reports = [.calDAV("calendar-query"), .calDAV("calendar-multiget"), .calDAV("free-busy-query"), .dav("sync-collection")]
            case .object: reports = [.calDAV("calendar-query"), .calDAV("calendar-multiget")]
            case .plain: reports = []
            case .principal, .collection:
                reports = [.dav("expand-property"), .dav("principal-property-search"), .dav("principal-search-property-set")]
            case .home: reports = [.dav("expand-property"), .dav("sync-collection")]
            default: reports = [.dav("expand-property")]
            }
            return .custom { writer in
                for report in reports {
                    writer.start(.dav("supported-report"))
                    writer.start(.dav("report"))
                    writer.element(report)
                    writer.end()
                    writer.end()
                }
            }
        },
        Definition(name: .dav("sync-token"), inAllProp: false, isWritable: false) { resource, _, _ in
            collectionTag(resource).map { .text($0) }
        },
        Definition(name: .calendarServer("getctag"), inAllProp: false, isWritable: false) { resource, _, _ in
            collectionTag(resource).map { .text($0) }
        },
        Definition(name: .dav("principal-collection-set"), inAllProp: false, isWritable: false) { _, _, _ in
            .href(DAVPath.principals.href)
        },
        Definition(name: .calDAV("calendar-home-set"), inAllProp: false, isWritable: false) { resource, _, _ in
            if case .principal(let user) = resource { return .href(DAVPath.home(user: user).href) }
            return nil
        },
        Definition(name: .calDAV("calendar-user-address-set"), inAllProp: false, isWritable: false) { resource, context, _ in
            guard case .principal(let user) = resource else { return nil }
            // Only the principal's own record is ever shown, so the context holds its addresses.
            let addresses = (context.owns(user) ? context.emailAddresses.map { "mailto:" + $0 } : []) + [DAVPath.principal(user: user).href]
            return .custom { writer in
                for address in addresses { writer.element(.dav("href"), text: address) }
            }
        },
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
    ])
}
