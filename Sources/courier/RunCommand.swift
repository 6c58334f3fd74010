#if canImport(Glibc)
@preconcurrency import Glibc  // stdout, before any module that imports it
#endif
import ArgumentParser
import CourierDemoServer
import Foundation
import CourierWorkspace

/// `courier run WORKSPACE NAME...`: the headless runner.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run requests, batches or chains of a workspace by name, headless.",
        usage: "courier run <workspace> [<names> ...] [<options>]",
        discussion: """
            Names run in the order given. Human output shows one line per request (status, \
            time, size, from cache) and each chain step with its captures; --json prints JSON \
            Lines instead, one object per request and a final {"summary": …}. A streamed \
            response (server-sent events, NDJSON, or stream: in the workspace) prints each \
            event as it arrives, one line each (--json: {"type":"event",…}), and ends at its \
            until:, maxEvents: or deadline: as a success. When the \
            workspace uses {{demo}}, the embedded demo server runs on loopback port 18080 \
            (COURIER_DEMO_PORT=N for another, 0 for any free port), or on a free port with a \
            warning when that one is taken.

            Exit status: 0 every request ok, 1 a request failed, 2 bad input (unreadable or \
            invalid workspace, unknown name or environment).
            """
    )

    @Argument(help: "The workspace: a YAML file, or a folder with courier.yaml.", completion: Completions.workspaceFiles)
    var workspace: String

    @Argument(help: "Requests, batches or chains to run, in order.", completion: Completions.targets)
    var names: [String] = []

    @Option(help: "The environment whose variables apply.", completion: Completions.environments)
    var env: String?

    @Option(name: .customLong("env-file"), help: ArgumentHelp("Read {{env.NAME}} values from a .env file (repeatable; an exported variable wins).", valueName: "file"))
    var envFiles: [String] = []

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable, over the workspace and environment.", valueName: "name=value"))
    var variables: [String] = []

    @Option(help: ArgumentHelp("Seed {{random.…}} and {{fake.…}}: the same values run after run.", valueName: "N"))
    var seed: UInt64?

    @Flag(help: "Print JSON Lines: one object per request (and per event of a stream, as it arrives), then a summary.")
    var json = false

    @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE.", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write a self-contained HTML report to FILE: summary, checks, timings, response excerpts; secrets redacted.", valueName: "FILE"))
    var report: String?

    @Flag(help: "Go to the network even when a fresh cached response exists.")
    var ignoreCache = false

    @Flag(help: "Print only failures and the summary.")
    var quiet = false

    @Flag(help: "Do not record the exchanges in the history.")
    var noHistory = false

    @Flag(help: "Never touch the network: answer each request from the cache, else from the newest matching exchange in the history.")
    var offline = false

    func run() async throws {
        var run = HeadlessRun(workspacePath: workspace, names: names)
        run.environment = env
        run.variables = variables
        run.envFiles = envFiles
        run.seed = seed
        run.json = json
        run.junitPath = junit
        run.reportPath = report
        run.ignoreCache = ignoreCache
        run.quiet = quiet
        run.recordsHistory = !noHistory
        run.offline = offline
        if offline, let port = try? DemoServer.preferredPort(environment: ProcessInfo.processInfo.environment) {
            run.offlineDemoURL = "http://127.0.0.1:\(port)"
        }
        let running = Task { [run, json] in
            await run.run(startDemoServer: DemoServerHandle.embedded,
                          output: { line in print(json ? line : TerminalText.neutralized(line)) },
                          errors: { printError($0) })
        }
        // Ctrl-C (or SIGTERM) cancels the run instead of killing the process: a stream in
        // progress is stopped and reported with what it received, the exchanges are recorded
        // in the history, what was printed is flushed, and the process exits 128 + the signal
        // (130 for Ctrl-C). A second one ends the process at once.
        let interrupt = StopSignals()
        interrupt.install { _ in
            printError("courier run: interrupted; recording what arrived (again to quit at once)")
            running.cancel()
        }
        let status = await running.value
        if let signalNumber = interrupt.received { throw ExitCode(128 + signalNumber) }
        if status != 0 { throw ExitCode(status) }
    }
}

extension DemoServerHandle {
    /// The in-process demo server on loopback: on `DemoServer.preferredPort` (or
    /// `$COURIER_DEMO_PORT`) when it is free, so that cached responses keyed by its URL
    /// outlive the run, else on a free port, which `portFallback` then explains. Its TLS
    /// listeners are on free ports; when they cannot start, `tlsFailure` says why.
    @Sendable static func embedded() async throws -> DemoServerHandle {
        guard let preferred = try DemoServer.preferredPort(environment: ProcessInfo.processInfo.environment) else {
            return DemoServerHandle(try await DemoServer.start(tls: true, webSockets: true))
        }
        let start = try await DemoServer.start(preferringPort: preferred, tls: true, webSockets: true)
        let server = start.server
        let fallback = start.fallbackReason.map { portFallbackSentence(port: server.port, preferred: preferred, reason: $0) }
        return DemoServerHandle(server, portFallback: fallback)
    }

    /// What a user must know when the demo server is not on its usual port.
    static func portFallbackSentence(port: Int, preferred: Int, reason: String) -> String {
        "the demo server is on port \(port), not \(preferred) (\(reason)): responses cached in this run "
            + "are keyed by port \(port) and will not be found by runs on port \(preferred)"
    }

    private init(_ server: DemoServer, portFallback: String? = nil) {
        self.init(baseURL: server.baseURL, portFallback: portFallback, tls: server.tls.map(DemoTLSVariables.init), tlsFailure: server.tlsFailure,
                  stop: { await server.stop() })
    }
}

/// A line on standard error, its control characters shown, not obeyed (it may quote a server).
func printError(_ line: String) {
    StandardStreams.error(TerminalText.neutralized(line) + "\n")
}

/// A line for a person on standard output: server data in it cannot drive the terminal.
func printLine(_ line: String) {
    print(TerminalText.neutralized(line))
}
