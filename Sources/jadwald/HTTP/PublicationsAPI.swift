import CalDAVCore
import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import WebDAV

/// `/api/v1/calendars/{calendar}/publication`: the signed-in person publishes one of their
/// calendars read-only at a secret link (``CalendarPublications``), whole or as busy blocks
/// only. Documented in `openapi.yaml`.
///
/// - `PUT {"busyOnly"?}`: publishes, answering the link once (`url`, and `webcal` for
///   calendar apps); publishing again makes a new link and ends the old one.
/// - `GET`: whether it is published, and how (never the link).
/// - `DELETE`: ends the link.
struct PublicationsAPI: Sendable {
    let publications: CalendarPublications
    let calDAV: CalDAVAdapter
    let requests: SignedInRequests
    let publicURL: String
    static let path = "/api/v1/calendars/:calendar/publication"

    func add(to router: Router<JadwalRequestContext>) {
        router.put(RouterPath(stringLiteral: Self.path)) { request, context in
            await requests.signedIn(request, context) { user in try await publish(request, context, owner: user) }
        }
        router.get(RouterPath(stringLiteral: Self.path)) { request, context in
            await requests.signedIn(request, context) { user in
                let calendar = try calendarName(context)
                guard let publication = try await publications.publication(of: user, calendar: calendar),
                      try await isCurrent(publication) else {
                    return APIResponse.error(.notFound, "not_found", "\(calendar) is not published")
                }
                return APIResponse.json(.ok, Self.json(publication))
            }
        }
        router.delete(RouterPath(stringLiteral: Self.path)) { request, context in
            await requests.signedIn(request, context) { user in
                let calendar = try calendarName(context)
                guard try await publications.unpublish(owner: user, calendar: calendar) else {
                    return APIResponse.error(.notFound, "not_found", "\(calendar) is not published")
                }
                return APIResponse.noContent
            }
        }
    }

    private func publish(_ request: Request, _ context: JadwalRequestContext, owner: String) async throws -> Response {
        let calendar = try calendarName(context)
        let body = try await JSONRequestBody.read(request, fields: ["busyOnly"])
        guard let collection = try await calDAV.store.calendar(CalendarReference(owner: owner, name: calendar)) else { return APIResponse.error(.notFound, "not_found", "you have no calendar \(calendar)") }
        guard CalDAVAdapter.canBeShared(collection) else {
            return APIResponse.error(.forbidden, "forbidden", "\(collection.displayName ?? calendar) cannot be published")
        }
        let busyOnly = try body.bool("busyOnly") ?? false
        let now = Int(Date().timeIntervalSince1970)
        let (token, publication) = try await publications.publish(owner: owner, calendar: calendar, syncID: collection.syncID,
                                                                  busyOnly: busyOnly, now: now)
        let (url, webcal) = CalendarFeedRoutes.links(token: token, publicURL: publicURL)
        var json = Self.json(publication)
        json["url"] = url
        json["webcal"] = webcal
        return APIResponse.json(.created, json)
    }

    /// Whether the publication is of the calendar that has its name now (not an earlier one deleted since).
    private func isCurrent(_ publication: CalendarPublications.Publication) async throws -> Bool {
        try await calDAV.store.calendar(CalendarReference(owner: publication.owner, name: publication.calendar))?.syncID == publication.syncID
    }

    private func calendarName(_ context: JadwalRequestContext) throws -> String {
        guard let value = context.parameters.get("calendar")?.removingPercentEncoding, !value.isEmpty, value.utf8.count <= 255 else {
            throw ChatAPI.refuse(.notFound, "not_found", "no such calendar")
        }
        return value
    }

    static func json(_ publication: CalendarPublications.Publication) -> [String: Any] {
        ["calendar": publication.calendar, "busyOnly": publication.busyOnly,
         "createdAt": ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(publication.createdAt)))]
    }
}
