import WebDAV

extension CalDAVAdapter {
    /// GET and HEAD of a calendar object: its stored bytes with a strong ETag; of a
    /// calendar: the whole calendar as one file.
    func get(_ target: DAVTarget, includeBody: Bool) async throws(DAVError) -> DAVResponse {
        switch target.kind {
        case .object(_, let object?): return getResponse(object, includeBody: includeBody)
        case .calendar(let collection): return try await exportCalendar(collection, includeBody: includeBody)
        case .object(_, nil), .missing: throw DAVError.notFound("nothing at \(target.path.href)")
        default: throw DAVError(status: 405, message: "GET applies to calendar objects; use PROPFIND or REPORT on collections")
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
