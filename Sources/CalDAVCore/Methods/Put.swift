extension DAVHandler {
    /// PUT of a calendar object (RFC 4791 §5.3.2): validated fully before anything is
    /// written; stored byte for byte (bare LF line ends become CRLF, ``LineEndings``), so
    /// the ETag in the response is that of the bytes a GET returns.
    func put(_ request: DAVRequest, path: DAVPath, context: DAVContext) async throws(DAVError) -> DAVResponse {
        guard case .object(let user, let calendarName, let name) = path else {
            throw DAVError(status: 405, message: "PUT applies to calendar objects, not collections")
        }
        let reference = CalendarReference(owner: user, name: calendarName)
        guard let collection = try await storing({ () async throws(StoreError) in try await store.calendar(reference) }) else {
            // RFC 4918 §9.7.1: a missing parent collection is a conflict.
            throw DAVError.conflict("calendar \(calendarName) does not exist; create it with MKCALENDAR first")
        }
        if collection.isReadOnly {
            throw DAVError(.needPrivileges, "calendar \(calendarName) is read-only")
        }
        if let type = request.header("content-type"), !type.lowercased().hasPrefix("text/calendar") {
            throw DAVError(.supportedCalendarData, "only text/calendar can be stored, not \(type)")
        }
        guard request.body.count <= configuration.maxResourceSize else {
            throw DAVError(.maxResourceSize, "the object is \(request.body.count) bytes; the limit is \(configuration.maxResourceSize)")
        }
        let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
        let body = LineEndings.crlf(request.body)
        let (_, index) = try CalendarObjectRules().check(body)
        guard collection.supportedComponents.contains(index.componentType) else {
            throw DAVError(.supportedCalendarComponent, "calendar \(calendarName) holds \(collection.supportedComponents.sorted().joined(separator: ", ")), not \(index.componentType)")
        }
        try await checkSameUID(index.uid, replacing: name, in: reference, href: path.href)
        do {
            let result = try await store.putObject(named: name, data: body, index: index, in: reference, precondition: precondition)
            return DAVResponse(status: result.created ? 201 : 204, headers: [("ETag", result.object.etag), ("Content-Length", "0")])
        } catch {
            let holder = error.existingName.map { DAVPath.object(user: user, calendar: calendarName, name: $0).href }
            throw DAVError(error, conflictHref: holder)
        }
    }

    /// RFC 4791 §5.3.2.1 (`no-uid-conflict`): an object may not be replaced by one with
    /// another UID; a new UID means a new object, under a new name.
    func checkSameUID(_ uid: String, replacing name: String, in reference: CalendarReference, href: String) async throws(DAVError) {
        guard let existing = try await storing({ () async throws(StoreError) in try await store.object(named: name, in: reference) }),
              existing.uid != uid else { return }
        throw DAVError(.noUIDConflict, "\(href) holds the event or task \(existing.uid); one with another UID goes under a new name", href: href)
    }
}
