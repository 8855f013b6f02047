/// Folds change-log entries, in position order, into the object names a sync reports,
/// so every store pages sync-collection the same way (RFC 6578 §3.6).
///
/// Each name is reported once, however often it changed. With a limit, folding stops
/// before a name that would exceed it, and ``reached`` is the position of the last entry
/// taken: the next sync continues from there, so nothing is lost.
///
/// An initial sync that does not fit its limit folds the whole log the same way, passing
/// over names that no longer exist: every live object has an entry, so the objects a page
/// leaves out all have entries after ``reached`` and come in later pages.
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

    /// Passes over an entry the sync does not report (a name deleted before an initial sync).
    public mutating func pass(position: Int64) {
        reached = position
    }
}
