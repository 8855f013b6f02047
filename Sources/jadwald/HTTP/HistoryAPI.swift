import CalDAVCore
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal

/// `GET /api/v1/calendars/{calendar}/history?object=NAME&limit=N`: who changed which object
/// of one of the signed-in person's calendars, or of one shared with them (named as in their
/// home), newest first: the owner, a sharee or a delegate (with whom they acted for).
/// Documented in `openapi.yaml`.
struct HistoryAPI: Sendable {
    let history: ObjectHistory
    let calDAV: CalDAVAdapter
    let requests: SignedInRequests

    func add(to router: Router<JadwalRequestContext>) {
        router.get("/api/v1/calendars/:calendar/history") { request, context in
            await requests.signedIn(request, context) { user in
                guard let name = context.parameters.get("calendar")?.removingPercentEncoding, !name.isEmpty, name.utf8.count <= 255,
                      let calendar = try await calDAV.store.calendar(CalendarReference(owner: user, name: name)) else {
                    return APIResponse.error(.notFound, "not_found", "you have no calendar of that name")
                }
                let query = request.uri.queryParameters
                let object = query["object"].map(String.init)
                let limit = query["limit"].flatMap { Int(String($0)) }.map { min(max($0, 1), 500) } ?? 100
                let changes = try await history.changes(of: calendar.storedAt, since: calendar.createdAt, object: object, limit: limit)
                let formatter = ISO8601DateFormatter()
                return APIResponse.json(.ok, ["changes": changes.map { change in
                    ["object": change.object, "kind": change.kind.rawValue, "author": change.author,
                     "onBehalfOf": change.onBehalfOf ?? NSNull(),
                     "at": formatter.string(from: Date(timeIntervalSince1970: TimeInterval(change.at)))] as [String: Any]
                }])
            }
        }
    }
}
