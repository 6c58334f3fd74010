import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// grpc-go's own RouteGuide example server — grpc's example, in Go's gRPC implementation,
/// unchanged but for its import paths — built from Debian's golang-google-grpc-dev by
/// scripts/routeguide-server-bootstrap.sh, with the example's route_guide.proto beside it. It
/// serves on the port it is given (`-port`), over TLS with `-tls -cert_file -key_file`, and has
/// no reflection. A test that cannot have it is cancelled (reported as skipped) with the reason.
final class RouteGuideServer: @unchecked Sendable {
    static let directory = EndToEndTests.root + "/.build/test-servers/routeguide"
    static var binary: String { directory + "/routeguide-server" }
    /// The example's route_guide.proto, as Debian ships it.
    static var proto: String { directory + "/route_guide.proto" }

    let baseURL: String
    private let child: ChildProcess
    private let log: String

    private init(port: Int, tls: Bool, child: ChildProcess, log: String) {
        baseURL = "\(tls ? "https" : "http")://127.0.0.1:\(port)"
        self.child = child
        self.log = log
    }

    /// Starts the server (over TLS with `tls`' PEM files) on a free port and waits until it
    /// accepts connections (at most 20 s). It listens on a port chosen here, which another
    /// process may take first: then it exits, and another port is tried (three in all).
    static func required(tls: (certificate: String, key: String)? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) async throws -> RouteGuideServer {
        guard FileManager.default.isExecutableFile(atPath: binary), FileManager.default.fileExists(atPath: proto) else {
            let reason = "grpc-go's RouteGuide example is not built: run scripts/routeguide-server-bootstrap.sh"
            print("skipping: \(reason)")
            try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
        }
        var said = ""
        for _ in 0..<3 {
            let listener = try LoopbackListener()
            let port = listener.port
            listener.close()
            var arguments = [binary, "-port", "\(port)"]
            if let tls { arguments += ["-tls", "-cert_file", tls.certificate, "-key_file", tls.key] }
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("routeguide-\(UUID().uuidString).log").path
            let child = try ChildProcess.start(arguments, output: log)
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, child.isRunning {
                if accepts(port) { return RouteGuideServer(port: port, tls: tls != nil, child: child, log: log) }
                try await Task.sleep(for: .milliseconds(20))
            }
            child.stop()
            said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: log)
        }
        let reason = "grpc-go's RouteGuide server did not start: \(said.suffix(300))"
        print("skipping: \(reason)")
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    }

    /// Whether something accepts a TCP connection on 127.0.0.1:`port`.
    private static func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Stops the server (SIGKILL: Go's server ends at once) and removes its log.
    func stop() {
        child.stop()
        try? FileManager.default.removeItem(atPath: log)
    }
}
