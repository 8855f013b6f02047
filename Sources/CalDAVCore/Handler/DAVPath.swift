import Foundation
import WebDAV

/// A request path resolved once into the resource it names (see DESIGN.md, URL space).
///
/// ```
/// /                                      .serverRoot (discovery only)
/// /dav/                                  .root
/// /dav/principals/                       .principals
/// /dav/principals/{user}/                .principal(user)
/// /dav/calendars/                        .homes
/// /dav/calendars/{user}/                 .home(user)
/// /dav/calendars/{user}/{calendar}/      .calendar(user, calendar)
/// /dav/calendars/{user}/{calendar}/{x}   .object(user, calendar, x)
/// /dav/calendars/{user}/{a}/{b}/...      .nested(user, [a, b, ...], isCollection)
/// ```
/// The shape is syntax only: whether `/dav/calendars/{user}/{name}/` is a calendar or a
/// plain WebDAV collection, and so whether its members are calendar objects or files,
/// comes from storage. Deeper paths (and `{a}/{b}/`, with a trailing slash) can only lie
/// inside plain collections (``ResourceTreeStore``); ``resourcePath`` names any path below
/// the home in those terms.
///
/// Segments are percent-decoded; a path with `.` or `..` segments, empty inner segments,
/// control characters or a NUL resolves to nothing and gets a 404.
public enum DAVPath: Hashable, Sendable {
    /// The host's root, where clients given only a host name start discovery.
    case serverRoot
    case root
    case principals
    case principal(user: String)
    /// `/dav/calendars/`, the collection of calendar homes; a principal sees its own.
    case homes
    case home(user: String)
    case calendar(user: String, calendar: String)
    case object(user: String, calendar: String, name: String)
    /// A resource deeper in a plain collection; `isCollection` when written with a trailing slash.
    case nested(user: String, segments: [String], isCollection: Bool)

    /// The mount point of the DAV tree.
    public static let prefix = "/dav/"

    /// Resolves a request path (without query); `nil` when it names nothing we serve.
    public init?(_ path: String) {
        if path == "/" { self = .serverRoot; return }
        guard path.hasPrefix("/dav") else { return nil }
        var rest = Substring(path.dropFirst(4))
        if rest.isEmpty { self = .root; return }
        guard rest.first == "/" else { return nil }
        rest = rest.dropFirst()
        let trailingSlash = rest.utf8.last == UInt8(ascii: "/")
        // Split and checked as bytes, in one pass without an array of pieces (every href of
        // a multiget comes through here): these characters are all ASCII, which UTF-8 never
        // uses inside a longer character.
        let utf8 = rest.utf8
        var segments: [String] = []
        segments.reserveCapacity(4)
        var pieceStart = utf8.startIndex
        var cursor = utf8.startIndex
        while true {
            let atEnd = cursor == utf8.endIndex
            if atEnd || utf8[cursor] == UInt8(ascii: "/") {
                if pieceStart == cursor {
                    // Only a final empty piece (a trailing slash) is allowed.
                    guard atEnd else { return nil }
                } else {
                    guard let decoded = DAVPath.decode(rest[pieceStart..<cursor]), decoded != ".", decoded != "..",
                          !decoded.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") }) else { return nil }
                    segments.append(decoded)
                }
                if atEnd { break }
                pieceStart = utf8.index(after: cursor)
            }
            cursor = utf8.index(after: cursor)
        }
        switch (segments.first, segments.count) {
        case (nil, _): self = .root
        case ("principals", 1): self = .principals
        case ("principals", 2): self = .principal(user: segments[1])
        case ("calendars", 1): self = .homes
        case ("calendars", 2): self = .home(user: segments[1])
        case ("calendars", 3): self = .calendar(user: segments[1], calendar: segments[2])
        case ("calendars", 4) where !trailingSlash: self = .object(user: segments[1], calendar: segments[2], name: segments[3])
        case ("calendars", 4...): self = .nested(user: segments[1], segments: Array(segments.dropFirst(2)), isCollection: trailingSlash)
        default: return nil
        }
    }

    /// The user a raw request path names, the segment after `/dav/calendars/` or
    /// `/dav/principals/`, decoded as a full parse decodes it; `nil` when the path names
    /// none. A cheap check of whose tree a request is for, before its body is read.
    public static func user(inRawPath path: String) -> String? {
        for prefix in ["/dav/calendars/", "/dav/principals/"] where path.utf8.starts(with: prefix.utf8) {
            let start = path.utf8.index(path.utf8.startIndex, offsetBy: prefix.utf8.count)
            let end = path.utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.utf8.endIndex
            guard start < end else { return nil }
            return decode(path[start..<end])
        }
        return nil
    }

    /// The principal that owns the resource, if any.
    public var user: String? {
        switch self {
        case .serverRoot, .root, .principals, .homes: return nil
        case .principal(let user), .home(let user), .calendar(let user, _), .object(let user, _, _), .nested(let user, _, _): return user
        }
    }

    /// The path of a plain resource (or of the home, the tree's root) in its owner's tree;
    /// `nil` outside the home.
    public var resourcePath: ResourcePath? {
        switch self {
        case .serverRoot, .root, .principals, .homes, .principal: return nil
        case .home(let user): return .root(of: user)
        case .calendar(let user, let name): return ResourcePath(owner: user, segments: [name])
        case .object(let user, let calendar, let name): return ResourcePath(owner: user, segments: [calendar, name])
        case .nested(let user, let segments, _): return ResourcePath(owner: user, segments: segments)
        }
    }

    /// The path that names a plain resource (a collection's ends in `/`).
    public init(_ path: ResourcePath, isCollection: Bool) {
        let segments = path.segments
        switch segments.count {
        case 0: self = .home(user: path.owner)
        case 1: self = .calendar(user: path.owner, calendar: segments[0])
        case 2 where !isCollection: self = .object(user: path.owner, calendar: segments[0], name: segments[1])
        default: self = .nested(user: path.owner, segments: segments, isCollection: isCollection)
        }
    }

    /// Whether the resource is a collection (its canonical href ends in `/`).
    public var isCollection: Bool {
        switch self {
        case .object: return false
        case .nested(_, _, let isCollection): return isCollection
        default: return true
        }
    }

    /// The canonical, percent-encoded href.
    public var href: String {
        switch self {
        case .serverRoot: return "/"
        case .root: return DAVPath.prefix
        case .principals: return DAVPath.prefix + "principals/"
        case .homes: return DAVPath.prefix + "calendars/"
        case .principal(let user): return DAVPath.prefix + "principals/\(DAVPath.encode(user))/"
        case .home(let user): return DAVPath.prefix + "calendars/\(DAVPath.encode(user))/"
        case .calendar(let user, let calendar): return DAVPath.prefix + "calendars/\(DAVPath.encode(user))/\(DAVPath.encode(calendar))/"
        case .object(let user, let calendar, let name):
            return DAVPath.prefix + "calendars/\(DAVPath.encode(user))/\(DAVPath.encode(calendar))/\(DAVPath.encode(name))"
        case .nested(let user, let segments, let isCollection):
            return DAVPath.prefix + "calendars/\(DAVPath.encode(user))/" + segments.map(DAVPath.encode).joined(separator: "/") + (isCollection ? "/" : "")
        }
    }

    /// The parent collection; the roots are their own parents.
    public var parent: DAVPath {
        switch self {
        case .serverRoot: return .serverRoot
        case .root, .principals, .homes: return .root
        case .principal: return .principals
        case .home: return .root
        case .calendar(let user, _): return .home(user: user)
        case .object(let user, let calendar, _): return .calendar(user: user, calendar: calendar)
        case .nested(let user, let segments, _): return DAVPath(ResourcePath(owner: user, segments: Array(segments.dropLast())), isCollection: true)
        }
    }

    /// Percent-decoding of one segment; `nil` for a malformed escape or invalid UTF-8.
    ///
    /// Names come out in Unicode normalization form C: Swift compares strings by canonical
    /// equivalence but SQLite compares bytes, so `é` typed precomposed or decomposed must
    /// reach every store as the same bytes.
    static func decode(_ segment: Substring) -> String? {
        guard segment.utf8.contains(UInt8(ascii: "%")) else { return normalized(String(segment)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == 0x25 {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self).map(normalized)
    }

    /// NFC; ASCII is its own normal form, and skipping Foundation's conversion for it (the
    /// usual case) keeps path resolution off a request's profile.
    private static func normalized(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCanonicalMapping
    }

    /// Percent-encoding of one segment: everything but RFC 3986 unreserved characters and
    /// a few sub-delimiters clients leave bare (`@`, `+`, `=`, `,`, `:`).
    static func encode(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                 UInt8(ascii: "@"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: ":"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(digits[Int(byte >> 4)])
                out.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
