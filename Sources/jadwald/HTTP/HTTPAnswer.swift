import CalDAVCore
import NIOCore
import WebDAV

/// A response ready to be written by ``HTTPConnectionHandler``, whichever responder made it:
/// status, header fields as given (the connection adds Date, Server, Content-Length and
/// Connection) and the body's buffers.
struct HTTPAnswer: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [ByteBuffer]
    /// Who the request was made by, for the log line; `nil` when no one signed in.
    var user: String?
    /// What failed underneath a 5xx answer, for the log line.
    var failure: (any Error)?
    /// Whether the responder logged the request itself (the router's middleware does).
    var isRecorded = false

    var bodyLength: Int { body.reduce(0) { $0 + $1.readableBytes } }

    /// A DAV answer, its buffer sent as it is (one the response cache keeps is shared, not copied).
    init(_ response: DAVResponse, user: String?) {
        status = response.status
        headers = response.headers
        body = response.body.readableBytes == 0 ? [] : [response.body]
        self.user = user
        failure = response.failure
    }

    init(status: Int, headers: [(name: String, value: String)], body: [ByteBuffer], user: String? = nil, failure: (any Error)? = nil,
         isRecorded: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.user = user
        self.failure = failure
        self.isRecorded = isRecorded
    }
}
