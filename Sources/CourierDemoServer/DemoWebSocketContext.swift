import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of `/ws` upgrade requests (``WebSocketRoutes``): Hummingbird's
/// reference to the WebSocket handler, and the connection's `Channel`, which `?dropAfter=`
/// closes to end a session without a close frame.
struct DemoWebSocketContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The connection the upgrade request arrived on (the WebSocket's after the upgrade).
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.webSocket = .init()
        self.channel = source.channel
    }
}
