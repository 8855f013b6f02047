import WebDAV

extension DAVError {
    /// This error with the resource and privilege of a `need-privileges` named for
    /// `request`, when the error does not name them (RFC 3744 §7.1.1): adding or removing
    /// a member needs `bind` or `unbind` on the parent collection, changing a resource
    /// `write-content` or `write-properties` on itself.
    func namingPrivilege(for request: DAVRequest) -> DAVError {
        guard condition == .needPrivileges, href == nil, let path = DAVPath(request.path) else { return self }
        var named = self
        let parent = path.parent.href
        switch request.method {
        case "PUT": (named.href, named.privilege) = (path.href, "write-content")
        case "PROPPATCH": (named.href, named.privilege) = (path.href, "write-properties")
        case "DELETE", "MOVE": (named.href, named.privilege) = (parent, "unbind")
        case "MKCOL", "MKCALENDAR", "COPY": (named.href, named.privilege) = (parent, "bind")
        default: (named.href, named.privilege) = (path.href, "write")
        }
        return named
    }
}
