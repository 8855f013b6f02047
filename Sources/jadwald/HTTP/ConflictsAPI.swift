import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import Logging

/// `/api/v1/conflicts`: chat events overlapping the signed-in user's other events or prayer
/// blocks, with suggested free slots, and the user's choice applied through the store.
///
/// - `GET /api/v1/conflicts`: the open ones.
/// - `GET /api/v1/conflicts/{id}`: both sides and up to five suggested slots.
/// - `POST /api/v1/conflicts/{id}/resolve {"action": "keep"|"reschedule"|"cancel", "start"?}`.
struct ConflictsAPI: Sendable {
    let service: ChatService
    let chatAPI: ChatAPI

    func add(to router: Router<JadwalRequestContext>) {
        router.get("/api/v1/conflicts") { request, context in
            await self.chatAPI.signedIn(request, context) { user in
                let open = try await self.service.openConflicts(of: user)
                return APIResponse.json(.ok, ["conflicts": open.map { Self.json($0, user: user) }])
            }
        }
        router.get("/api/v1/conflicts/:id") { request, context in
            await self.chatAPI.signedIn(request, context) { user in
                guard let id = context.parameters.get("id"), let details = try await self.service.details(of: id, account: user) else {
                    return APIResponse.error(.notFound, "not_found", "no such conflict")
                }
                return APIResponse.json(.ok, Self.json(details, user: user))
            }
        }
        router.post("/api/v1/conflicts/:id/resolve") { request, context in
            await self.chatAPI.signedIn(request, context) { user in try await self.resolve(request, id: context.parameters.get("id") ?? "", user: user) }
        }
    }

    private func resolve(_ request: Request, id: String, user: String) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["action", "start"], required: ["action"])
        guard let action = Conflict.Resolution(rawValue: try body.requiredString("action", maxLength: 32)), action != .superseded else {
            return APIResponse.error(.badRequest, "invalid", "action is keep, reschedule or cancel")
        }
        var start: Int?
        if let text = try body.string("start", maxLength: 64) {
            guard let date = ISO8601DateFormatter().date(from: text) else {
                return APIResponse.error(.badRequest, "invalid", "start is an ISO 8601 time with its offset, like 2026-11-26T19:00:00+03:00")
            }
            start = Int(date.timeIntervalSince1970)
        }
        do {
            let (conflict, remaining) = try await service.resolve(id, account: user, action: action, start: start)
            guard let details = try await service.details(of: conflict.id, account: user) else { return APIResponse.error(.notFound, "not_found", "no such conflict") }
            var object = Self.json(details, user: user)
            object["remainingConflicts"] = remaining.map(\.id)
            return APIResponse.json(.ok, object)
        } catch let problem as ChatService.ResolveError {
            switch problem {
            case .notFound: return APIResponse.error(.notFound, "not_found", problem.description)
            case .alreadyResolved, .eventGone: return APIResponse.error(.conflict, "conflict", problem.description)
            case .badStart: return APIResponse.error(.badRequest, "invalid", problem.description)
            }
        }
    }

    static func json(_ details: ChatService.ConflictDetails, user: String) -> [String: Any] {
        let zone = details.zone, conflict = details.conflict
        let iso = { (instant: Int) in ChatNotice.iso(instant, zone) }
        var event: [String: Any] = [
            "uid": conflict.eventUID, "calendar": ChatEventsCalendar.name,
            "href": "/dav/calendars/\(user)/\(ChatEventsCalendar.name)/\(conflict.eventUID).ics",
        ]
        if details.event.end > 0 {
            event["title"] = details.eventTitle
            event["start"] = iso(details.event.start)
            event["end"] = iso(details.event.end)
            event["allDay"] = details.event.isAllDay
            event["location"] = details.eventLocation ?? NSNull()
        }
        return [
            "id": conflict.id,
            "status": conflict.resolvedAt == nil ? "open" : "resolved",
            "resolution": conflict.resolution?.rawValue ?? NSNull(),
            "event": event,
            "other": [
                "kind": conflict.other.kind.rawValue, "calendar": conflict.other.calendar, "uid": conflict.other.uid,
                "summary": conflict.other.summary, "start": iso(conflict.other.start), "end": iso(conflict.other.end),
            ] as [String: Any],
            "suggestions": details.suggestions.map { ["start": iso($0), "end": iso($0 + details.event.duration)] },
            "createdAt": iso(conflict.createdAt),
        ]
    }
}
