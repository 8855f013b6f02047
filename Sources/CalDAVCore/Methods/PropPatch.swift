import WebDAV

extension CalDAVAdapter {
    /// PROPPATCH (RFC 4918 §9.2) of a calendar or a plain resource: every instruction
    /// applies, in order, or none does. On failure the failing property gets its status
    /// and the others 424 Failed Dependency, and nothing is stored.
    func propPatch(_ request: DAVRequest, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let update = try PropertyUpdate(try await xml(request.body))
        let resource = try await resource(of: target)
        var results: [(DAVXML.Name, Int)] = []
        var failed = false
        if case .calendar(let original) = resource {
            var collection = original
            for instruction in update.instructions {
                do {
                    if instruction.isSet, original.isScheduleInbox, instruction.property.name == SchedulingCollections.defaultCalendarProperty {
                        collection.deadProperties[instruction.property.name] = try await defaultCalendarValue(instruction.property, inbox: original)
                    } else if instruction.isSet {
                        try apply(instruction.property, to: &collection)
                    } else {
                        try remove(instruction.property.name, from: &collection)
                    }
                    results.append((instruction.property.name, 200))
                } catch {
                    results.append((instruction.property.name, error.status))
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
            for instruction in update.instructions {
                let name = instruction.property.name
                if let definition = properties.definition(name), !definition.isWritable {
                    results.append((name, 403))
                    failed = true
                    continue
                }
                dead[name] = instruction.isSet ? XMLWriter.fragment(instruction.property) : nil
                results.append((name, 200))
            }
            if !failed {
                let tree = try requireTree()
                try await storing { () async throws(StoreError) in try await tree.setDeadProperties(dead, at: resource.path) }
            }
        } else {
            results = update.instructions.map { ($0.property.name, 403) }
        }
        return PropertyUpdate.answer(href: target.path.href, results: results, context: context)
    }

    private func remove(_ name: DAVXML.Name, from collection: inout CalendarCollection) throws(DAVError) {
        switch name {
        case DAVXML.Name.dav("displayname"): collection.displayName = nil
        case DAVXML.Name.calDAV("calendar-description"): collection.calendarDescription = nil
        case DAVXML.Name.calDAV("calendar-timezone"): collection.timeZone = nil
        case DAVXML.Name.appleICal("calendar-color"): collection.color = nil
        case DAVXML.Name.appleICal("calendar-order"): collection.order = nil
        case ScheduleCalendarTransparency.property: collection.deadProperties[name] = nil
        default:
            if properties.definition(name) != nil {
                throw DAVError(.cannotModifyProtectedProperty, "\(name) is computed by the server")
            }
            collection.deadProperties[name] = nil  // removing an absent property succeeds (RFC 4918 §14.23)
        }
    }
}
