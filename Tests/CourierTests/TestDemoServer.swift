import Courier
import Foundation
#if canImport(CourierDemoServer)
import CourierDemoServer
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The demo server one test talks to. In the root package's test build it is `DemoServer`
/// in this process. The TSan package (`make test-tsan`) builds neither Hummingbird nor
/// SwiftNIO — they were most of its sanitized build, and the engine is what it checks — so
/// there it is `courier serve` from the root package's debug build, in a process of its own,
/// whose request log the tests read over HTTP (`--request-log`).
final class TestDemoServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    let port: Int
    #if canImport(CourierDemoServer)
    private let server: DemoServer
    #else
    private let child: ChildProcess
    #endif

    /// `http://127.0.0.1:PORT`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Bytes `[offset, offset + count)` of what `/bytes` and `/drop` serve for `seed`.
    static func deterministicBytes(count: Int, seed: UInt64, offset: Int = 0) -> [UInt8] {
        DeterministicByteStream.bytes(count: count, seed: seed, offset: offset)
    }

    /// A request the server received: method, path, query string and header fields.
    struct ServedRequest: Decodable, Equatable {
        let method: String
        let path: String
        let query: String
        let headers: [[String]]

        /// The value of header `name` (any case); repeated fields joined with ", ".
        func header(_ name: String) -> String? {
            let values = headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
    }

    #if canImport(CourierDemoServer)
    private init(_ server: DemoServer) {
        self.server = server
        port = server.port
    }

    /// Starts a server on a free port and returns once it listens.
    static func start() async throws -> TestDemoServer {
        TestDemoServer(try await DemoServer.start())
    }

    /// The requests it received so far, oldest first.
    func requestLog() async throws -> [ServedRequest] {
        server.requestLog.map { entry in
            ServedRequest(method: entry.method, path: entry.path, query: entry.query, headers: entry.headers.map { [$0.name, $0.value] })
        }
    }

    /// Stops it and waits until it has.
    func stop() async {
        await server.stop()
    }
    #else
    private init(port: Int, child: ChildProcess) {
        self.port = port
        self.child = child
    }

    /// The root package's debug build of `courier` (`swift build --build-tests`, `make test`).
    private static let courier = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/debug/courier").path

    /// Starts `courier serve` on a free port and returns once it says where it listens.
    static func start() async throws -> TestDemoServer {
        guard FileManager.default.isExecutableFile(atPath: courier) else {
            throw ServerProblem("the engine's tests under TSan run `courier serve` from the root package's debug build, and "
                                + "\(courier) is missing: run `swift build --build-tests` (or `make test`) in the root first")
        }
        let (port, child) = try await ServeProcess.start([courier, "serve", "--port", "0", "--request-log", "--no-websockets"])
        return TestDemoServer(port: port, child: child)
    }

    /// The requests it received so far, oldest first (`GET /__requests`).
    func requestLog() async throws -> [ServedRequest] {
        let request = ConfigurableRequest(baseURL + "/__requests")
        request.definition.responseSerializer = .raw
        request.agent = NetworkAgent(config: NetworkConfig())
        try await request.run()
        return try JSONDecoder().decode([ServedRequest].self, from: request.responseData ?? Data())
    }

    /// Stops it (SIGTERM: a graceful stop) and reaps it on a thread of its own.
    func stop() async {
        kill(child.pid, SIGTERM)
        let child = child
        Thread { _ = child.wait() }.start()
    }
    #endif
}

/// Why a test's server could not start.
struct ServerProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
