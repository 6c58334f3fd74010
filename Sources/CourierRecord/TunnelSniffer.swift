import NIOCore
#if DemoTLS
import NIOSSL
#endif

/// The first bytes a client sends inside a `CONNECT` tunnel decide what it is: a TLS handshake
/// (HTTPS: decrypted with a certificate for the host from the recording CA) or plain HTTP (a
/// WebSocket client that tunnels `ws://`, as Python's websockets does through any proxy).
/// Then the tunnel reads requests as a connection does, and this handler leaves.
final class TunnelSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let core: ProxyCore
    private let target: TunnelTarget

    init(core: ProxyCore, target: TunnelTarget) {
        self.core = core
        self.target = target
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let pipeline = context.pipeline.syncOperations
        do {
            var handlers: [(name: String?, handler: ChannelHandler)] = []
            let origin: String
            if buffer.getInteger(at: buffer.readerIndex, as: UInt8.self) == 0x16 {
                #if DemoTLS
                guard let authority = core.authority else { throw RecordingAuthorityError(description: "no CA for HTTPS") }
                handlers.append((nil, NIOSSLServerHandler(context: try authority.serverContext(for: target.host))))
                origin = target.origin(secure: true)
                #else
                throw RecordingAuthorityError(description: "this build records no HTTPS (built without the DemoTLS trait)")
                #endif
            } else {
                origin = target.origin(secure: false)
            }
            handlers += ProxyConnectionHandler.httpHandlers(core: core, tunnelOrigin: origin)
            var after: ChannelHandler = self
            for (name, handler) in handlers {
                try pipeline.addHandler(handler, name: name, position: .after(after))
                after = handler
            }
            context.fireChannelRead(data)
            pipeline.removeHandler(context: context, promise: nil)
        } catch {
            context.close(promise: nil)
        }
    }
}
