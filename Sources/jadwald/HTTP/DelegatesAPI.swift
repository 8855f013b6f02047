import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import WebDAV

/// `/api/v1/delegates`: whom the signed-in person lets act in their calendars (the same
/// delegations as the proxy groups macOS and iOS edit), and for whom they act. Documented in
/// `openapi.yaml`.
///
/// - `GET`: `delegates` (name, access) and `delegators` (name, access, where their calendars are).
/// - `PUT /api/v1/delegates/{name} {"access": "read"|"read-write"}`: adds or changes one.
/// - `DELETE /api/v1/delegates/{name}`: ends one.
struct DelegatesAPI: Sendable {
    let delegation: Delegation
    let requests: SignedInRequests

    func add(to router: Router<JadwalRequestContext>) {
        router.get("/api/v1/delegates") { request, context in
            await requests.signedIn(request, context) { user in
                let shares = try await delegation.shares.shares(involving: user, in: Delegation.tree)
                return APIResponse.json(.ok, [
                    "delegates": shares.given.map { ["name": $0.sharee, "access": $0.access.rawValue] },
                    "delegators": shares.received.map { ["name": $0.owner, "access": $0.access.rawValue, "href": "/dav/calendars/\($0.owner)/"] },
                ])
            }
        }
        router.put("/api/v1/delegates/:name") { request, context in
            await requests.signedIn(request, context) { user in
                let name = try Self.name(context)
                let body = try await JSONRequestBody.read(request, fields: ["access"], required: ["access"])
                guard let access = ShareAccess(rawValue: try body.requiredString("access", maxLength: 16)) else {
                    throw ChatAPI.refuse(.badRequest, "invalid", "access is read or read-write")
                }
                do throws(StoreError) {
                    try await delegation.delegate(user, to: name, access: access, now: Int(Date().timeIntervalSince1970))
                } catch where error.code == .notFound {
                    return APIResponse.error(.notFound, "not_found", error.message)
                } catch where error.code == .invalidTransfer {
                    return APIResponse.error(.badRequest, "invalid", error.message)
                } catch {
                    throw error
                }
                return APIResponse.json(.ok, ["name": name, "access": access.rawValue])
            }
        }
        router.delete("/api/v1/delegates/:name") { request, context in
            await requests.signedIn(request, context) { user in
                guard try await delegation.revoke(user, from: try Self.name(context)) else {
                    return APIResponse.error(.notFound, "not_found", "no such delegate")
                }
                return APIResponse.noContent
            }
        }
    }

    private static func name(_ context: JadwalRequestContext) throws -> String {
        guard let name = context.parameters.get("name")?.removingPercentEncoding.map(AccountIdentity.canonical), AccountStore.isValidName(name) else {
            throw ChatAPI.refuse(.notFound, "not_found", "no such account")
        }
        return name
    }
}
