import WebDAV

extension DAVHandler {
    /// The Destination header of COPY and MOVE (RFC 4918 §10.3), resolved to a path of the
    /// principal's own tree. An absolute URI naming another host gets 502 (§9.8.5); a path
    /// outside the principal's resources gets 403.
    func destination(of request: DAVRequest, context: DAVContext) throws(DAVError) -> DAVPath {
        guard let header = request.header("destination")?.trimmingSpaces, !header.isEmpty else {
            throw DAVError.badRequest("COPY and MOVE need a Destination header")
        }
        if let authority = Self.authorityOfHref(header), let host = request.header("host"), authority.lowercased() != host.lowercased() {
            throw DAVError(status: 502, message: "the destination \(header) is on another server")
        }
        guard let path = DAVPath(Self.pathOfHref(header)), path.user != nil, context.mayReach(path) else {
            throw DAVError.forbidden("the destination must be one of your own calendars or collections")
        }
        return path
    }

    /// The Overwrite header (RFC 4918 §10.6); absent means T.
    func overwrite(of request: DAVRequest) throws(DAVError) -> Bool {
        switch request.header("overwrite")?.trimmingSpaces.uppercased() {
        case nil, "T": return true
        case "F": return false
        default: throw DAVError.badRequest("Overwrite must be T or F")
        }
    }

    /// The authority (`host:port`) of an absolute URI; `nil` for an absolute path.
    static func authorityOfHref(_ href: String) -> String? {
        let text = Substring(href)
        guard !text.hasPrefix("/"), let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return nil }
        let afterScheme = text[text.index(colon, offsetBy: 3)...]
        let authority = afterScheme.prefix { $0 != "/" }
        return String(authority.split(separator: "@").last ?? authority)
    }
}
