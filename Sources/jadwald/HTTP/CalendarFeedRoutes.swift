import CalDAVCore
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import WebDAV

/// Published calendars at `/feeds/calendars/{token}.ics` (``CalendarPublications``): the
/// calendar read-only as one iCalendar file, or only its busy blocks, to GET and HEAD, with
/// an ETag that changes with any object and 304 on revalidation. A withdrawn link, or one
/// to a calendar deleted since, answers 404.
struct CalendarFeedRoutes: Sendable {
    let publications: CalendarPublications
    /// The owners' calendars.
    let calendars: any CalendarStore
    let cache = FeedCache(maxBytes: 32 << 20)

    /// Where a publication's token is read: over HTTP(S), and as `webcal://` for calendar apps.
    static func links(token: String, publicURL: String) -> (url: String, webcal: String) {
        let url = publicURL + "/feeds/calendars/" + token + ".ics"
        return (url, url.replacingOccurrences(of: "^https?://", with: "webcal://", options: .regularExpression))
    }

    func add<Context: RequestContext>(to router: Router<Context>) {
        router.get("/feeds/calendars/:file") { request, context in try await feed(request, file: context.parameters.get("file") ?? "") }
        router.head("/feeds/calendars/:file") { request, context in try await feed(request, file: context.parameters.get("file") ?? "") }
    }

    func feed(_ request: Request, file: String) async throws -> Response {
        guard file.hasSuffix(".ics"), let publication = try await publications.publication(forToken: String(file.dropLast(4))) else {
            return PrayerFeedRoutes.text(.notFound, "no such calendar\n")
        }
        let reference = CalendarReference(owner: publication.owner, name: publication.calendar)
        guard let collection = try await calendars.calendar(reference), collection.syncID == publication.syncID else {
            return PrayerFeedRoutes.text(.notFound, "no such calendar\n")
        }
        // The feed changes exactly when the calendar's change position or the publication does.
        let key = "\(reference)/\(collection.syncID)/\(collection.changePosition)/\(publication.busyOnly)/\(collection.displayName ?? "")"
        let entry: FeedCache.Entry
        if let kept = cache.entry(key, build: { nil }) {
            entry = kept
        } else {
            let objects = try await calendars.objects(in: reference)
            let body = CalendarExport.file(of: collection, objects: objects, busyOnly: publication.busyOnly)
            entry = cache.entry(key) { body } ?? FeedCache.Entry(body: body, etag: "\"\(FNV1a.hex(body))\"")
        }
        var headers: HTTPFields = [.eTag: entry.etag, .cacheControl: "max-age=300"]
        let matches = request.headers[.ifNoneMatch].map { $0.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == entry.etag } }
        if matches == true { return Response(status: .notModified, headers: headers) }
        headers[.contentType] = "text/calendar; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: entry.body)))
    }
}
