import Foundation
import Hummingbird
import Jadwal

/// A JSON object request body, read up to a limit, with only known fields allowed and
/// each field's type checked, so a typo or a wrong type is refused by name.
struct JSONRequestBody {
    /// Why a body was refused, ready to send.
    struct Refusal: Error {
        let response: Response
    }

    let object: [String: Any]

    /// Reads and checks the body of `request`.
    /// - Parameters:
    ///   - fields: the allowed fields.
    ///   - required: the fields that must be present.
    static func read(_ request: Request, maxBytes: Int = 16 << 10, fields: Set<String>, required: Set<String> = []) async throws(Refusal) -> JSONRequestBody {
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: maxBytes) } catch {
            throw Refusal(response: APIResponse.error(.contentTooLarge, "too_large", "the body is larger than \(maxBytes) bytes"))
        }
        if let type = request.headers[.contentType], !type.lowercased().hasPrefix("application/json") {
            throw Refusal(response: APIResponse.error(.unsupportedMediaType, "unsupported_media_type", "send application/json"))
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))) as? [String: Any] else {
            throw Refusal(response: APIResponse.error(.badRequest, "malformed_json", "the body must be one JSON object"))
        }
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw Refusal(response: APIResponse.error(.badRequest, "unknown_field",
                                                      "unknown field \(unknown); known: \(fields.sorted().joined(separator: ", "))"))
        }
        if let missing = required.sorted().first(where: { object[$0] == nil }) {
            throw Refusal(response: APIResponse.error(.badRequest, "missing_field", "\(missing) is required"))
        }
        return JSONRequestBody(object: object)
    }

    /// A string field, or `nil` when absent; a wrong type is refused.
    func string(_ name: String, maxLength: Int = 4096) throws(Refusal) -> String? {
        guard let value = object[name] else { return nil }
        guard let text = value as? String else {
            throw Refusal(response: APIResponse.error(.badRequest, "wrong_type", "\(name) must be a string"))
        }
        guard text.utf8.count <= maxLength else {
            throw Refusal(response: APIResponse.error(.badRequest, "too_long", "\(name) must be at most \(maxLength) bytes"))
        }
        return text
    }

    /// A required string field.
    func requiredString(_ name: String, maxLength: Int = 4096) throws(Refusal) -> String {
        guard let text = try string(name, maxLength: maxLength) else {
            throw Refusal(response: APIResponse.error(.badRequest, "missing_field", "\(name) is required"))
        }
        return text
    }

    /// A boolean field, or `nil` when absent.
    func bool(_ name: String) throws(Refusal) -> Bool? {
        guard let value = object[name] else { return nil }
        guard let number = value as? NSNumber, number.isJSONBoolean else {
            throw Refusal(response: APIResponse.error(.badRequest, "wrong_type", "\(name) must be true or false"))
        }
        return number.boolValue
    }

    /// Whether a field is present with JSON `null`.
    func isNull(_ name: String) -> Bool { object[name] is NSNull }
}
