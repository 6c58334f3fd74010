import Courier
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
#if DemoTLS
import NIOSSL
#endif

/// A WebSocket through the proxy. libcurl (Debian's 7.88) speaks no WebSocket, so the upgrade
/// goes to the server over a connection of the proxy's own (TCP, or TLS for `wss://`, verified
/// as the forwarder verifies), and once sent, bytes flow both ways untouched until either side
/// closes. The exchange is recorded when the server's answer (`101`) has passed, with the
/// URL as `ws://` or `wss://`: a WebSocket session request in the workspace.
extension ProxyConnectionHandler {
    func passThroughUpgrade(_ context: ChannelHandlerContext, head: HTTPRequestHead, body: ByteBuffer, url: String) {
        guard let parts = URLComponents(string: url), let host = parts.host, let scheme = parts.scheme?.lowercased() else {
            respond(context, status: .badRequest, text: "courier record: \(url) is not a URL to upgrade\n", keepAlive: false)
            return
        }
        let secure = scheme == "https"
        let port = parts.port ?? (secure ? 443 : 80)
        var target = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        if let query = parts.percentEncodedQuery { target += "?" + query }
        var request = "\(head.method.rawValue) \(target) HTTP/1.1\r\n"
        for header in head.headers where !["proxy-connection", "proxy-authorization"].contains(header.name.lowercased()) {
            request += "\(header.name): \(header.value)\r\n"
        }
        request += "\r\n"
        let exchange = RecordedExchange(date: Date(), method: head.method.rawValue, url: (secure ? "wss" : "ws") + url.drop { $0 != ":" },
                                        httpVersion: "HTTP/1.1",
                                        requestHeaders: head.headers.map { RecordedExchange.Header(name: $0.name, value: $0.value) },
                                        requestBody: Data())
        // This connection answers nothing more itself: from here it is a pipe.
        open = false
        let pipeline = context.pipeline.syncOperations
        pipeline.removeHandler(name: Self.encoderName, promise: nil)
        pipeline.removeHandler(name: Self.decoderName, promise: nil)
        let core = core, began = Date()
        let deliver: @Sendable ((status: Int, headers: [(name: String, value: String)])?) -> Void = { answer in
            var recorded = exchange
            recorded.durationMs = Date().timeIntervalSince(began) * 1000
            if let answer {
                recorded.status = answer.status
                recorded.responseHeaders = answer.headers.map { RecordedExchange.Header(name: $0.name, value: $0.value) }
            } else {
                recorded.error = "the server closed the connection before it answered the upgrade"
            }
            core.deliver(recorded)
        }
        #if DemoTLS
        let tls = secure ? core.upstreamTLS : nil
        #endif
        let bootstrap = ClientBootstrap(group: context.eventLoop).channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                #if DemoTLS
                if let tls {
                    // An address is no server name (SNI): the certificate is checked against the CAs, not the name.
                    let name = host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: name))
                }
                #endif
                try channel.pipeline.syncOperations.addHandler(UpgradeHeadReader(onHead: deliver))
            }
        }
        #if !DemoTLS
        if secure {
            deliver(nil)
            context.close(promise: nil)
            return
        }
        #endif
        let client = context.channel
        // Nothing is read from the client until the pipe is made (it waits for the 101 anyway).
        client.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in }
        bootstrap.connect(host: host, port: port).assumeIsolated().whenComplete { result in
            switch result {
            case .success(let upstream):
                let (near, far) = GlueHandler.matchedPair()
                do {
                    try client.pipeline.syncOperations.addHandler(near)
                    try upstream.pipeline.syncOperations.addHandler(far)
                    var bytes = upstream.allocator.buffer(string: request)
                    var rest = body
                    bytes.writeBuffer(&rest)
                    upstream.writeAndFlush(bytes, promise: nil)
                    client.pipeline.syncOperations.removeHandler(self, promise: nil)
                    client.setOption(ChannelOptions.autoRead, value: true).whenComplete { _ in }
                } catch {
                    upstream.close(promise: nil)
                    client.close(promise: nil)
                }
            case .failure(let error):
                var failed = exchange
                failed.error = "cannot reach \(host):\(port): \(error)"
                core.deliver(failed)
                let text = "courier record: cannot reach \(host):\(port) for the upgrade: \(error)\n"
                client.writeAndFlush(ByteBuffer(string: "HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain; charset=utf-8\r\n"
                                                + "Content-Length: \(text.utf8.count)\r\nConnection: close\r\n\r\n" + text))
                    .assumeIsolated().whenComplete { _ in client.close(promise: nil) }
            }
        }
    }
}
