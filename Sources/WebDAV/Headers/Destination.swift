extension DAVRequest {
    /// The path of the Destination header of COPY and MOVE (RFC 4918 §10.3), still
    /// percent-encoded. An absolute URI naming another host gets 502 (§9.8.5).
    public func destinationPath() throws(DAVError) -> String {
        guard let header = header("destination")?.trimmingSpaces, !header.isEmpty else {
            throw DAVError.badRequest("COPY and MOVE need a Destination header")
        }
        if let authority = PathSegments.authorityOfHref(header), let host = self.header("host"), authority.lowercased() != host.lowercased() {
            throw DAVError(status: 502, message: "the destination \(header) is on another server")
        }
        return PathSegments.pathOfHref(header)
    }

    /// The Overwrite header (RFC 4918 §10.6); absent means T.
    public func overwrite() throws(DAVError) -> Bool {
        switch header("overwrite")?.trimmingSpaces.uppercased() {
        case nil, "T": return true
        case "F": return false
        default: throw DAVError.badRequest("Overwrite must be T or F")
        }
    }
}
