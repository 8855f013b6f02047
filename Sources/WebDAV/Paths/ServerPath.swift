/// The part of the URL space the engine serves itself (see DESIGN.md, URL space), and the
/// trees where each protocol's homes hang:
///
/// ```
/// /                                  .serverRoot (discovery only)
/// /dav/                              .root
/// /dav/principals/                   .principals
/// /dav/principals/{user}/            .principal(user)
/// /dav/principals/{user}/calendar-proxy-read/    .proxyGroup(user, .read) (and -write)
/// /dav/{tree}/…                      .tree(tree): an adapter's (calendars, addressbooks)
/// ```
public enum ServerPath: Hashable, Sendable {
    case serverRoot
    case root
    case principals
    case principal(user: String)
    /// A principal's group of delegates (``Delegation``).
    case proxyGroup(user: String, access: ShareAccess)
    /// A path in the tree a protocol adapter serves, named by its first segment.
    case tree(String)

    /// Resolves a request path (without query); `nil` when it names nothing served.
    public init?(_ path: String) {
        if path == "/" { self = .serverRoot; return }
        guard let parsed = PathSegments(davPath: path) else { return nil }
        let segments = parsed.segments
        switch (segments.first, segments.count) {
        case (nil, _): self = .root
        case ("principals", 1): self = .principals
        case ("principals", 2): self = .principal(user: segments[1])
        case ("principals", 3) where segments[2] == Delegation.groupName(.read): self = .proxyGroup(user: segments[1], access: .read)
        case ("principals", 3) where segments[2] == Delegation.groupName(.readWrite): self = .proxyGroup(user: segments[1], access: .readWrite)
        case ("principals", _): return nil
        case (let tree?, _): self = .tree(tree)
        }
    }

    /// The account a principal or group path belongs to.
    public var user: String? {
        switch self {
        case .principal(let user), .proxyGroup(let user, _): return user
        default: return nil
        }
    }

    /// The canonical href of a principal.
    public static func principalHref(_ user: String) -> String {
        PathSegments.prefix + "principals/" + PathSegments.encode(user) + "/"
    }

    /// The canonical href; for a tree, of its top collection.
    public var href: String {
        switch self {
        case .serverRoot: return "/"
        case .root: return PathSegments.prefix
        case .principals: return PathSegments.prefix + "principals/"
        case .principal(let user): return Self.principalHref(user)
        case .proxyGroup(let user, let access): return Self.principalHref(user) + Delegation.groupName(access) + "/"
        case .tree(let name): return PathSegments.prefix + PathSegments.encode(name) + "/"
        }
    }
}
