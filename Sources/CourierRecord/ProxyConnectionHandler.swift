import Courier
import Foundation
import NIOCore
import NIOHTTP1

/// One client connection to `courier record`'s proxy. A request in absolute form
/// (`GET http://host/path`) is forwarded (``UpstreamForwarder``), recorded and answered; a
/// `CONNECT host:443` is answered `200` and the connection becomes TLS with a certificate for
/// that host from ``RecordingAuthority``, inside which requests in origin form go to
/// `https://host`. Requests are answered in order, one forwarded at a time.
final class ProxyConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The pipeline's names for the HTTP handlers, so that a tunnel can take them out.
    static let decoderName = "courier-record-http-decoder"
    static let encoderName = "courier-record-http-encoder"

    let core: ProxyCore
    /// Inside a `CONNECT` tunnel: the origin its requests go to (`https://host:8443`).
    private let tunnelOrigin: String?
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var tooLarge = false
    /// Requests read while one is being forwarded (a client that pipelines).
    private var waiting: [(head: HTTPRequestHead, body: ByteBuffer)] = []
    private var forwarding = false
    var open = true
    /// The request being forwarded, stopped when the client leaves.
    private var upstream: ConfigurableRequest?
    /// Whether the response being forwarded has begun to stream to the client.
    private var streaming = false

    init(core: ProxyCore, tunnelOrigin: String? = nil) {
        self.core = core
        self.tunnelOrigin = tunnelOrigin
    }

    /// The handlers a fresh HTTP/1.1 connection (or a tunnel once TLS is up) reads requests with.
    static func httpHandlers(core: ProxyCore, tunnelOrigin: String?) -> [(name: String?, handler: ChannelHandler)] {
        [(decoderName, ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes))),
         (encoderName, HTTPResponseEncoder()),
         (nil, ProxyConnectionHandler(core: core, tunnelOrigin: tunnelOrigin))]
    }

    func channelInactive(context: ChannelHandlerContext) {
        open = false
        upstream?.stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        open = false
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let received):
            head = received
            body.clear()
            tooLarge = false
        case .body(var chunk):
            if body.readableBytes + chunk.readableBytes > ProxyCore.maximumBodyBytes {
                tooLarge = true
            } else {
                body.writeBuffer(&chunk)
            }
        case .end:
            guard let received = head else { return }
            head = nil
            if tooLarge {
                respond(context, status: .payloadTooLarge, text: "courier record: request bodies over \(ProxyCore.maximumBodyBytes >> 20) MiB are not recorded\n",
                        keepAlive: false)
            } else if received.method == .CONNECT, tunnelOrigin == nil {
                openTunnel(context, to: received.uri)
            } else {
                waiting.append((received, body))
                body = ByteBuffer()
                forwardNext(context)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// The request's absolute URL: as the client wrote it to a proxy, or in a tunnel the
    /// tunnel's origin and the path. Nil for a request to the proxy itself.
    private func targetURL(_ head: HTTPRequestHead) -> String? {
        if let tunnelOrigin { return head.uri.hasPrefix("/") ? tunnelOrigin + head.uri : nil }
        let lower = head.uri.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") ? head.uri : nil
    }

    private func forwardNext(_ context: ChannelHandlerContext) {
        guard !forwarding, open, !waiting.isEmpty else { return }
        let (head, body) = waiting.removeFirst()
        guard let url = targetURL(head) else {
            respond(context, status: .badRequest, text: ProxyCore.notAProxyRequest, keepAlive: head.isKeepAlive)
            forwardNext(context)
            return
        }
        if head.headers["upgrade"].first?.lowercased() == "websocket" {
            passThroughUpgrade(context, head: head, body: body, url: url)
            return
        }
        forwarding = true
        let exchange = RecordedExchange(date: Date(), method: head.method.rawValue, url: url,
                                        httpVersion: "HTTP/\(head.version.major).\(head.version.minor)",
                                        requestHeaders: head.headers.map { RecordedExchange.Header(name: $0.name, value: $0.value) },
                                        requestBody: Data(body.readableBytesView))
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let core = core
        let keepAlive = head.isKeepAlive, isHead = head.method == .HEAD
        Task {
            var exchange = exchange
            await core.forwarder.forward(&exchange, started: { request in
                bound.eventLoop.execute { bound.value.handler.upstream = request }
            }, chunk: { head, data in
                bound.eventLoop.execute {
                    let (handler, context) = bound.value
                    handler.stream(data, head: head, keepAlive: keepAlive, context: context)
                }
            })
            core.deliver(exchange)
            let finished = exchange
            bound.eventLoop.execute {
                let (handler, context) = bound.value
                handler.upstream = nil
                handler.forwarding = false
                if handler.streaming {
                    // A stream cut short upstream is cut short here too: no last chunk.
                    handler.streaming = false
                    if finished.error == nil { handler.finish(context, keepAlive: keepAlive) } else { context.close(promise: nil) }
                } else {
                    handler.answer(finished, keepAlive: keepAlive, isHead: isHead, context: context)
                }
                handler.forwardNext(context)
            }
        }
    }

    /// A part of the body as it arrives: the head first (without a length: HTTP/1.1 chunked), then each part.
    private func stream(_ data: Data, head: ResponseHead, keepAlive: Bool, context: ChannelHandlerContext) {
        guard open else { return }
        if !streaming {
            streaming = true
            var headers = HTTPHeaders()
            for field in head.headers where !UpstreamForwarder.droppedResponseHeaders.contains(field.name.rawName.lowercased()) {
                headers.add(name: field.name.rawName, value: field.value)
            }
            if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: head.statusCode),
                                                                 headers: headers))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: data)))), promise: nil)
    }

    /// Hands the server's response to the client: its status and headers (less the framing
    /// the proxy sets and the encoding the engine took off) and its body.
    private func answer(_ exchange: RecordedExchange, keepAlive: Bool, isHead: Bool, context: ChannelHandlerContext) {
        guard open else { return }
        guard let status = exchange.status else {
            respond(context, status: .badGateway, text: "courier record: \(exchange.url): \(exchange.error ?? "no response")\n", keepAlive: keepAlive)
            return
        }
        var headers = HTTPHeaders()
        for header in exchange.responseHeaders where !UpstreamForwarder.droppedResponseHeaders.contains(header.name.lowercased()) {
            headers.add(name: header.name, value: header.value)
        }
        let bodiless = isHead || status == 204 || status == 304 || (100..<200).contains(status)
        if !bodiless {
            headers.replaceOrAdd(name: "Content-Length", value: String(exchange.responseBody.count))
        } else if isHead, let length = exchange.responseHeader("Content-Length"), exchange.responseHeader("Content-Encoding") == nil {
            // A HEAD answer says the size the GET would have (when the body is not re-encoded).
            headers.replaceOrAdd(name: "Content-Length", value: length)
        }
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !bodiless, !exchange.responseBody.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: exchange.responseBody)))), promise: nil)
        }
        finish(context, keepAlive: keepAlive)
    }

    /// A response of the proxy's own: a short text.
    func respond(_ context: ChannelHandlerContext, status: HTTPResponseStatus, text: String, keepAlive: Bool) {
        guard open else { return }
        var headers = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", String(text.utf8.count))])
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
        finish(context, keepAlive: keepAlive)
    }

    private func finish(_ context: ChannelHandlerContext, keepAlive: Bool) {
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive { written.assumeIsolated().whenComplete { _ in context.close(promise: nil) } }
    }

    /// `CONNECT host:port`: `200`, then whatever the client speaks inside (``TunnelSniffer``):
    /// TLS as `host` with a certificate the recording CA issues for it, or plain HTTP.
    private func openTunnel(_ context: ChannelHandlerContext, to authority: String) {
        guard let target = TunnelTarget(authority) else {
            respond(context, status: .badRequest, text: "courier record: CONNECT wants host:port, not \(authority)\n", keepAlive: false)
            return
        }
        let pipeline = context.pipeline.syncOperations
        do {
            pipeline.removeHandler(name: Self.encoderName, promise: nil)
            pipeline.removeHandler(name: Self.decoderName, promise: nil)
            context.writeAndFlush(NIOAny(ByteBuffer(string: "HTTP/1.1 200 Connection established\r\n\r\n")), promise: nil)
            try pipeline.addHandler(TunnelSniffer(core: core, target: target), position: .last)
            open = false
            pipeline.removeHandler(context: context, promise: nil)
        } catch {
            context.close(promise: nil)
        }
    }
}

/// `host:port` of a `CONNECT`, and the origin its requests are sent to.
struct TunnelTarget {
    var host: String
    var port: Int

    init?(_ authority: String) {
        let text = authority.hasPrefix("[") ? authority.dropFirst() : Substring(authority)
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65_535).contains(port) else { return nil }
        var host = text[..<colon]
        if host.hasSuffix("]") { host = host.dropLast() }
        guard !host.isEmpty else { return nil }
        self.host = String(host)
        self.port = port
    }

    /// `https://host` (`:port` unless 443) or `http://host` (`:port` unless 80), IPv6 hosts in brackets.
    func origin(secure: Bool) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return (secure ? "https://" : "http://") + shown + (port == (secure ? 443 : 80) ? "" : ":\(port)")
    }
}
