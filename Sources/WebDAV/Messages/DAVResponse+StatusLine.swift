extension DAVResponse {
    /// The DAV:status text of a status inside a multistatus (RFC 4918 §14.28).
    public static func statusLine(_ status: Int) -> String {
        let reason: String
        switch status {
        case 200: reason = "OK"
        case 400: reason = "Bad Request"
        case 403: reason = "Forbidden"
        case 404: reason = "Not Found"
        case 409: reason = "Conflict"
        case 412: reason = "Precondition Failed"
        case 424: reason = "Failed Dependency"
        case 500: reason = "Internal Server Error"
        case 507: reason = "Insufficient Storage"
        default: reason = "Error"
        }
        return "HTTP/1.1 \(status) \(reason)"
    }
}
