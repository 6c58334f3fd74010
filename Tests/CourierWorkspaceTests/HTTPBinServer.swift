import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// httpbin (psf/httpbin from PyPI, a server nobody here wrote) served by gunicorn on
/// 127.0.0.1 at a free port, as a subprocess. `scripts/test-servers-bootstrap.sh` installs it
/// into `.build/test-venv`; without that venv ``start()`` prints why and returns nil.
///
/// ```swift
/// let server = try await HTTPBinServer.required()   // or: guard let server = try await HTTPBinServer.start()
/// defer { server.stop() }
/// let url = server.baseURL + "/anything"
/// ```
///
/// Shared by more than one test target (a symlink in each): it uses Foundation and Testing only.
final class HTTPBinServer: @unchecked Sendable {
    /// `http://127.0.0.1:PORT`, no trailing slash.
    let baseURL: String
    let port: Int
    /// gunicorn's master, which leads a process group of its own (its workers are in it).
    private let pid: pid_t
    private let stopped = NSLock()
    private var hasStopped = false

    private init(port: Int, pid: pid_t) {
        self.port = port
        self.pid = pid
        baseURL = "http://127.0.0.1:\(port)"
    }

    /// The venv's Python, found from this file's place in the package.
    static var python: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/test-venv/bin/python")
    }

    /// Starts httpbin and waits until it answers an HTTP request (at most 20 seconds);
    /// nil, with the reason printed, when it is not installed or does not come up.
    static func start() async throws -> HTTPBinServer? {
        switch await launch() {
        case .success(let server): return server
        case .failure(let reason):
            print("httpbin unavailable: \(reason.text)")
            return nil
        }
    }

    /// Like ``start()``, but a test that cannot have httpbin is cancelled (reported as
    /// skipped) with the reason, instead of going on.
    static func required(sourceLocation: SourceLocation = #_sourceLocation) async throws -> HTTPBinServer {
        switch await launch() {
        case .success(let server): return server
        case .failure(let reason):
            print("skipping: httpbin unavailable: \(reason.text)")
            try Test.cancel("httpbin unavailable: \(reason.text)", sourceLocation: sourceLocation)
        }
    }

    deinit { stop() }

    /// Stops gunicorn and its workers at once (SIGQUIT is its quick shutdown; SIGKILL after
    /// five seconds) and reaps the master. Safe to call twice.
    func stop() {
        let first = stopped.withLock { () -> Bool in
            defer { hasStopped = true }
            return !hasStopped
        }
        guard first else { return }
        kill(-pid, SIGQUIT)
        var status: Int32 = 0
        for _ in 0..<250 {
            if waitpid(pid, &status, WNOHANG) != 0 { return }
            usleep(20_000)
        }
        kill(-pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    struct Unavailable: Error {
        let text: String
    }

    /// A Python server from the test venv, run as `command(port)` (the venv's Python is
    /// prepended), that answers `GET /status/200`; nil, with the reason printed, when it
    /// cannot start. `name` says which in the reason.
    static func startPython(_ name: String, _ command: @Sendable (Int) -> [String]) async -> HTTPBinServer? {
        switch await launch(command) {
        case .success(let server): return server
        case .failure(let reason):
            print("\(name) unavailable: \(reason.text)")
            return nil
        }
    }

    private static func launch(_ command: @Sendable (Int) -> [String] = { port in
        ["-m", "gunicorn", "-b", "127.0.0.1:\(port)", "--threads", "8", "--graceful-timeout", "1", "--log-level", "warning", "httpbin:app"]
    }) async -> Result<HTTPBinServer, Unavailable> {
        let python = python
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            return .failure(Unavailable(text: "\(python.path) is missing; run scripts/test-servers-bootstrap.sh"))
        }
        var lastReason = "no attempt"
        // A free port is chosen by the kernel, then handed to gunicorn: another process could take
        // it in between, so a start that fails to bind tries again with a new port.
        for _ in 0..<3 {
            guard let port = freePort() else { return .failure(Unavailable(text: "no free loopback port")) }
            let arguments = [python.path] + command(port)
            guard let pid = spawn(arguments) else {
                return .failure(Unavailable(text: "cannot run \(python.path): \(String(cString: strerror(errno)))"))
            }
            let server = HTTPBinServer(port: port, pid: pid)
            let deadline = Date().addingTimeInterval(20)
            var status: Int32 = 0
            var exited = false
            while Date() < deadline {
                if waitpid(pid, &status, WNOHANG) == pid {
                    exited = true
                    break
                }
                if answers(port: port) { return .success(server) }
                try? await Task.sleep(for: .milliseconds(50))
            }
            lastReason = exited ? "\(arguments.dropFirst().joined(separator: " ")) exited with status \(status)"
                : "\(arguments.dropFirst().joined(separator: " ")) did not answer on port \(port) within 20 s"
            if !exited { server.stop() }
        }
        return .failure(Unavailable(text: lastReason))
    }

    /// Starts `arguments` in a process group of its own, output to /dev/null, with no signal
    /// blocked or ignored: a test process's threads block most signals, and a child would
    /// otherwise inherit that mask and never see SIGQUIT.
    private static func spawn(_ arguments: [String]) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        InheritedDescriptors.closeAllButStandard(&actions)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard result == 0 else {
            errno = result
            return nil
        }
        return pid
    }

    private static func freePort() -> Int? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    /// Whether `GET /status/200` on the port gets an HTTP status line back within a second:
    /// a connect alone succeeds as soon as gunicorn listens, before a worker can answer.
    private static func answers(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { return false }
        let request = Array("GET /status/200 HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard send(socket, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return false }
        var reply = [UInt8](repeating: 0, count: 12)
        let count = recv(socket, &reply, reply.count, 0)
        return count >= 5 && reply.starts(with: Array("HTTP/".utf8))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
