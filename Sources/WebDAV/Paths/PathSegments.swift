import Foundation

/// The segments of a request path below `/dav/`, percent-decoded and checked once.
///
/// A path with `.` or `..` segments, empty inner segments, control characters, a decoded
/// `/` or a NUL has no segments (`nil`): it names nothing, and gets a 404. Names come out
/// in Unicode normalization form C: Swift compares strings by canonical equivalence but
/// SQLite compares bytes, so `é` typed precomposed or decomposed must reach every store
/// as the same bytes.
public struct PathSegments: Hashable, Sendable {
    public var segments: [String]
    /// Whether the path ends in `/`.
    public var trailingSlash: Bool

    /// The mount point of the DAV tree.
    public static let prefix = "/dav/"

    /// Splits a request path (without query) under ``prefix``; `nil` when it is not under
    /// the DAV tree or is malformed. `/dav` and `/dav/` have no segments.
    public init?(davPath path: String) {
        guard path.utf8.starts(with: "/dav".utf8) else { return nil }
        var rest = Substring(path.dropFirst(4))
        if rest.isEmpty { self.init(segments: [], trailingSlash: true); return }
        guard rest.first == "/" else { return nil }
        rest = rest.dropFirst()
        guard let segments = Self.split(rest) else { return nil }
        self.init(segments: segments, trailingSlash: rest.isEmpty || rest.utf8.last == UInt8(ascii: "/"))
    }

    public init(segments: [String], trailingSlash: Bool) {
        self.segments = segments
        self.trailingSlash = trailingSlash
    }

    /// Splits and checks as bytes, in one pass without an array of pieces (every href of a
    /// multiget comes through here): these characters are all ASCII, which UTF-8 never uses
    /// inside a longer character.
    private static func split(_ rest: Substring) -> [String]? {
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
                    guard let decoded = decode(rest[pieceStart..<cursor]), decoded != ".", decoded != "..",
                          !decoded.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") }) else { return nil }
                    segments.append(decoded)
                }
                if atEnd { break }
                pieceStart = utf8.index(after: cursor)
            }
            cursor = utf8.index(after: cursor)
        }
        return segments
    }

    /// The user a raw request path names, the second segment under `/dav/` of every tree
    /// there (`/dav/principals/{user}/`, `/dav/calendars/{user}/…`), decoded as a full
    /// parse decodes it; `nil` when the path names none. A cheap check of whose tree a
    /// request is for, before its body is read.
    public static func user(inRawPath path: String) -> String? {
        guard path.utf8.starts(with: prefix.utf8) else { return nil }
        let utf8 = path.utf8
        let treeStart = utf8.index(utf8.startIndex, offsetBy: prefix.utf8.count)
        guard let slash = utf8[treeStart...].firstIndex(of: UInt8(ascii: "/")), slash > treeStart else { return nil }
        let start = utf8.index(after: slash)
        let end = utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
        guard start < end else { return nil }
        return decode(path[start..<end])
    }

    /// The path part of an href: itself for an absolute path, what follows the authority
    /// for an absolute URI.
    public static func pathOfHref(_ href: String) -> String {
        let trimmed = Substring(href.trimmingSpaces)
        guard !trimmed.hasPrefix("/"), let colon = trimmed.firstIndex(of: ":"),
              trimmed[colon...].hasPrefix("://") else { return String(trimmed) }
        let afterHost = trimmed[trimmed.index(colon, offsetBy: 3)...]
        return afterHost.firstIndex(of: "/").map { String(afterHost[$0...]) } ?? "/"
    }

    /// The authority (`host:port`) of an absolute URI; `nil` for an absolute path.
    public static func authorityOfHref(_ href: String) -> String? {
        let text = Substring(href)
        guard !text.hasPrefix("/"), let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return nil }
        let afterScheme = text[text.index(colon, offsetBy: 3)...]
        let authority = afterScheme.prefix { $0 != "/" }
        return String(authority.split(separator: "@").last ?? authority)
    }

    /// Percent-decoding of one segment; `nil` for a malformed escape or invalid UTF-8.
    public static func decode(_ segment: Substring) -> String? {
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
    public static func encode(_ segment: String) -> String {
        // Most names (`e1234.ics`, `work`) need no escape; they are their own encoding.
        if segment.utf8.allSatisfy(isLeftBare) { return segment }
        var out = ""
        for byte in segment.utf8 {
            if isLeftBare(byte) {
                out.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(digits[Int(byte >> 4)])
                out.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// Whether a byte of a segment is written as it is: RFC 3986 unreserved characters and
    /// the sub-delimiters clients leave bare.
    private static func isLeftBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: "@"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
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
