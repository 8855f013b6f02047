extension DAVHandler {
    /// GET and HEAD of a calendar object: its stored bytes with a strong ETag; of a
    /// calendar: the whole calendar as one file.
    func get(_ path: DAVPath, includeBody: Bool) async throws(DAVError) -> DAVResponse {
        if case .calendar(let user, let name) = path {
            return try await exportCalendar(try await collection(user, name), includeBody: includeBody)
        }
        guard case .object = path else {
            throw DAVError(status: 405, message: "GET applies to calendar objects; use PROPFIND or REPORT on collections")
        }
        guard case .object(_, let object) = try await resource(at: path) else { throw DAVError.notFound() }
        return getResponse(object, includeBody: includeBody)
    }

    /// A calendar object looked up with its calendar in one step, the way most GETs go:
    /// `nil` when there is no such calendar (the path may then name a plain resource),
    /// `.some(nil)` when the calendar has no such object.
    func calendarObject(named name: String, in reference: CalendarReference) async throws(DAVError) -> CalendarObject?? {
        do {
            return .some(try await store.objects(named: [name], in: reference).first)
        } catch {
            if error.code == .notFound { return nil }
            throw DAVError(error)
        }
    }

    /// The answer to a GET or HEAD of a calendar object.
    func getResponse(_ object: CalendarObject, includeBody: Bool) -> DAVResponse {
        DAVResponse(status: 200, headers: [
            ("Content-Type", "text/calendar; charset=utf-8"),
            ("ETag", object.etag),
            ("Last-Modified", HTTPDate.format(object.lastModified)),
            ("Content-Length", String(object.data.count)),
        ], body: includeBody ? object.data : [])
    }
}
