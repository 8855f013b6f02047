/// Folds change-log entries, in position order, into the object names a sync reports,
/// so every store pages sync-collection the same way (RFC 6578 §3.6).
///
/// Each name is reported once, however often it changed. With a limit, folding stops
/// before a name that would exceed it, and ``reached`` is the position of the last entry
/// taken: the next sync continues from there, so nothing is lost.
public struct ChangeLogFolder: Sendable {
    public private(set) var names: [String] = []
    public private(set) var reached: Int64
    private var seen = Set<String>()
    private let limit: Int?

    public init(after position: Int64, limit: Int?) {
        reached = position
        self.limit = limit
    }

    /// Takes one entry; `false` when the limit is reached and the entry was left for later.
    public mutating func add(position: Int64, name: String) -> Bool {
        if !seen.contains(name) {
            if let limit, names.count >= limit { return false }
            seen.insert(name)
            names.append(name)
        }
        reached = position
        return true
    }
}
