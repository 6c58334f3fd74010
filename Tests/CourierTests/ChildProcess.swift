import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program the tests start — openssl, nginx, python — by `posix_spawn`, not Foundation's
/// `Process`: its `run()` scans the descriptor table and read past a buffer in a test process
/// with many descriptors open (a crash seen in CI while the nginx tests ran beside the rest).
/// The child gets an empty signal mask and default handlers: the test runner's threads block
/// most signals, and a child that inherits that never stops on SIGTERM. It inherits no
/// descriptor past 2 (``InheritedDescriptors``).
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    private var status: Int32?

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Starts `arguments[0]` (a path, or a name looked up on PATH) with the rest as its arguments; standard input from
    /// `input` (a file) or /dev/null, standard output — and standard error, unless
    /// `discardingErrors` — to `output` or /dev/null.
    static func start(_ arguments: [String], input: String? = nil, output: String? = nil,
                      discardingErrors: Bool = false) throws -> ChildProcess {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if discardingErrors {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        InheritedDescriptors.closeAllButStandard(&actions)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard result == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "cannot start \(arguments[0]): error \(result)"])
        }
        return ChildProcess(pid: pid)
    }

    /// Runs it to the end: its exit status and what it wrote (standard output, and standard
    /// error unless `discardingErrors`).
    static func run(_ arguments: [String], input: Data? = nil, discardingErrors: Bool = false) throws -> (status: Int32, output: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: base + ".in")
            try? FileManager.default.removeItem(atPath: base + ".out")
        }
        if let input { _ = FileManager.default.createFile(atPath: base + ".in", contents: input, attributes: [.posixPermissions: 0o600]) }
        let child = try start(arguments, input: input == nil ? nil : base + ".in", output: base + ".out", discardingErrors: discardingErrors)
        let status = child.wait()
        return (status, (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? "")
    }

    /// Whether it has not ended yet.
    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
        status = (raw >> 8) & 0xFF
        return false
    }

    /// Sends `signal`, then waits for the end.
    func stop(_ signal: Int32 = SIGKILL) {
        if isRunning { kill(pid, signal) }
        _ = wait()
    }

    /// Waits for the end; its exit status.
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        status = (raw >> 8) & 0xFF
        return status!
    }
}

extension ChildProcess {
    /// ``run(_:input:discardingErrors:)`` awaited off the concurrency pool (see ``offThePool(_:)``).
    static func finish(_ arguments: [String], input: Data? = nil, discardingErrors: Bool = false) async throws -> (status: Int32, output: String) {
        try await offThePool { try run(arguments, input: input, discardingErrors: discardingErrors) }
    }
}
