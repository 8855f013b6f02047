import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's core plus the client's address,
/// which rate limits count by.
struct JadwalRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text ("unknown" when the socket has none).
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
