import WebDAV

extension DAVHandler {
    /// PROPPATCH (RFC 4918 §9.2) of a calendar or a plain resource: every instruction
    /// applies, in order, or none does. On failure the failing property gets its status
    /// and the others 424 Failed Dependency, and nothing is stored.
    func propPatch(_ request: DAVRequest, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let dav = DAVXML.Namespace.dav
        let root = try await xml(request.body)
        guard root.name == DAVXML.Name(dav, "propertyupdate") else {
            throw DAVError.badRequest("expected DAV:propertyupdate, got \(root.name)")
        }
        let resource = try await resource(of: target)
        var instructions: [(isSet: Bool, property: DAVXML.Element)] = []
        for item in root.elements {
            let isSet = item.name == DAVXML.Name(dav, "set")
            guard isSet || item.name == DAVXML.Name(dav, "remove") else { continue }
            for prop in item.elements where prop.name == DAVXML.Name(dav, "prop") {
                instructions += prop.elements.map { (isSet, $0) }
            }
        }
        var results: [(DAVXML.Name, Int)] = []
        var failed = false
        if case .calendar(let original) = resource {
            var collection = original
            for (isSet, property) in instructions {
                do {
                    if isSet { try apply(property, to: &collection) } else { try remove(property.name, from: &collection) }
                    results.append((property.name, 200))
                } catch {
                    results.append((property.name, error.status))
                    failed = true
                }
            }
            if !failed {
                try await storing { () async throws(StoreError) in try await store.updateCalendar(collection) }
            }
        } else if case .plain(let resource) = resource {
            // RFC 4918 §4.2: a plain resource keeps any property but the live ones as a
            // dead property, exactly as sent.
            var dead = resource.deadProperties
            for (isSet, property) in instructions {
                if let definition = properties.definition(property.name), !definition.isWritable {
                    results.append((property.name, 403))
                    failed = true
                    continue
                }
                dead[property.name] = isSet ? XMLWriter.fragment(property) : nil
                results.append((property.name, 200))
            }
            if !failed {
                let tree = try requireTree()
                try await storing { () async throws(StoreError) in try await tree.setDeadProperties(dead, at: resource.path) }
            }
        } else {
            results = instructions.map { ($0.property.name, 403) }
            failed = true
        }
        if !failed && context.prefersMinimal {
            // RFC 8144 §2: with return=minimal, a PROPPATCH that changed everything asked is 200 with nothing to read.
            return DAVResponse(status: 200, headers: [("Preference-Applied", "return=minimal"), ("Content-Length", "0")])
        }
        var writer = XMLWriter()
        writer.start(DAVXML.Name(dav, "multistatus"), declaringNamespaces: true)
        writer.start(DAVXML.Name(dav, "response"))
        writer.element(DAVXML.Name(dav, "href"), text: target.path.href)
        // A property named more than once (remove, then set) is reported once, with the
        // status of its last instruction unless an earlier one failed.
        var merged: [(DAVXML.Name, Int)] = []
        for (name, status) in results {
            if let index = merged.firstIndex(where: { $0.0 == name }) {
                if merged[index].1 == 200 { merged[index].1 = status }
            } else {
                merged.append((name, status))
            }
        }
        for (name, status) in merged {
            let shown = failed && status == 200 ? 424 : status
            writer.start(DAVXML.Name(dav, "propstat"))
            writer.start(DAVXML.Name(dav, "prop"))
            writer.element(name)
            writer.end()
            writer.element(DAVXML.Name(dav, "status"), text: "HTTP/1.1 \(shown) \(Self.reason(shown))")
            writer.end()
        }
        writer.end()
        writer.end()
        return .multiStatus(writer)
    }

    private func remove(_ name: DAVXML.Name, from collection: inout CalendarCollection) throws(DAVError) {
        switch name {
        case DAVXML.Name.dav("displayname"): collection.displayName = nil
        case DAVXML.Name.calDAV("calendar-description"): collection.calendarDescription = nil
        case DAVXML.Name.calDAV("calendar-timezone"): collection.timeZone = nil
        case DAVXML.Name.appleICal("calendar-color"): collection.color = nil
        case DAVXML.Name.appleICal("calendar-order"): collection.order = nil
        default:
            if properties.definition(name) != nil {
                throw DAVError(.cannotModifyProtectedProperty, "\(name) is computed by the server")
            }
            collection.deadProperties[name] = nil  // removing an absent property succeeds (RFC 4918 §14.23)
        }
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 409: return "Conflict"
        case 424: return "Failed Dependency"
        case 507: return "Insufficient Storage"
        default: return "Error"
        }
    }
}
