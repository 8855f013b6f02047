import Foundation
import Hummingbird

/// An `application/x-www-form-urlencoded` body (what HTML forms post), read up to a limit.
struct FormBody {
    let fields: [String: String]

    /// Reads the form of `request`; `nil` when it is too large, of another type or malformed.
    static func read(_ request: Request, maxBytes: Int = 16 << 10) async -> FormBody? {
        guard let type = request.headers[.contentType], type.lowercased().hasPrefix("application/x-www-form-urlencoded"),
              let buffer = try? await request.body.collect(upTo: maxBytes),
              let text = String(bytes: buffer.readableBytesView, encoding: .utf8) else { return nil }
        return parse(text)
    }

    /// Parses `name=value&...`; `nil` on bad percent-encoding or a repeated name.
    static func parse(_ text: String) -> FormBody? {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : ""),
                  fields.updateValue(value, forKey: name) == nil else { return nil }
        }
        return FormBody(fields: fields)
    }

    subscript(_ name: String) -> String? { fields[name] }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
