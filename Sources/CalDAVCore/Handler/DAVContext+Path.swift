import WebDAV

extension DAVContext {
    /// Whether the principal may reach `path` at all: paths outside every user's tree, or
    /// inside the principal's own, or inside the home of someone who delegated to it.
    public func mayReach(_ path: DAVPath) -> Bool {
        path.user.map { access(to: $0) != nil } ?? true
    }
}
