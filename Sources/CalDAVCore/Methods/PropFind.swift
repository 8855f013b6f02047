import ICalendar
import WebDAV

/// What a PROPFIND asks for (RFC 4918 §9.1).
enum PropFindRequest: Equatable {
    case allProp(include: [DAVXML.Name])
    case propName
    case properties([DAVXML.Name])

    static let dav = DAVXML.Namespace.dav

    /// Decodes the body; an empty body means allprop.
    init(_ root: DAVXML.Element?) throws(DAVError) {
        guard let root else { self = .allProp(include: []); return }
        guard root.name == DAVXML.Name(Self.dav, "propfind") else { throw DAVError.badRequest("expected DAV:propfind, got \(root.name)") }
        // RFC 4918 §14.20: exactly one of prop, allprop and propname.
        let kinds = ["prop", "allprop", "propname"].filter { root.element(named: DAVXML.Name(Self.dav, $0)) != nil }
        guard kinds.count <= 1 else { throw DAVError.badRequest("DAV:propfind takes one of prop, allprop and propname, not \(kinds.joined(separator: " and "))") }
        if root.element(named: DAVXML.Name(Self.dav, "propname")) != nil {
            self = .propName
        } else if root.element(named: DAVXML.Name(Self.dav, "allprop")) != nil {
            self = .allProp(include: root.element(named: DAVXML.Name(Self.dav, "include"))?.elements.map(\.name) ?? [])
        } else if let prop = root.element(named: DAVXML.Name(Self.dav, "prop")) {
            self = .properties(prop.elements.map(\.name))
        } else {
            throw DAVError.badRequest("DAV:propfind needs prop, allprop or propname")
        }
    }
}

extension DAVHandler {
    /// PROPFIND with Depth 0 or 1 (RFC 4918 §9.1); Depth infinity is refused (§9.1,
    /// `propfind-finite-depth`), as large calendars would make it expensive.
    func propFind(_ request: DAVRequest, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        guard let depth = Depth(header: request.header("depth"), default: .infinity) else {
            throw DAVError.badRequest("Depth must be 0, 1 or infinity")
        }
        if depth == .infinity { throw DAVError(.propfindFiniteDepth, "PROPFIND with Depth: infinity is not supported; use 0 or 1") }
        let query = try PropFindRequest(request.body.isEmpty ? nil : try await xml(request.body))
        let found = try await resource(of: target)
        var resources = [found]
        if depth == .one {
            switch found {
            case .home(let user, let calendars):
                resources += calendars.map(Resource.calendar)
                if let tree = self.resources {
                    // Plain collections sit beside the calendars, typed DAV:collection only.
                    let plain = try await storing { () async throws(StoreError) in try await tree.members(of: .root(of: user)) }
                    resources += plain.map(Resource.plain)
                }
            case .plain(let collection) where collection.isCollection:
                let tree = try requireTree()
                let members = try await storing { () async throws(StoreError) in try await tree.members(of: collection.path) }
                resources += members.map(Resource.plain)
            case .calendar(let collection):
                let objects = try await storing { () async throws(StoreError) in try await store.objects(in: collection.reference) }
                resources += objects.map { Resource.object(collection, $0) }
            case .collection(.principals):
                // Other users' principals stay private: only one's own is listed.
                resources.append(.principal(user: context.principal))
            case .collection(.homes):
                resources.append(try await resource(at: .home(user: context.principal)))
            default: break
            }
        }
        var writer = XMLWriter()
        writer.start(DAVXML.Name(DAVXML.Namespace.dav, "multistatus"), declaringNamespaces: true)
        for resource in resources {
            writeResponse(for: resource, query: query, context: context, into: &writer)
        }
        writer.end()
        return .multiStatus(writer)
    }

    /// Writes one DAV:response with the properties `query` asks for. In REPORTs
    /// (`inReport`), CALDAV:calendar-data of an object is its stored text (RFC 4791 §9.6).
    func writeResponse(
        for resource: Resource, query: PropFindRequest, context: DAVContext, inReport: Bool = false,
        calendarData: CalendarDataRequest? = nil, floatingZone: any ZoneRules = FixedOffsetZone.utc, into writer: inout XMLWriter
    ) {
        let dav = DAVXML.Namespace.dav
        var found: [(DAVXML.Name, PropertyValue?)] = []
        var deadFound: [[UInt8]] = []
        var missing: [DAVXML.Name] = []
        let dead = resource.deadProperties
        switch query {
        case .propName:
            for definition in properties.definitions where definition.provider(resource, context, configuration) != nil {
                found.append((definition.name, nil))
            }
            for name in dead.keys.sorted(by: { $0.description < $1.description }) { found.append((name, nil)) }
        case .allProp(let include):
            for definition in properties.definitions where definition.inAllProp || include.contains(definition.name) {
                if let value = definition.provider(resource, context, configuration) { found.append((definition.name, value)) }
            }
            deadFound = dead.keys.sorted(by: { $0.description < $1.description }).map { dead[$0]! }
        case .properties(let names):
            for name in names {
                if inReport, name == PropertyTable.calDAV("calendar-data"), case .object(_, let object) = resource {
                    let text = calendarData?.render(object, floatingZone: floatingZone) ?? String(decoding: object.data, as: UTF8.self)
                    found.append((name, .text(text)))
                } else if let definition = properties.definition(name), let value = definition.provider(resource, context, configuration) {
                    found.append((name, value))
                } else if let xml = dead[name] {
                    deadFound.append(xml)
                } else {
                    missing.append(name)
                }
            }
        }
        writer.start(DAVXML.Name(dav, "response"))
        writer.element(DAVXML.Name(dav, "href"), text: resource.path.href)
        if !found.isEmpty || !deadFound.isEmpty || missing.isEmpty || context.prefersMinimal {
            writer.start(DAVXML.Name(dav, "propstat"))
            writer.start(DAVXML.Name(dav, "prop"))
            for (name, value) in found { write(name, value, into: &writer) }
            for xml in deadFound { writer.raw(xml) }
            writer.end()
            writer.element(DAVXML.Name(dav, "status"), text: "HTTP/1.1 200 OK")
            writer.end()
        }
        if !missing.isEmpty && !context.prefersMinimal {
            writer.start(DAVXML.Name(dav, "propstat"))
            writer.start(DAVXML.Name(dav, "prop"))
            for name in missing { writer.element(name) }
            writer.end()
            writer.element(DAVXML.Name(dav, "status"), text: "HTTP/1.1 404 Not Found")
            writer.end()
        }
        writer.end()
    }

    func write(_ name: DAVXML.Name, _ value: PropertyValue?, into writer: inout XMLWriter) {
        guard let value else { writer.element(name); return }
        switch value {
        case .text(let text): writer.element(name, text: text)
        case .href(let href):
            writer.start(name)
            writer.element(DAVXML.Name(DAVXML.Namespace.dav, "href"), text: href)
            writer.end()
        case .elements(let children):
            if children.isEmpty { writer.element(name); return }
            writer.start(name)
            for child in children { writer.element(child) }
            writer.end()
        case .custom(let body):
            writer.start(name)
            body(&writer)
            writer.end()
        }
    }
}
