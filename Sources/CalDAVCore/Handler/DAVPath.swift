import WebDAV

/// A path in CalDAV's tree, `/dav/calendars/`, resolved once into the resource it names
/// (see DESIGN.md, URL space); the engine (``DAVServer``) serves the rest of `/dav/`.
///
/// ```
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
/// the home in those terms. Segments are decoded and checked as ``PathSegments`` does.
public enum DAVPath: Hashable, Sendable {
    /// `/dav/calendars/`, the collection of calendar homes; a principal sees its own.
    case homes
    case home(user: String)
    case calendar(user: String, calendar: String)
    case object(user: String, calendar: String, name: String)
    /// A resource deeper in a plain collection; `isCollection` when written with a trailing slash.
    case nested(user: String, segments: [String], isCollection: Bool)

    /// The first segment under `/dav/` of CalDAV's tree.
    public static let tree = "calendars"
    static let prefix = PathSegments.prefix + tree + "/"

    /// Resolves a request path (without query); `nil` when it names nothing in the tree.
    public init?(_ path: String) {
        guard let parsed = PathSegments(davPath: path), parsed.segments.first == Self.tree else { return nil }
        let (segments, trailingSlash) = (parsed.segments, parsed.trailingSlash)
        switch segments.count {
        case 1: self = .homes
        case 2: self = .home(user: segments[1])
        case 3: self = .calendar(user: segments[1], calendar: segments[2])
        case 4 where !trailingSlash: self = .object(user: segments[1], calendar: segments[2], name: segments[3])
        default: self = .nested(user: segments[1], segments: Array(segments.dropFirst(2)), isCollection: trailingSlash)
        }
    }

    /// The principal that owns the resource, if any.
    public var user: String? {
        switch self {
        case .homes: return nil
        case .home(let user), .calendar(let user, _), .object(let user, _, _), .nested(let user, _, _): return user
        }
    }

    /// The path of a plain resource (or of the home, the tree's root) in its owner's tree;
    /// `nil` outside the home.
    public var resourcePath: ResourcePath? {
        switch self {
        case .homes: return nil
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
        case .homes: return DAVPath.prefix
        case .home(let user): return DAVPath.prefix + "\(encode(user))/"
        case .calendar(let user, let calendar): return DAVPath.prefix + "\(encode(user))/\(encode(calendar))/"
        case .object(let user, let calendar, let name): return DAVPath.prefix + "\(encode(user))/\(encode(calendar))/\(encode(name))"
        case .nested(let user, let segments, let isCollection):
            return DAVPath.prefix + "\(encode(user))/" + segments.map(encode).joined(separator: "/") + (isCollection ? "/" : "")
        }
    }

    /// The parent collection; the homes collection is its own parent.
    public var parent: DAVPath {
        switch self {
        case .homes, .home: return .homes
        case .calendar(let user, _): return .home(user: user)
        case .object(let user, let calendar, _): return .calendar(user: user, calendar: calendar)
        case .nested(let user, let segments, _): return DAVPath(ResourcePath(owner: user, segments: Array(segments.dropLast())), isCollection: true)
        }
    }

    private func encode(_ segment: String) -> String { PathSegments.encode(segment) }
}
