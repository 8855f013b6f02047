extension DAVHandler {
    /// COPY and MOVE of calendar objects (RFC 4918 §9.8, §9.9) within the principal's own
    /// calendars, in one store write. Collections are not copied or moved.
    func copyOrMove(_ request: DAVRequest, path: DAVPath, context: DAVContext, keepSource: Bool) async throws(DAVError) -> DAVResponse {
        guard case .object(let user, let calendar, let name) = path else {
            throw DAVError(status: 403, message: "only calendar objects can be copied or moved")
        }
        let destination = try destination(of: request, context: context)
        guard case .object(_, let targetCalendar, let targetName) = destination, try await plainPath(destination) == nil else {
            throw DAVError(status: 403, message: "the destination must be a calendar object of yours")
        }
        let overwrite = try overwrite(of: request)
        let origin = CalendarReference(owner: user, name: calendar)
        let target = try await collection(user, targetCalendar)
        if let object = try await storing({ () async throws(StoreError) in try await store.object(named: name, in: origin) }) {
            guard target.supportedComponents.contains(object.componentType) else {
                throw DAVError(.supportedCalendarComponent, "calendar \(targetCalendar) does not hold \(object.componentType)")
            }
            if overwrite && !(targetCalendar == calendar && targetName == name) {
                try await checkSameUID(object.uid, replacing: targetName, in: target.reference, href: destination.href)
            }
        }
        do {
            let result = try await store.transferObject(named: name, in: origin, to: targetName, in: target.reference,
                                                        keepSource: keepSource, overwrite: overwrite)
            // RFC 9110 §15.3.2: a 201 names what it created.
            var headers = [("ETag", result.object.etag), ("Content-Length", "0")]
            if result.created { headers.append(("Location", destination.href)) }
            return DAVResponse(status: result.created ? 201 : 204, headers: headers)
        } catch {
            let holder = error.existingName.map { DAVPath.object(user: user, calendar: targetCalendar, name: $0).href }
            throw DAVError(error, conflictHref: holder)
        }
    }
}
