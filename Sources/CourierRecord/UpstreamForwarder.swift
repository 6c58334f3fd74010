import Courier
import Foundation
import HTTPTypes
import Synchronization

/// Sends what the proxy received on to its server through the engine (libcurl): the method,
/// the URL and the body as they were, the headers less the hop-by-hop ones; no redirect
/// followed (the client sees the 3xx), no cache, no cookie jar (the client keeps its own),
/// every status a response. TLS to the server is verified — against the system's CAs, or
/// ``caFile`` when given.
struct UpstreamForwarder: Sendable {
    /// A PEM file of CAs trusted for the servers instead of the system's.
    var caFile: String?
    var timeout: TimeInterval = 120

    /// Request headers that concern the hop to the proxy, not the server; `Accept-Encoding`
    /// is the engine's (it decodes what it asked for), `Content-Length` and `Host` libcurl's.
    static let hopByHop: Set<String> = [
        "connection", "proxy-connection", "keep-alive", "proxy-authorization", "te", "trailer", "transfer-encoding",
        "upgrade", "host", "content-length", "accept-encoding", "expect",
    ]

    /// Response headers the proxy does not pass on: framing it sets itself, and the encoding
    /// of a body the engine has decoded.
    static let droppedResponseHeaders: Set<String> = [
        "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "proxy-connection", "trailer",
    ]

    /// The most bytes of a response body recorded; the client gets the whole body either way.
    static let keptBodyBytes = 16 << 20

    /// Sends `exchange`'s request and fills in its response (or its error). The body is
    /// handed to `chunk` as libcurl delivers it (with the response's head), so that a stream
    /// (server-sent events, NDJSON, a long download) reaches the client as it comes;
    /// `started` gets the request, for the proxy to stop it when its client leaves.
    func forward(_ exchange: inout RecordedExchange, started: @Sendable (ConfigurableRequest) -> Void = { _ in },
                 chunk: @escaping @Sendable (ResponseHead, Data) -> Void = { _, _ in }) async {
        guard let method = HTTPMethod(normalizing: exchange.method) else {
            exchange.error = "\"\(exchange.method)\" is not an HTTP method"
            return
        }
        let headers = exchange.requestHeaders.filter { !Self.hopByHop.contains($0.name.lowercased()) }.map { (name: $0.name, value: $0.value) }
        var settings = RequestSettings()
        settings.customRequest = CustomRequest(url: exchange.url, method: method, headers: headers,
                                               body: exchange.requestBody.isEmpty && !method.sendsBodyByDefault ? nil : exchange.requestBody)
        settings.responseSerializer = .raw
        settings.acceptableStatusCodes = Set(100...999)
        settings.sendsCookies = false
        settings.timeoutInterval = timeout
        settings.transferOptions.maxRedirects = 0
        settings.retryPolicy = RetryPolicy(retryLimit: 0)
        // Every body as raw chunks: handed on as they arrive, the newest 16 MiB kept.
        settings.streamMode = .chunks
        settings.streamLimits = StreamLimits(keptEvents: 1, keptBytes: Self.keptBodyBytes, maximumEventBytes: Self.keptBodyBytes)
        if let caFile { settings.tlsPolicy = TLSPolicy(caFile: caFile) }
        let request = ConfigurableRequest(settings)
        // What streamed, kept here too: a run stopped mid-stream (its client left) has no head.
        let streamed = Mutex<(head: ResponseHead?, body: Data, bytes: Int)>((nil, Data(), 0))
        request.streamEventHandler = { request, event in
            guard event.kind == .chunk, let head = request.streamingResponse ?? request.response else { return }
            streamed.withLock { kept in
                kept.head = kept.head ?? head
                kept.bytes += event.data.count
                if kept.body.count + event.data.count <= Self.keptBodyBytes { kept.body.append(event.data) }
            }
            chunk(head, event.data)
        }
        started(request)
        let began = Date()
        _ = try? await request.run()
        exchange.durationMs = Date().timeIntervalSince(began) * 1000
        exchange.metrics = request.metrics
        let stream = streamed.withLock { $0 }
        guard let head = request.response ?? stream.head else {
            exchange.error = request.error.map { "\($0.code.rawValue) \($0.message)" } ?? "no response"
            return
        }
        exchange.status = head.statusCode
        exchange.responseHTTPVersion = head.httpVersion.isEmpty ? request.metrics?.httpVersion : head.httpVersion
        exchange.responseHeaders = head.headers.map { RecordedExchange.Header(name: $0.name.rawName, value: $0.value) }
        if stream.head != nil {
            exchange.responseBody = stream.body
            if stream.bytes > stream.body.count { exchange.responseBytes = stream.bytes }
        } else {
            exchange.responseBody = request.responseData ?? Data()
        }
        if let error = request.error, error.code != .cancelled { exchange.error = "\(error.code.rawValue) \(error.message)" }
    }
}

private extension HTTPMethod {
    /// Methods whose empty body is still sent as one (`Content-Length: 0`).
    var sendsBodyByDefault: Bool { self == .post || self == .put || self == .patch }
}
