import Hummingbird
import NIOCore
import Synchronization

/// The request context of every route: Hummingbird's core, the client's address (which
/// rate limits count by and the log shows; a trusted proxy's word for it, see
/// ``ObservabilityMiddleware``) and who signed in, for the log line.
struct JadwalRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    /// The client's IP address as text ("unknown" when the socket has none).
    var clientAddress: String
    /// Who the request was made by, once known.
    let identity = RequestIdentity()

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        clientAddress = remoteAddress?.ipAddress ?? "unknown"
    }
}

/// The user a request was made by, noted where the request is authenticated and read
/// when it is logged.
final class RequestIdentity: Sendable {
    private let name = Mutex<String?>(nil)

    var user: String? {
        get { name.withLock { $0 } }
        set { name.withLock { $0 = newValue } }
    }
}
