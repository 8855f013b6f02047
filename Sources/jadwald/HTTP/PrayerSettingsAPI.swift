import Foundation
import HTTPTypes
import Hummingbird
import Jadwal

/// `GET` and `PATCH /api/v1/prayer/settings`: the signed-in user's prayer settings as JSON
/// (a bearer access token, or Basic with the password or an app password).
/// The calendar and the feed follow a change at once. Errors are `{"error", "message"}`.
struct PrayerSettingsAPI {
    let settings: PrayerSettingsStore
    let authenticator: APIAuthenticator
    /// Resolves a `city` field to a place.
    let resolveCity: @Sendable (String) -> PrayerSettings.Place?
    static let maxBody = 64 << 10
    static let path = "/api/v1/prayer/settings"

    func add(to router: Router<JadwalRequestContext>) {
        router.get(RouterPath(stringLiteral: Self.path)) { request, context in try await self.handle(request, context: context) }
        router.patch(RouterPath(stringLiteral: Self.path)) { request, context in try await self.handle(request, context: context) }
    }

    func handle(_ request: Request, context: JadwalRequestContext) async throws -> Response {
        let authentication = await authenticator.authenticate(request, context: context)
        guard case .user(let user) = authentication.caller else { return authentication.refusal }
        if request.method == .patch {
            let body: ByteBuffer
            do { body = try await request.body.collect(upTo: Self.maxBody) } catch {
                return APIResponse.error(.contentTooLarge, "too_large", "the body is larger than \(Self.maxBody) bytes")
            }
            let patch: PrayerSettingsPatch
            do { patch = try PrayerSettingsPatch(json: Array(buffer: body), resolveCity: resolveCity) } catch {
                return APIResponse.error(.badRequest, error.code, error.message)
            }
            do {
                let updated = try await settings.update(user) { patch.apply(to: &$0) }
                return APIResponse.json(.ok, updated.jsonObject())
            } catch let problem as AccountStore.AccountError {
                return APIResponse.error(.badRequest, "invalid_settings", problem.description)
            }
        }
        return APIResponse.json(.ok, try await settings.settings(of: user).jsonObject())
    }
}
