import Foundation
import HTTPTypes
import Hummingbird
import Jadwal

/// `GET` and `PATCH /api/v1/prayer/settings`: the signed-in user's prayer settings as JSON.
/// The calendar and the feed follow a change at once. Errors are `{"error", "message"}`.
struct PrayerSettingsAPI {
    let settings: PrayerSettingsStore
    let authenticator: BasicAuthenticator
    /// Resolves a `city` field to a place.
    let resolveCity: @Sendable (String) -> PrayerSettings.Place?
    static let maxBody = 64 << 10
    static let path = "/api/v1/prayer/settings"

    func add<Context: RequestContext>(to router: Router<Context>) {
        router.get(RouterPath(stringLiteral: Self.path)) { request, _ in try await self.handle(request) }
        router.patch(RouterPath(stringLiteral: Self.path)) { request, _ in try await self.handle(request) }
    }

    func handle(_ request: Request) async throws -> Response {
        guard let user = await authenticator.principal(for: request.headers[.authorization]) else {
            var response = Self.error(.unauthorized, "unauthorized", "sign in with your user name and password or an app password")
            response.headers[.wwwAuthenticate] = "Basic realm=\"Jadwal\", charset=\"UTF-8\""
            return response
        }
        if request.method == .patch {
            let body: ByteBuffer
            do { body = try await request.body.collect(upTo: Self.maxBody) } catch {
                return Self.error(.contentTooLarge, "too_large", "the body is larger than \(Self.maxBody) bytes")
            }
            let patch: PrayerSettingsPatch
            do { patch = try PrayerSettingsPatch(json: Array(buffer: body), resolveCity: resolveCity) } catch {
                return Self.error(.badRequest, error.code, error.message)
            }
            do {
                let updated = try await settings.update(user) { patch.apply(to: &$0) }
                return Self.json(.ok, updated.jsonObject())
            } catch let problem as AccountStore.AccountError {
                return Self.error(.badRequest, "invalid_settings", problem.description)
            }
        }
        return Self.json(.ok, try await settings.settings(of: user).jsonObject())
    }

    static func json(_ status: HTTPResponse.Status, _ object: [String: Any]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func error(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> Response {
        json(status, ["error": code, "message": message])
    }
}
