import NIOCore

/// Other servers' URL layouts for the DAV tree, answered as aliases of jadwald's own
/// (`/dav/`): Baïkal's `/dav.php/` (and the older `/cal.php/`, `/card.php/`) hold the same
/// tree under another mount, so devices set up against Baïkal keep working once its host
/// name points here.
///
/// A request under an alias is answered as its path under `/dav/`, and the answer names
/// resources in the layout the request used: every `DAV:href` and `Location` under `/dav/`
/// is written under the alias.
public struct DAVMountAlias: Sendable {
    /// Baïkal's mounts.
    public static let baikal = DAVMountAlias(prefixes: ["/dav.php/", "/cal.php/", "/card.php/"])
    static let canonicalPrefix = "/dav/"

    /// The aliases, each ending in `/`.
    public let prefixes: [String]

    public init(prefixes: [String]) {
        self.prefixes = prefixes
    }

    /// The alias `path` is under (also the alias itself without its last `/`), or `nil`.
    public func prefix(of path: Substring) -> String? {
        prefixes.first { path.hasPrefix($0) || path == $0.dropLast() }
    }

    /// `path` (or an absolute URL, as in `Destination`) with the alias `prefix` replaced by `/dav/`.
    public static func canonical(_ path: String, from prefix: String) -> String {
        let mount = prefix.dropLast()
        var start = path.startIndex
        while start < path.endIndex {
            if path[start...].hasPrefix(mount) {
                let rest = path[path.index(start, offsetBy: mount.count)...].drop { $0 == "/" }
                return String(path[..<start]) + canonicalPrefix + rest
            }
            start = path.index(after: start)
        }
        return path
    }

    /// The answer with the resources it names under `prefix` instead of `/dav/`.
    public static func answer(_ response: DAVResponse, under prefix: String) -> DAVResponse {
        var rewritten = response
        rewritten.headers = response.headers.map { name, value in
            let lowered = name.lowercased()
            guard lowered == "location" || lowered == "content-location", value.hasPrefix(canonicalPrefix) else { return (name, value) }
            return (name, prefix + value.dropFirst(canonicalPrefix.count))
        }
        guard response.body.readableBytes > 0 else { return rewritten }
        let from = Array("<D:href>\(canonicalPrefix)".utf8)
        let to = Array("<D:href>\(prefix)".utf8)
        let bytes = response.bodyBytes
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        var changed = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes.count - index >= from.count, bytes[index..<(index + from.count)].elementsEqual(from) {
                out.append(contentsOf: to)
                index += from.count
                changed = true
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        guard changed else { return rewritten }
        rewritten.body = ByteBuffer.exactCopy(of: out)
        rewritten.headers = rewritten.headers.map { name, value in
            name.lowercased() == "content-length" ? (name, String(out.count)) : (name, value)
        }
        return rewritten
    }
}
