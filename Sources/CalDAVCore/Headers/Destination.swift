import WebDAV

extension CalDAVAdapter {
    /// The Destination header of COPY and MOVE (RFC 4918 §10.3), resolved to a path of the
    /// principal's own tree; a path outside the principal's resources gets 403.
    func destination(of request: DAVRequest, context: DAVContext) throws(DAVError) -> DAVPath {
        guard let path = DAVPath(try request.destinationPath()), path.user != nil, context.mayReach(path) else {
            throw DAVError.forbidden("the destination must be one of your own calendars or collections")
        }
        return path
    }
}
