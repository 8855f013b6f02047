import WebDAV

extension DAVHandler {
    /// OPTIONS (RFC 4918 §9.1, RFC 4791 §5.1): the compliance classes and methods.
    func options() -> DAVResponse {
        DAVResponse(status: 200, headers: [
            ("DAV", "1, 3, calendar-access, extended-mkcol"),
            ("Allow", Self.methods.joined(separator: ", ")),
            ("Content-Length", "0"),
        ])
    }
}
