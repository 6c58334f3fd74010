import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Python's grpcio serving Tests/Fixtures/grpc/places.proto (Tests/Fixtures/servers/
/// grpc_places_server.py): a gRPC implementation nobody here wrote. It picks its own port and
/// says `ready PORT` when it serves. A test that cannot have it is cancelled (reported as
/// skipped) with the reason — scripts/test-servers-bootstrap.sh installs grpcio in the venv.
final class GRPCPlacesServer: @unchecked Sendable {
    let port: Int
    private let child: ChildProcess
    private let log: String
    private let stopped = Atomic<Bool>(false)

    /// `http://127.0.0.1:PORT` (or `https:` when started with TLS).
    let baseURL: String

    private init(port: Int, child: ChildProcess, log: String, tls: Bool) {
        self.port = port
        self.child = child
        self.log = log
        baseURL = "\(tls ? "https" : "http")://127.0.0.1:\(port)"
    }

    deinit { stop() }

    // Symlinks resolved: the TSan package reaches this file through TSan/CourierTests, and
    // CourierProtobufTests through a link of its own.
    private static let tests = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
    private static let script = tests.appendingPathComponent("Fixtures/servers/grpc_places_server.py").path
    /// The test venv's Python (scripts/test-servers-bootstrap.sh), which has grpcio.
    static let python = tests.deletingLastPathComponent().appendingPathComponent(".build/test-venv/bin/python").path

    /// Starts the server with `options` (`--gzip`, `--tls CERT KEY`, `--client-ca CA`) and
    /// waits for its `ready` line (at most 20 s); cancels the test when it cannot start.
    static func required(_ options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws -> GRPCPlacesServer {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            print("skipping: grpcio unavailable: \(python) is missing; run scripts/test-servers-bootstrap.sh")
            try Test.cancel("grpcio unavailable: no test venv (scripts/test-servers-bootstrap.sh)", sourceLocation: sourceLocation)
        }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("grpc-places-\(UUID().uuidString).log").path
        let child = try ChildProcess.start([python, script, "0"] + options, output: log)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, child.isRunning {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ready ") }), let port = Int(line.dropFirst(6)) {
                return GRPCPlacesServer(port: port, child: child, log: log, tls: options.contains("--tls"))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        child.stop()
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: log)
        let reason = "grpc_places_server.py did not start: \(text.suffix(400))"
        print("skipping: \(reason)")
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    }

    /// Stops the server (SIGTERM ends it at once) and removes its log; the exit is reaped on a
    /// thread of its own, not on the concurrency pool the tests beside this one need (Python's
    /// shutdown takes a moment). Safe to call twice.
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        kill(child.pid, SIGTERM)
        let child = child, log = log
        Thread {
            child.wait()
            try? FileManager.default.removeItem(atPath: log)
        }.start()
    }
}
