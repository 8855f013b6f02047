import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// The HTTP/1.1 connection of jadwald for Hummingbird's server: NIO's HTTP/1 codec, the
/// connection limits of a ``ConnectionRegistry``, and one ``HTTPConnectionHandler`` that
/// answers every request (DAV and the router's alike).
struct JadwalHTTP1Channel: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let channel: any Channel
    }

    let services: HTTPConnectionHandler.Services
    let connections: ConnectionRegistry
    let decoderLimits: NIOHTTPDecoderLimitConfiguration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let (services, connections, limits) = (self.services, self.connections, self.decoderLimits)
        return channel.eventLoop.makeCompletedFuture {
            let operations = channel.pipeline.syncOperations
            // Requests are answered one at a time by the handler, which keeps their order.
            try operations.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false,
                                                       withOutboundHeaderValidation: false, withEncoderConfiguration: .init(),
                                                       withDecoderLimitConfiguration: limits)
            let timer = ConnectionTimer(registry: connections)
            try operations.addHandler(ConnectionBytesHandler(timer: timer), position: .first)
            try operations.addHandler(HTTPConnectionHandler(services: services, timer: timer))
            return Value(channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        // The handler does the work on the channel's event loop; this task only outlives it.
        try? await value.channel.closeFuture.get()
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 answered by ``HTTPConnectionHandler`` (Hummingbird's own responder, which
    /// writes through an async channel, is not used), within `connections`' limits.
    static func jadwalHTTP1(_ services: HTTPConnectionHandler.Services, connections: ConnectionRegistry) -> HTTPServerBuilder {
        .init { _ in JadwalHTTP1Channel(services: services, connections: connections, decoderLimits: NIOHTTPDecoderLimitConfiguration()) }
    }
}
