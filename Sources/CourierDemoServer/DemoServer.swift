import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// An httpbin-like HTTP/1.1 server on Hummingbird 2 for Courier's integration tests,
/// demo workspace and benchmarks; on request also over TLS with HTTP/2 (``tls``).
///
/// ```swift
/// let server = try await DemoServer.start()          // 127.0.0.1, any free port
/// let url = server.baseURL + "/bytes/1048576?seed=7"  // or /get, /drop?after=1000&bytes=5000, ...
/// // ... run requests against url ...
/// await server.stop()
/// ```
///
/// Each instance keeps its own in-memory state (counters, `/mutable` revisions, login
/// tokens, request log).
public final class DemoServer: Sendable {
    /// The host the server was asked to listen on.
    public let host: String
    /// The port the server is listening on (the real one when started with port 0).
    public let port: Int
    /// How long ``stop()`` lets in-flight responses finish before cutting them off. Cutting
    /// off cancels the server's task, and connections accepted but still waiting in NIO's
    /// buffer then trap the process ("Deinited NIOAsyncWriter without calling finish()",
    /// apple/swift-nio#2813): a test process crashed so when a load run left a starved server
    /// 200 connections to drain in 2 s. The graceful shutdown drains them; 5 s gives a loaded
    /// machine room to, and cutting off stays for responses that would never end.
    static let shutdownGracePeriod: Duration = .seconds(5)

    /// The TLS listeners, when ``start(host:port:tls:)`` was asked for them and they started.
    public var tls: DemoTLSEndpoints? { tlsListeners?.endpoints }
    /// Why the TLS listeners asked for did not start (the plain listener runs all the same).
    public let tlsFailure: String?

    private let state: DemoServerState
    private let group: ListeningGroup
    private let tlsListeners: DemoTLSListeners?

    private init(host: String, state: DemoServerState, group: ListeningGroup, tlsListeners: DemoTLSListeners?, tlsFailure: String?) {
        self.host = host
        self.port = group.ports[0]
        self.state = state
        self.group = group
        self.tlsListeners = tlsListeners
        self.tlsFailure = tlsFailure
    }

    /// Starts on host:port (port 0 = any free port) in-process and returns once it is listening.
    ///
    /// - Parameter tls: also start the TLS listeners (``tls``) on free ports, with a CA made
    ///   now; when they cannot start, the server runs without them and ``tlsFailure`` says why
    ///   (as in a build without the DemoTLS trait, which has none).
    /// - Throws: the bind error when the server cannot listen (e.g. the port is taken).
    /// `webSockets`: the plain listener also upgrades `/ws` to WebSocket (``WebSocketRoutes``);
    /// off, it is plain HTTP/1.1 and `/ws` answers 426. On for the binary's embedded server and
    /// the WebSocket tests; off for the rest: hummingbird-websocket's upgrade channel neither
    /// answers nor closes a connection whose first bytes are no request head (a TLS hello, a
    /// head over the limits), and a stop waits for it forever (the fault tests hung on it).
    ///   `plainListening` is called with the plain listener's port as soon as it listens, before
    ///   the TLS listeners start (which takes longer: a CA and keys are made first).
    public static func start(host: String = "127.0.0.1", port: Int = 0, tls: Bool = false,
                             webSockets: Bool = false, plainListening: (@Sendable (Int) -> Void)? = nil) async throws -> DemoServer {
        try await start(host: host, port: port, tlsFilesIn: tls ? DemoTLSFiles.temporaryDirectory : nil, webSockets: webSockets,
                        plainListening: plainListening)
    }

    /// ``start(host:port:tls:)`` with the TLS listeners' files in a new directory under `parent`.
    static func start(host: String, port: Int, tlsFilesIn parent: String?, webSockets: Bool = false,
                      plainListening: (@Sendable (Int) -> Void)? = nil) async throws -> DemoServer {
        let state = DemoServerState()
        let group = try await ListeningGroup.start(count: 1, logger: logger) { onListening in
            [makeApplication(host: host, port: port, state: state, server: webSockets ? nil : .http1()) { onListening(0, $0) }]
        }
        plainListening?(group.ports[0])
        guard let parent else { return DemoServer(host: host, state: state, group: group, tlsListeners: nil, tlsFailure: nil) }
        do {
            let listeners = try await DemoTLSListeners.start(host: host, state: state, filesIn: parent)
            return DemoServer(host: host, state: state, group: group, tlsListeners: listeners, tlsFailure: nil)
        } catch {
            return DemoServer(host: host, state: state, group: group, tlsListeners: nil, tlsFailure: "\(error)")
        }
    }

    /// `"http://127.0.0.1:PORT"` (an IPv6 host is put in brackets).
    public var baseURL: String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }

    /// Stops the server and waits until it has shut down (idempotent).
    ///
    /// The listener closes at once and idle connections are closed; responses still in
    /// flight get ``shutdownGracePeriod`` to finish before they are cut off.
    public func stop() async {
        await group.stop(gracePeriod: Self.shutdownGracePeriod)
        await tlsListeners?.stop()
    }

    /// Requests seen so far (method, path, query string, headers incl. Range/If-Range),
    /// newest last; only the last 1000 are kept.
    public var requestLog: [DemoServer.LoggedRequest] {
        state.requestLog.snapshot
    }

    /// Runs until SIGINT/SIGTERM (graceful), calling onListening(port) once bound. For `courier serve`.
    ///
    /// - Parameters:
    ///   - webSockets: upgrade `/ws` to WebSocket (as ``start(host:port:tls:webSockets:)`` says);
    ///     off, plain HTTP/1.1.
    ///   - exposesRequestLog: `GET /__requests` answers with the request log as JSON — for
    ///     tests that run the server in a process of their own (the engine's tests under TSan).
    public static func run(host: String, port: Int, webSockets: Bool = true, exposesRequestLog: Bool = false,
                           onListening: @escaping @Sendable (Int) -> Void) async throws {
        let application = makeApplication(host: host, port: port, state: DemoServerState(exposesRequestLog: exposesRequestLog),
                                          server: webSockets ? nil : .http1(), onListening: onListening)
        try await application.runService()
    }

    /// The deterministic byte stream served by /bytes and /drop, so tests can verify
    /// content without a second download: bytes `[offset, offset+count)` of the stream
    /// for `seed`.
    ///
    /// Byte `i` is byte `i % 8` (little-endian) of SplitMix64's output for the state
    /// `seed &+ (i / 8 &+ 1) &* 0x9E3779B97F4A7C15`.
    public static func deterministicBytes(count: Int, seed: UInt64, offset: Int = 0) -> [UInt8] {
        DeterministicByteStream.bytes(count: count, seed: seed, offset: offset)
    }

    /// Only warnings: the demo server runs under the workbench's screen.
    static var logger: Logger {
        var logger = Logger(label: "courier.demo-server")
        logger.logLevel = .warning
        return logger
    }

    /// The demo routes on `state`, served by `server`: by default HTTP/1.1 with `/ws` upgraded
    /// to WebSocket (``WebSocketRoutes``); the TLS listeners pass HTTP/2 over TLS.
    static func makeApplication(
        host: String,
        port: Int,
        state: DemoServerState,
        server: HTTPServerBuilder? = nil,
        onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        Application(
            responder: DemoRouter.responder(for: state),
            server: server ?? WebSocketRoutes.server(state: state),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "CourierDemo"),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}

/// Thrown by ``DemoServer/start(host:port:tls:)`` when the server ended without listening.
struct DemoServerStoppedBeforeListening: Error {}
