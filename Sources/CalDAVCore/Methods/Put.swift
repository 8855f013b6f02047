import WebDAV

extension CalDAVAdapter {
    /// PUT of a calendar object (RFC 4791 §5.3.2): admitted (``CalendarObjectAdmission``)
    /// before anything is written; stored byte for byte (bare LF line ends become CRLF), so
    /// the ETag in the response is that of the bytes a GET returns.
    func put(_ request: DAVRequest, target: DAVTarget, context: DAVContext) async throws(DAVError) -> DAVResponse {
        let path = target.path
        guard case .object(let user, let calendarName, let name) = path else {
            throw DAVError(status: 405, message: "PUT applies to calendar objects, not collections")
        }
        if case .notification = target.kind {
            throw DAVError(.needPrivileges, "notifications are the server's; a client reads and deletes them")
        }
        guard case .object(let collection, let existing) = target.kind else {
            // RFC 4918 §9.7.1: a missing parent collection is a conflict.
            throw DAVError.conflict("calendar \(calendarName) does not exist; create it with MKCALENDAR first")
        }
        if let type = request.header("content-type"), !type.lowercased().hasPrefix("text/calendar") {
            throw DAVError(.supportedCalendarData, "only text/calendar can be stored, not \(type)")
        }
        if collection.isScheduleInbox {
            throw DAVError(.needPrivileges, "the scheduling inbox takes messages from the server only; PUT events in a calendar")
        }
        let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
        let (body, index, calendar) = try CalendarObjectAdmission(configuration).admitParsed(request.body, into: collection)
        try checkSameUID(index.uid, replacing: existing, href: path.href)
        try checkScheduleTag(request, existing: existing)
        let scheduler = await schedulingContext(for: collection, context)
        let plan = try await planScheduling(calendar, data: body, replacing: existing, in: collection, context: scheduler)
        do {
            let stored = plan.data ?? body
            let result = try await store.putObject(named: name, data: stored, index: index, in: collection.reference, precondition: precondition)
            let corrected = await carryOut(plan, stored: (name, result.object, collection), context: scheduler)
            await attribute(result.created ? .created : .changed, of: name, in: collection, context: context)
            // RFC 4791 §5.3.4: no ETag when the stored bytes are not the client's (scheduling
            // recorded something, or the store kept others' alarms beside them).
            let asSent = plan.data == nil && !corrected && result.object.data == stored
            var headers: [(String, String)] = asSent ? [("ETag", result.object.etag)] : []
            if let tag = plan.scheduleTag { headers.append(("Schedule-Tag", tag)) }
            headers.append(("Content-Length", "0"))
            return DAVResponse(status: result.created ? 201 : 204, headers: headers)
        } catch {
            let holder = error.existingName.map { DAVPath.object(user: user, calendar: calendarName, name: $0).href }
            throw DAVError(error, conflictHref: holder)
        }
    }

    /// RFC 4791 §5.3.2.1 (`no-uid-conflict`): an object may not be replaced by one with
    /// another UID; a new UID means a new object, under a new name.
    func checkSameUID(_ uid: String, replacing existing: CalendarObject?, href: String) throws(DAVError) {
        guard let existing, existing.uid != uid else { return }
        throw DAVError(.noUIDConflict, "\(href) holds the event or task \(existing.uid); one with another UID goes under a new name", href: href)
    }
}
