import Foundation
import HTTPTypes
import Hummingbird
import Jadwal
import Logging

/// `/api/v1/me/push-devices`: the app installations a signed-in person's pushes go to.
/// Documented in `openapi.yaml`.
///
/// - `POST {token, platform: "ios", environment: "production"|"sandbox", topic}`: registers
///   one (or moves a token registered by another account here).
/// - `GET`: the person's devices, and whether this server sends pushes at all.
/// - `DELETE {id}`: removes one.
struct PushDevicesAPI: Sendable {
    let devices: PushDeviceStore
    let requests: SignedInRequests
    /// The topics devices may register for; any bundle id when empty.
    let topics: [String]
    /// Whether APNs is configured.
    let sendsPushes: Bool

    func add(to router: Router<JadwalRequestContext>) {
        let group = router.group("api/v1/me/push-devices")
        group.post { request, context in
            await requests.signedIn(request, context) { user in try await register(user, request) }
        }
        group.get { request, context in
            await requests.signedIn(request, context) { user in
                APIResponse.json(.ok, ["pushDevices": try await devices.devices(of: user).map(Self.json), "pushes": sendsPushes])
            }
        }
        group.delete(":id") { request, context in
            await requests.signedIn(request, context) { user in
                let id = context.parameters.get("id") ?? ""
                guard id.utf8.count <= 64, try await devices.remove(id: id, of: user) else {
                    throw ChatAPI.refuse(.notFound, "not_found", "no such push device")
                }
                return APIResponse.noContent
            }
        }
    }

    private func register(_ user: String, _ request: Request) async throws -> Response {
        let body = try await JSONRequestBody.read(request, fields: ["token", "platform", "environment", "topic"],
                                                  required: ["token", "platform", "environment", "topic"])
        guard let token = PushDevice.normalizedToken(try body.requiredString("token", maxLength: 200)) else {
            throw ChatAPI.refuse(.badRequest, "invalid_token", "token is the APNs device token in hex (64 to 200 digits)")
        }
        let platform = try body.requiredString("platform", maxLength: 16)
        guard PushDevice.platforms.contains(platform) else {
            throw ChatAPI.refuse(.badRequest, "invalid", "platform is one of \(PushDevice.platforms.joined(separator: ", "))")
        }
        guard let environment = PushDevice.Environment(rawValue: try body.requiredString("environment", maxLength: 16)) else {
            throw ChatAPI.refuse(.badRequest, "invalid", "environment is production or sandbox")
        }
        let topic = try body.requiredString("topic", maxLength: 155)
        guard PushDevice.isTopic(topic), topics.isEmpty || topics.contains(topic) else {
            throw ChatAPI.refuse(.badRequest, "invalid", topics.isEmpty ? "topic is the app's bundle id" : "topic is one of \(topics.joined(separator: ", "))")
        }
        let device = try await devices.register(account: user, token: token, platform: platform, environment: environment, topic: topic)
        requests.logger.info("push device registered", metadata: ["user": "\(user)", "device": "\(device.id)", "environment": "\(environment.rawValue)"])
        return APIResponse.json(.created, Self.json(device))
    }

    /// A device as its owner sees it: never the whole token.
    static func json(_ device: PushDevice) -> [String: Any] {
        ["id": device.id, "platform": device.platform, "environment": device.environment.rawValue, "topic": device.topic,
         "tokenEnd": String(device.token.suffix(8)), "createdAt": device.createdAt]
    }
}
