import Foundation
import HTTPTypes
import Hummingbird

/// JSON answers of the `/api/v1` routes. Errors are always `{"error": code, "message": text}`
/// with a stable code and a message for people; nothing is cached.
enum APIResponse {
    static func json(_ status: HTTPResponse.Status, _ object: Any) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func error(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> Response {
        json(status, ["error": code, "message": message])
    }

    static func error(_ status: Int, _ code: String, _ message: String) -> Response {
        error(HTTPResponse.Status(code: status), code, message)
    }

    /// 429 with the seconds to wait.
    static func tooManyRequests(retryAfter seconds: Int) -> Response {
        var response = error(.tooManyRequests, "rate_limited", "too many attempts; try again in \(max(seconds, 1)) seconds")
        response.headers[.retryAfter] = String(max(seconds, 1))
        return response
    }

    static let noContent = Response(status: .noContent, headers: [.cacheControl: "no-store"])
}

/// `GET /api/v1/openapi.yaml`: the API's description, as kept in the repository.
enum OpenAPIDocument {
    static let path = "/api/v1/openapi.yaml"

    static func add(to router: Router<JadwalRequestContext>) {
        let text = ByteBuffer(bytes: PackageResources.openapi_yaml)
        router.get(RouterPath(stringLiteral: path)) { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: text))
        }
    }
}
