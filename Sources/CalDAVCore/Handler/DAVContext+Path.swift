import WebDAV

extension DAVContext {
    /// Whether the principal may reach `path` at all: paths outside every user's tree, or
    /// inside the principal's own.
    public func mayReach(_ path: DAVPath) -> Bool {
        path.user.map(owns) ?? true
    }
}
