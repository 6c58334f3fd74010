import Foundation
import Synchronization
import Testing

/// `courier export-curl` and `courier export http` on a workspace that holds OSC 52 and OSC 0
/// sequences (as a Postman import carries them over): nothing they print can drive the
/// terminal.
@Suite struct InertExportCommandTests {
    static let workspace = #"""
        name: "evil\e]0;pwned\a"
        requests:
          osc:
            url: http://127.0.0.1:1/anything
            headers:
              X-Osc: "\e]52;c;cm0gLXJmIH4=\a\e]0;pwned\a"
        """#

    /// What the binary printed on standard output for `arguments`, and its status.
    private func courier(_ arguments: [String]) async throws -> (status: Int32, output: Data, errors: Data) {
        try await offThePool { try Self.blockingRun(arguments) }
    }

    private static func blockingRun(_ arguments: [String]) throws -> (status: Int32, output: Data, errors: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEndTests.binary)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Standard error read on a thread of its own, so that neither pipe fills while the other is read.
        let errorBytes = Mutex(Data())
        let done = DispatchSemaphore(value: 0)
        Thread {
            errorBytes.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() }
            done.signal()
        }.start()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return (process.terminationStatus, bytes, errorBytes.withLock { $0 })
    }

    @Test func exportCurlAndExportHTTPPrintNoEscapeOrBell() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let path = sandbox.directory + "/evil.yaml"
        try Self.workspace.write(toFile: path, atomically: true, encoding: .utf8)

        // A header value with a control character cannot be sent (#41: every header value goes
        // through one check), so export-curl, built from what the engine would send, refuses it;
        // its message names the characters without writing them. (`InertCurlExportTests` keeps
        // the $'…' quoting of other words.)
        let curl = try await courier(["export-curl", path, "osc"])
        expectEqual(curl.status, 1)
        #expect(curl.output.isEmpty)
        #expect(!curl.errors.contains(0x1B) && !curl.errors.contains(0x07))
        #expect(String(decoding: curl.errors, as: UTF8.self).contains(#"The header "X-Osc""#) &&
                String(decoding: curl.errors, as: UTF8.self).contains("ESC (0x1B)"))

        let http = try await courier(["export", "http", path])
        expectEqual(http.status, 0)
        #expect(!http.output.contains(0x1B) && !http.output.contains(0x07))
        let text = String(decoding: http.output, as: UTF8.self)
        #expect(text.hasPrefix(#"# Exported from workspace "evil^[]0;pwned^G""#), "\(text)")
        #expect(text.contains("X-Osc: ^[]52;c;cm0gLXJmIH4=^G^[]0;pwned^G"))
    }
}
