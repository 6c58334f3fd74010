import Foundation
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
    private func courier(_ arguments: [String]) async throws -> (status: Int32, output: Data) {
        try await offThePool { try Self.blockingRun(arguments) }
    }

    private static func blockingRun(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEndTests.binary)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, bytes)
    }

    @Test func exportCurlAndExportHTTPPrintNoEscapeOrBell() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let path = sandbox.directory + "/evil.yaml"
        try Self.workspace.write(toFile: path, atomically: true, encoding: .utf8)

        let curl = try await courier(["export-curl", path, "osc"])
        #expect(curl.status == 0)
        #expect(!curl.output.contains(0x1B) && !curl.output.contains(0x07))
        #expect(String(decoding: curl.output, as: UTF8.self)
                == #"curl http://127.0.0.1:1/anything -H $'X-Osc: \x1B]52;c;cm0gLXJmIH4=\x07\x1B]0;pwned\x07'"# + "\n")

        let http = try await courier(["export", "http", path])
        #expect(http.status == 0)
        #expect(!http.output.contains(0x1B) && !http.output.contains(0x07))
        let text = String(decoding: http.output, as: UTF8.self)
        #expect(text.hasPrefix(#"# Exported from workspace "evil^[]0;pwned^G""#), "\(text)")
        #expect(text.contains("X-Osc: ^[]52;c;cm0gLXJmIH4=^G^[]0;pwned^G"))
    }
}
