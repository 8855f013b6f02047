/// What changed in a collection since a sync token (RFC 6578 §3).
public struct ChangeSet: Hashable, Sendable {
    /// The change-log position the client may sync from next.
    public var position: Int64
    /// Names of objects created or modified since the token.
    public var changed: [String]
    /// Names of objects deleted since the token.
    public var deleted: [String]
    /// Whether a limit cut the set short; `position` then covers only what was returned,
    /// so the next request continues where this one stopped and nothing is lost.
    public var isTruncated: Bool

    public init(position: Int64, changed: [String], deleted: [String], isTruncated: Bool) {
        self.position = position
        self.changed = changed
        self.deleted = deleted
        self.isTruncated = isTruncated
    }
}
