import Courier
import CourierDemoServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
#if DemoTLS
import HummingbirdHTTP2
#endif

/// A ``MockService`` on HTTP: HTTP/1.1 on loopback by default; with ``Transport/tls`` over
/// TLS with HTTP/2 by ALPN (a CA made at start, its file in ``caFile``), with
/// ``Transport/http2`` HTTP/2 without TLS (prior knowledge).
public final class MockServer: Sendable {
    public enum Transport: Sendable {
        case http1
        case http2
        case tls
    }

    /// The most bytes of a call's body the mock reads.
    public static let maximumBodyBytes = 16 << 20

    public let service: MockService
    /// `http://127.0.0.1:4010` or `https://…`.
    public let baseURL: String
    public let port: Int
    /// With ``Transport/tls``: the CA file clients trust.
    public let caFile: String?
    private let group: ListeningGroup
    private let cleanUp: @Sendable () -> Void

    private init(service: MockService, baseURL: String, port: Int, caFile: String?, group: ListeningGroup, cleanUp: @escaping @Sendable () -> Void) {
        self.service = service
        self.baseURL = baseURL
        self.port = port
        self.caFile = caFile
        self.group = group
        self.cleanUp = cleanUp
    }

    /// Starts serving `service` on `host:port` (0: a free port) and returns once it listens.
    public static func start(_ service: MockService, host: String = "127.0.0.1", port: Int = 0, transport: Transport = .http1) async throws -> MockServer {
        var logger = Logger(label: "courier.mock")
        logger.logLevel = .warning
        let server: HTTPServerBuilder
        var caFile: String?
        var cleanUp: @Sendable () -> Void = {}
        switch transport {
        case .http1:
            server = .http1()
        case .http2, .tls:
            #if DemoTLS
            if transport == .tls {
                let tls = try LoopbackServerTLS()
                server = try .http2Upgrade(tlsConfiguration: tls.configuration)
                caFile = tls.caFile
                cleanUp = { tls.remove() }
            } else {
                server = .plaintextHTTP2()
            }
            #else
            throw MockSetupError(description: "this build has no TLS or HTTP/2 listeners (built without the DemoTLS trait)")
            #endif
        }
        let responder = MockResponder(service: service)
        let group = try await ListeningGroup.start(count: 1, logger: logger) { onListening in
            [Application(responder: responder, server: server,
                         configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "CourierMock"),
                         onServerRunning: { channel in onListening(0, channel.localAddress?.port ?? port) }, logger: logger)]
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let scheme = transport == .tls ? "https" : "http"
        return MockServer(service: service, baseURL: "\(scheme)://\(shownHost):\(group.ports[0])", port: group.ports[0], caFile: caFile,
                          group: group, cleanUp: cleanUp)
    }

    /// Stops listening; calls in flight get a second to finish. Removes the CA file.
    public func stop() async {
        await group.stop(gracePeriod: .seconds(1))
        cleanUp()
    }
}

/// Every call: its body read, the service's answer, the delay waited, then sent and recorded.
struct MockResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let service: MockService

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: MockServer.maximumBodyBytes)
        } catch is NIOTooManyBytesError {
            return Response(status: .contentTooLarge, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(string: "{\"error\":\"the mock reads bodies up to 16 MiB\"}")))
        }
        let incoming = MockIncoming(method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "",
                                    headers: request.headers.map { ($0.name.rawName, $0.value) }, body: Data(body.readableBytesView))
        let reply = service.answer(incoming)
        if reply.delayMilliseconds > 0 { try await Task.sleep(for: .milliseconds(reply.delayMilliseconds)) }
        var fields = HTTPFields()
        for (name, value) in reply.headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        service.record(reply.call)
        return Response(status: HTTPResponse.Status(code: reply.status), headers: fields,
                        body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
}
