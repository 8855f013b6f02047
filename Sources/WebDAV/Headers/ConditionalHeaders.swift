/// If-Match and If-None-Match (RFC 9110 §13.1.1, §13.1.2) reduced to what a write needs.
///
/// Only strong comparison is used: a weak tag (`W/"x"`) never matches, as RFC 9110 requires
/// for If-Match; ETags of calendar objects are strong.
public enum WritePrecondition: Hashable, Sendable {
    /// No condition: write whatever is there.
    case none
    /// `If-Match: *`: the resource must exist.
    case mustExist
    /// `If-Match: "a", "b"`: the resource's ETag must be one of these.
    case ifMatch([String])
    /// `If-None-Match: *`: the resource must not exist (create only).
    case mustNotExist
    /// `If-None-Match: "a"`: the resource's ETag must be none of these.
    case ifNoneMatch([String])

    /// Reads the two headers; `If-Match` wins when both are present.
    public init(ifMatch: String?, ifNoneMatch: String?) throws(DAVError) {
        if let ifMatch {
            let tags = try WritePrecondition.entityTags(ifMatch)
            self = tags == ["*"] ? .mustExist : .ifMatch(tags)
        } else if let ifNoneMatch {
            let tags = try WritePrecondition.entityTags(ifNoneMatch)
            self = tags == ["*"] ? .mustNotExist : .ifNoneMatch(tags)
        } else {
            self = .none
        }
    }

    /// Whether a resource with `etag` (nil when it does not exist) satisfies the condition.
    public func isSatisfied(by etag: String?) -> Bool {
        switch self {
        case .none: return true
        case .mustExist: return etag != nil
        case .mustNotExist: return etag == nil
        case .ifMatch(let tags): return etag.map { tags.contains($0) } ?? false
        case .ifNoneMatch(let tags): return etag.map { !tags.contains($0) } ?? true
        }
    }

    /// Splits an entity-tag list: `*` alone, or quoted tags with an optional `W/`. Weak tags
    /// are kept with their prefix, so they never equal a strong ETag.
    package static func entityTags(_ header: String) throws(DAVError) -> [String] {
        let text = header.trimmingSpaces
        if text == "*" { return ["*"] }
        var tags: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            var weak = false
            if rest.hasPrefix("W/") { weak = true; rest = rest.dropFirst(2) }
            guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else {
                throw DAVError.badRequest("malformed entity tag list: \(header)")
            }
            let tag = String(rest[rest.startIndex...close])
            tags.append(weak ? "W/" + tag : tag)
            rest = rest[rest.index(after: close)...].drop { $0 == " " || $0 == "\t" }
            if rest.first == "," { rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" } } else if !rest.isEmpty {
                throw DAVError.badRequest("malformed entity tag list: \(header)")
            }
        }
        guard !tags.isEmpty else { throw DAVError.badRequest("empty entity tag list") }
        return tags
    }
}
