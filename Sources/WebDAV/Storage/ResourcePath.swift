/// Names a resource in an owner's tree of plain WebDAV collections: the path segments
/// below the calendar home, decoded (`["notes", "2026", "todo.txt"]`).
///
/// The path with no segments is the root of the tree, the home itself: it always exists,
/// is never stored, and its members are the owner's top-level plain collections.
public struct ResourcePath: Hashable, Sendable, CustomStringConvertible {
    public var owner: String
    public var segments: [String]

    public init(owner: String, segments: [String]) {
        self.owner = owner
        self.segments = segments
    }

    /// The root of `owner`'s tree (the calendar home).
    public static func root(of owner: String) -> ResourcePath {
        ResourcePath(owner: owner, segments: [])
    }

    /// Whether this is the root of the tree.
    public var isRoot: Bool { segments.isEmpty }

    /// The last segment; empty for the root.
    public var name: String { segments.last ?? "" }

    /// The collection holding this resource; the root is its own parent.
    public var parent: ResourcePath {
        ResourcePath(owner: owner, segments: Array(segments.dropLast()))
    }

    /// The path of a member called `name`.
    public func appending(_ name: String) -> ResourcePath {
        ResourcePath(owner: owner, segments: segments + [name])
    }

    /// Whether this path is `ancestor` or lies below it.
    public func isWithin(_ ancestor: ResourcePath) -> Bool {
        owner == ancestor.owner && segments.count >= ancestor.segments.count
            && Array(segments.prefix(ancestor.segments.count)) == ancestor.segments
    }

    /// This path moved from below `old` to below `new` (for members of a moved collection).
    public func rebased(from old: ResourcePath, to new: ResourcePath) -> ResourcePath {
        ResourcePath(owner: new.owner, segments: new.segments + segments.dropFirst(old.segments.count))
    }

    public var description: String { "\(owner)/" + segments.joined(separator: "/") }
}
