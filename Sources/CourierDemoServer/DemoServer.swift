import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// An httpbin-like HTTP/1.1 server on Hummingbird 2 for Courier's integration tests,
/// demo workspace and benchmarks.
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
    /// How long ``stop()`` lets in-flight responses finish before cutting them off.
    static let shutdownGracePeriod: Duration = .seconds(2)

    private let state: DemoServerState
    private let serviceGroup: ServiceGroup
    private let runTask: Task<Void, any Error>

    private init(host: String, port: Int, state: DemoServerState, serviceGroup: ServiceGroup, runTask: Task<Void, any Error>) {
        self.host = host
        self.port = port
        self.state = state
        self.serviceGroup = serviceGroup
        self.runTask = runTask
    }

    /// Starts on host:port (port 0 = any free port) in-process and returns once it is listening.
    ///
    /// - Throws: the bind error when the server cannot listen (e.g. the port is taken).
    public static func start(host: String = "127.0.0.1", port: Int = 0) async throws -> DemoServer {
        let state = DemoServerState()
        let (boundPorts, boundPortSink) = AsyncStream.makeStream(of: Int.self)
        let application = makeApplication(host: host, port: port, state: state) { boundPort in
            boundPortSink.yield(boundPort)
        }
        let serviceGroup = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: [], logger: application.logger)
        )
        let runTask = Task {
            defer { boundPortSink.finish() }
            try await serviceGroup.run()
        }
        var ports = boundPorts.makeAsyncIterator()
        guard let boundPort = await ports.next() else {
            try await runTask.value  // rethrows why the server stopped before listening
            throw DemoServerStoppedBeforeListening()
        }
        return DemoServer(host: host, port: boundPort, state: state, serviceGroup: serviceGroup, runTask: runTask)
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
        await serviceGroup.triggerGracefulShutdown()
        let runTask = self.runTask
        let deadline = Task {
            try await Task.sleep(for: DemoServer.shutdownGracePeriod)
            runTask.cancel()
        }
        _ = await runTask.result
        deadline.cancel()
    }

    /// Requests seen so far (method, path, query string, headers incl. Range/If-Range),
    /// newest last; only the last 1000 are kept.
    public var requestLog: [DemoServer.LoggedRequest] {
        state.requestLog.snapshot
    }

    /// Runs until SIGINT/SIGTERM (graceful), calling onListening(port) once bound. For `courier serve`.
    public static func run(host: String, port: Int, onListening: @escaping @Sendable (Int) -> Void) async throws {
        let application = makeApplication(host: host, port: port, state: DemoServerState(), onListening: onListening)
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

    private static func makeApplication(
        host: String,
        port: Int,
        state: DemoServerState,
        onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "courier.demo-server")
        logger.logLevel = .warning
        return Application(
            router: DemoRouter.make(state: state),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "CourierDemo"),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}

/// Thrown by ``DemoServer/start(host:port:)`` when the server ended without listening.
struct DemoServerStoppedBeforeListening: Error {}
