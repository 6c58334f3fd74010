import Foundation
import Synchronization
import Testing

/// `courier run` short of file descriptors (`ulimit -n 64`, set in a shell around the
/// binary: a test cannot lower its own limit safely). It used to fail 418 of 500 requests as
/// -1004 "Couldn't connect to server"; now the transport paces new connections, and any
/// request still without a socket says so. Cache-write warnings are printed once. The server
/// is `courier serve` in a process of its own (``DemoServerProcess``), with the usual limits: a
/// server inside the run would compete for the same descriptors.
@Suite(.serialized) struct DescriptorExhaustionEndToEndTests {
    /// Runs `courier` under `ulimit -n limit` (none when nil) in `sandbox`; returns its status and output.
    private func courier(_ arguments: [String], limit: Int?, sandbox: EndToEndTests.Sandbox) async throws
        -> (status: Int32, output: String, errors: String) {
        try await offThePool { try Self.blockingRun(arguments, limit: limit, sandbox: sandbox) }
    }

    private static func blockingRun(_ arguments: [String], limit: Int?, sandbox: EndToEndTests.Sandbox) throws
        -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let command = "exec \"$0\" \"$@\""
        process.arguments = ["-c", limit.map { "ulimit -n \($0) && " + command } ?? command, EndToEndTests.binary] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.directory)
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both at once: a run that fills one pipe while we wait on the other would stall.
        let errorData = Mutex(Data())
        let reader = Thread { errorData.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() } }
        reader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return (process.terminationStatus, String(decoding: out, as: UTF8.self),
                String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }

    private func writeWorkspace(_ sandbox: EndToEndTests.Sandbox, baseURL: String, cacheDirectory: String = ".courier/cache",
                                cached: Bool = false) throws -> String {
        let path = sandbox.directory + "/fd.yaml"
        try """
        name: descriptors
        config:
          baseUrl: "\(baseURL)"
          maxConcurrent: 100
          timeout: 10
          retry: {limit: 0}
          cacheDirectory: \(cacheDirectory)
        requests:
          x:
            url: /get
        \(cached ? "    cache: 600" : "")
        batches:
          many:
            continueOnFailure: true
            requests:
              - {request: x, times: 200}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func twoHundredRequestsAtUlimit64AreAllSentOrSayDescriptors() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let server = try DemoServerProcess()
        defer { server.stop() }
        let workspace = try writeWorkspace(sandbox, baseURL: server.url)
        let run = try await courier(["run", workspace, "many", "--quiet"], limit: 64, sandbox: sandbox)
        let failures = run.output.split(separator: "\n").filter { $0.contains("✗") }
        #expect(!run.output.contains("-1004"), "descriptor exhaustion reported as a connect failure")
        #expect(failures.allSatisfy { $0.contains("-1008") && $0.contains("Out of file descriptors") }, "\(failures.prefix(3))")
        #expect(run.output.contains("200 requests:"), "\(run.output.suffix(300)) \(run.errors.prefix(300))")
        // The history was opened before the transfers took the descriptors, and has them all.
        let history = try await courier(["history"], limit: nil, sandbox: sandbox)
        #expect(history.output.split(separator: "\n").filter { $0.contains(" x [many] ") }.count == 200,
                "\(run.errors.prefix(500))")
    }

    /// The probe ran many cached requests under `ulimit -n 64`, and each failed write printed
    /// its own line (46 to 117 of them); one request, as this test used to run, fails once.
    /// Here all 200 of the batch are cached and every write fails.
    @Test func aCacheWriteFailureIsPrintedOnce() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let server = try DemoServerProcess()
        defer { server.stop() }
        // A file where the cache directory should be: every write fails.
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: sandbox.directory + "/blocked"))
        let workspace = try writeWorkspace(sandbox, baseURL: server.url, cacheDirectory: "blocked/cache", cached: true)
        let run = try await courier(["run", workspace, "many", "--no-history", "--quiet"], limit: 64, sandbox: sandbox)
        #expect(run.output.contains("200 requests:"), "\(run.output.suffix(300))")
        let warnings = run.errors.split(separator: "\n").filter { $0.contains("was not cached") }
        #expect(warnings.count == 1, "\(warnings.count) warnings: \(warnings.prefix(3))")
        #expect(warnings.first?.hasPrefix("courier run: warning:") ?? false)
        #expect(warnings.first?.contains("more responses not cached)") ?? false, "\(warnings.first ?? "")")
    }
}
