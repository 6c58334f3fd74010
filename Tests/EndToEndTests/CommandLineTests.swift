import Foundation
import Testing

/// `courier` without a terminal: it explains itself instead of garbling the output.
@Suite struct CommandLineTests {
    /// Runs the binary with `arguments` and `environment` over this process's, standard
    /// input from /dev/null; returns the exit status and what it printed.
    func courier(_ arguments: [String], environment: [String: String] = [:]) async throws
        -> (status: Int32, output: String, errors: String) {
        try await offThePool { try Self.blockingRun(arguments, environment: environment) }
    }

    private static func blockingRun(_ arguments: [String], environment: [String: String]) throws
        -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEndTests.binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// `--version` says Courier's version (the one `make` stamped in from git) and the libcurl it runs on, with the features a
    /// bug report needs (this machine's libcurl speaks HTTP/2 and decodes gzip).
    @Test func versionNamesCourierAndTheLibcurlItRunsOn() async throws {
        let result = try await courier(["--version"])
        expectEqual(result.status, 0)
        let lines = result.output.split(separator: "\n")
        // The version `make` stamped in (from git), or the engine's, said to be unstamped.
        let header = try? String(contentsOfFile: EndToEndTests.root + "/Sources/CourierBuildInfo/version.generated.h", encoding: .utf8)
        let stamped = header?.split(separator: "\"").dropFirst().first.map(String.init)
        if let stamped {
            #expect(lines.first.map(String.init) == "courier " + stamped, "\(result.output)")
        } else {
            #expect(lines.first?.hasPrefix("courier 0.") == true && lines.first?.hasSuffix(" (built without make: no git version)") == true,
                    "\(result.output)")
        }
        #expect(lines.count == 2 && lines[1].hasPrefix("libcurl ") && lines[1].contains("HTTP/2") && lines[1].contains("gzip"),
                "\(result.output)")
    }

    @Test func withoutATerminalTheWorkbenchExitsTwoWithOneLine() async throws {
        let result = try await courier(["tui", EndToEndTests.root + "/workspaces/demo.yaml"])
        expectEqual(result.status, 2)
        #expect(result.output.isEmpty)
        expectEqual(result.errors.split(separator: "\n").count, 1)
        #expect(result.errors.contains("needs a terminal"))
        let bare = try await courier([])
        #expect(bare.status == 2, "courier alone opens the workbench, which needs a terminal")
    }

    @Test func aServersEscapeSequencesArePrintedInertly() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let path = sandbox.directory + "/evil.yaml"
        try """
        config: {baseUrl: "{{demo}}"}
        requests:
          evil:
            url: "/anything/%1B%5D0%3Bpwned%07"
            args: {x: "\\e[2J"}
        chains:
          steal:
            steps:
              - {request: evil, capture: {x: $.args.x}}
        """.write(toFile: path, atomically: true, encoding: .utf8)  // YAML's "\\e" is ESC
        let result = try await courier(["run", path, "steal", "--no-history"], environment: sandbox.environment)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.output.contains("\u{1B}") && !result.errors.contains("\u{1B}"))
        #expect(result.output.contains("x=^[[2J"), "the captured value is shown, inert")
    }

    @Test func aMalformedWorkspaceIsReportedWithItsPlaceAndExitsTwo() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/bad.yaml"
        try "requests:\n  a:\n    url: /a\n    hedaers: {X: y}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await courier(["tui", path])
        expectEqual(result.status, 2)
        #expect(result.errors.contains("bad.yaml:4:5: error:"))
        #expect(result.errors.contains("did you mean \"headers\""))
    }

    @Test func aSecondRunInAnotherProcessIsServedFromTheCacheOfTheFirst() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        // A free port stands in for the fixed one, which a person's workbench may hold.
        let probe = try LoopbackListener()
        let port = probe.port
        probe.close()
        let arguments = ["run", sandbox.workspace, "cities", "--json", "--no-history"]
        let first = try await courier(arguments, environment: ["COURIER_DEMO_PORT": "\(port)"])
        let second = try await courier(arguments, environment: ["COURIER_DEMO_PORT": "\(port)"])
        expectEqual(first.status, 0)
        expectEqual(second.status, 0)
        #expect(first.output.contains("\"fromCache\":false"))
        #expect(second.output.contains("\"fromCache\":true"))
        #expect(second.output.contains("http://127.0.0.1:\(port)/anything/cities"))
        #expect(first.errors.isEmpty && second.errors.isEmpty)
    }

    @Test func aTakenDemoPortFallsBackToAFreeOneWithAWarning() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let occupant = try LoopbackListener()
        let result = try await courier(["run", sandbox.workspace, "get-args", "--no-history"],
                                 environment: ["COURIER_DEMO_PORT": "\(occupant.port)"])
        occupant.close()
        expectEqual(result.status, 0)
        #expect(!result.output.contains("127.0.0.1:\(occupant.port)/"))
        #expect(result.errors.hasPrefix("courier run: warning: the demo server is on port "))
        #expect(result.errors.contains("not \(occupant.port) (it is in use): responses cached in this run are keyed by port "))
    }

    @Test func helpListsTheSubcommands() async throws {
        let result = try await courier(["--help"])
        expectEqual(result.status, 0)
        for subcommand in ["tui", "run", "cache", "history", "import-curl", "export-curl", "serve"] {
            #expect(result.output.contains(subcommand), "--help misses \(subcommand)")
        }
    }
}
