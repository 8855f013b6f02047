import HTTPTypes
import Hummingbird
import Logging

/// How the JSON API answers a signed-in person: authenticated by ``APIAuthenticator``
/// (a bearer access token, or Basic with the password or an app password), refusals
/// turned into their JSON errors, and any other failure into a 503 that is logged.
struct SignedInRequests: Sendable {
    let authenticator: APIAuthenticator
    let logger: Logger
    /// Names the API in the log when something fails.
    let area: String

    /// Runs `body` for the signed-in user.
    func signedIn(_ request: Request, _ context: JadwalRequestContext, _ body: (String) async throws -> Response) async -> Response {
        let authentication = await authenticator.authenticate(request, context: context)
        guard case .user(let user) = authentication.caller else { return authentication.refusal }
        return await guarded { try await body(user) }
    }

    /// Runs `body`, turning refusals and failures into JSON errors.
    func guarded(_ body: () async throws -> Response) async -> Response {
        do {
            return try await body()
        } catch let refusal as JSONRequestBody.Refusal {
            return refusal.response
        } catch let refusal as AdminAPI.Refusal {
            return refusal.response
        } catch {
            logger.error("\(area) API failed", metadata: ["error": "\(error)"])
            return APIResponse.error(.serviceUnavailable, "unavailable", "the operation could not be completed; try again")
        }
    }
}
