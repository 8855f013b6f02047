import WebDAV

extension CalDAVAdapter {
    /// COPY and MOVE of calendar objects (RFC 4918 §9.8, §9.9) within the principal's own
    /// calendars, in one store write. Collections are not copied or moved.
    func copyOrMove(_ request: DAVRequest, target: DAVTarget, context: DAVContext, keepSource: Bool) async throws(DAVError) -> DAVResponse {
        guard case .object(let user, _, let name) = target.path else {
            throw DAVError(status: 403, message: "only calendar objects can be copied or moved")
        }
        let destination = try await resolve(try destination(of: request, context: context))
        guard case .object(_, let targetCalendar, let targetName) = destination.path else {
            throw DAVError(status: 403, message: "the destination must be a calendar object of yours")
        }
        let overwrite = try request.overwrite()
        let receiving: CalendarCollection, replaced: CalendarObject?
        switch destination.kind {
        case .object(let collection, let object): (receiving, replaced) = (collection, object)
        case .missing: throw DAVError.notFound("no calendar \(targetCalendar)")
        default: throw DAVError(status: 403, message: "the destination must be a calendar object of yours")
        }
        guard case .object(let source, let object) = target.kind else { throw DAVError.notFound("nothing at \(target.path.href)") }
        let origin = source.reference
        if let object {
            guard receiving.supportedComponents.contains(object.componentType) else {
                throw DAVError(.supportedCalendarComponent, "calendar \(targetCalendar) does not hold \(object.componentType)")
            }
            if overwrite && destination.path != target.path {
                try checkSameUID(object.uid, replacing: replaced, href: destination.path.href)
            }
            if keepSource, receiving.reference != source.reference, isSchedulingObject(object, of: context) {
                // RFC 6638 §3.2.4.1: a copy would be a second scheduling object with the UID.
                throw DAVError(.uniqueSchedulingObjectResource, "\(target.path.href) is a scheduled event; move it instead of copying it",
                               href: target.path.href)
            }
        }
        do {
            let result = try await store.transferObject(named: name, in: origin, to: targetName, in: receiving.reference,
                                                        keepSource: keepSource, overwrite: overwrite)
            await attribute(result.created ? .created : .changed, of: targetName, in: receiving, context: context)
            if !keepSource { await attribute(.deleted, of: name, in: source, context: context) }
            // RFC 9110 §15.3.2: a 201 names what it created.
            var headers = [("ETag", result.object.etag), ("Content-Length", "0")]
            if result.created { headers.append(("Location", destination.path.href)) }
            return DAVResponse(status: result.created ? 201 : 204, headers: headers)
        } catch {
            let holder = error.existingName.map { DAVPath.object(user: user, calendar: targetCalendar, name: $0).href }
            throw DAVError(error, conflictHref: holder)
        }
    }
}
