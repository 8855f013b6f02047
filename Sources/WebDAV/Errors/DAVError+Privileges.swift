extension DAVError {
    /// This error with the resource and privilege of a `need-privileges` named for
    /// `request`, when the error does not name them (RFC 3744 §7.1.1): adding or removing
    /// a member needs `bind` or `unbind` on the parent collection, changing a resource
    /// `write-content` or `write-properties` on itself.
    public func namingPrivilege(for request: DAVRequest) -> DAVError {
        guard condition == .needPrivileges, href == nil, let path = PathSegments(davPath: request.path), !path.segments.isEmpty else { return self }
        var named = self
        let encoded = path.segments.map(PathSegments.encode)
        let own = PathSegments.prefix + encoded.joined(separator: "/") + (path.trailingSlash ? "/" : "")
        let parent = PathSegments.prefix + encoded.dropLast().map { $0 + "/" }.joined()
        switch request.method {
        case "PUT": (named.href, named.privilege) = (own, "write-content")
        case "PROPPATCH": (named.href, named.privilege) = (own, "write-properties")
        case "DELETE", "MOVE": (named.href, named.privilege) = (parent, "unbind")
        case "MKCOL", "MKCALENDAR", "MKADDRESSBOOK", "COPY": (named.href, named.privilege) = (parent, "bind")
        default: (named.href, named.privilege) = (own, "write")
        }
        return named
    }
}
