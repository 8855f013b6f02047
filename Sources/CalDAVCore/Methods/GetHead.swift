import WebDAV

extension CalDAVAdapter {
    /// GET and HEAD of a calendar object: its stored bytes with a strong ETag; of a
    /// calendar: the whole calendar as one file.
    func get(_ target: DAVTarget, includeBody: Bool) async throws(DAVError) -> DAVResponse {
        switch target.kind {
        case .object(_, let object?): return getResponse(object, includeBody: includeBody)
        case .calendar(let collection): return try await exportCalendar(collection, includeBody: includeBody)
        case .notification(_, let notification?):
            return DAVResponse(status: 200, headers: [("Content-Type", "application/xml; charset=utf-8"), ("ETag", notification.etag),
                                                      ("Content-Length", String(notification.document.count))],
                               body: includeBody ? notification.document : [])
        case .notification(_, nil): throw DAVError.notFound("no notification \(target.path.href)")
        case .object(_, nil), .missing: throw DAVError.notFound("nothing at \(target.path.href)")
        default: throw DAVError(status: 405, message: "GET applies to calendar objects; use PROPFIND or REPORT on collections")
        }
    }

    /// The answer to a GET or HEAD of a calendar object.
    /// With scheduling, a scheduling object's answer carries its Schedule-Tag (RFC 6638 §3.3).
    func getResponse(_ object: CalendarObject, includeBody: Bool) -> DAVResponse {
        var headers = [
            ("Content-Type", "text/calendar; charset=utf-8"),
            ("ETag", object.etag),
            ("Last-Modified", HTTPDate.format(object.lastModified)),
            ("Content-Length", String(object.data.count)),
        ]
        if scheduling != nil, let tag = Self.scheduleTag(of: object) { headers.append(("Schedule-Tag", tag)) }
        return DAVResponse(status: 200, headers: headers, body: includeBody ? object.data : [])
    }
}
