import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 channel with a ``DAVChannelHandler`` in its pipeline (DAV
/// requests are answered there, everything else reaches the router as before) and the
/// connection limits of a ``ConnectionRegistry``.
struct DAVHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let makeHandler: @Sendable () -> DAVChannelHandler
    let connections: ConnectionRegistry

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let (makeHandler, connections) = (self.makeHandler, self.connections)
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // Right after NIO's HTTP/1 decoder: before the conversion to HTTPTypes.
            let operations = channel.pipeline.syncOperations
            let codec = try operations.handler(type: HTTP1ToHTTPServerCodec.self)
            let dav = makeHandler()
            try operations.addHandler(dav, position: .before(codec))
            let timer = ConnectionTimer(registry: connections)
            try operations.addHandler(ConnectionPhaseHandler(timer: timer), position: .before(dav))
            try operations.addHandler(ConnectionBytesHandler(timer: timer), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with DAV requests answered in the channel pipeline by handlers from
    /// `makeHandler`, and connections kept within `connections`' limits.
    static func davHTTP1(_ makeHandler: @escaping @Sendable () -> DAVChannelHandler, connections: ConnectionRegistry) -> HTTPServerBuilder {
        .init { responder in
            DAVHTTP1Channel(base: HTTP1Channel(responder: responder), makeHandler: makeHandler, connections: connections)
        }
    }
}
