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
        guard case .object(let collection, let existing) = target.kind else {
            // RFC 4918 §9.7.1: a missing parent collection is a conflict.
            throw DAVError.conflict("calendar \(calendarName) does not exist; create it with MKCALENDAR first")
        }
        if let type = request.header("content-type"), !type.lowercased().hasPrefix("text/calendar") {
            throw DAVError(.supportedCalendarData, "only text/calendar can be stored, not \(type)")
        }
        let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
        let (body, index) = try CalendarObjectAdmission(configuration).admit(request.body, into: collection)
        try checkSameUID(index.uid, replacing: existing, href: path.href)
        do {
            let result = try await store.putObject(named: name, data: body, index: index, in: collection.reference, precondition: precondition)
            return DAVResponse(status: result.created ? 201 : 204, headers: [("ETag", result.object.etag), ("Content-Length", "0")])
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
