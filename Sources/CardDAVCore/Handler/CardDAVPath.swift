import WebDAV

/// A path in CardDAV's tree, `/dav/addressbooks/` (see DESIGN.md, URL space); the engine
/// (``DAVServer``) serves the rest of `/dav/`.
///
/// ```
/// /dav/addressbooks/                       .homes
/// /dav/addressbooks/{user}/                .home(user)
/// /dav/addressbooks/{user}/{book}/         .book(user, book)
/// /dav/addressbooks/{user}/{book}/{name}   .card(user, book, name)
/// ```
/// Address books hold cards only, so nothing lies deeper: a deeper path (or a card path
/// written as a collection) is ``nested(user:href:)``, where nothing can exist or be made.
/// Segments are decoded and checked as ``PathSegments`` does.
public enum CardDAVPath: Hashable, Sendable {
    /// `/dav/addressbooks/`, the collection of address book homes; a principal sees its own.
    case homes
    case home(user: String)
    case book(user: String, book: String)
    case card(user: String, book: String, name: String)
    /// A path below a book's cards, as sent.
    case nested(user: String, href: String)

    /// The first segment under `/dav/` of CardDAV's tree.
    public static let tree = "addressbooks"
    static let prefix = PathSegments.prefix + tree + "/"

    /// Resolves a request path (without query); `nil` when it names nothing in the tree.
    public init?(_ path: String) {
        guard let parsed = PathSegments(davPath: path), parsed.segments.first == Self.tree else { return nil }
        let segments = parsed.segments
        switch segments.count {
        case 1: self = .homes
        case 2: self = .home(user: segments[1])
        case 3: self = .book(user: segments[1], book: segments[2])
        case 4 where !parsed.trailingSlash: self = .card(user: segments[1], book: segments[2], name: segments[3])
        default: self = .nested(user: segments[1], href: path)
        }
    }

    /// The principal that owns the resource, if any.
    public var user: String? {
        switch self {
        case .homes: return nil
        case .home(let user), .book(let user, _), .card(let user, _, _), .nested(let user, _): return user
        }
    }

    /// The canonical, percent-encoded href.
    public var href: String {
        let encode = PathSegments.encode
        switch self {
        case .homes: return Self.prefix
        case .home(let user): return Self.prefix + encode(user) + "/"
        case .book(let user, let book): return Self.prefix + encode(user) + "/" + encode(book) + "/"
        case .card(let user, let book, let name): return Self.prefix + encode(user) + "/" + encode(book) + "/" + encode(name)
        case .nested(_, let href): return href
        }
    }

    /// The href of a card in a book.
    static func href(of name: String, in book: AddressBookReference) -> String {
        CardDAVPath.card(user: book.owner, book: book.name, name: name).href
    }
}
