import ArgumentParser
import CourierFormatCore
import CourierMock
import CourierWorkspace
import Foundation

/// `courier mock WORKSPACE [NAMES…]`: the workspace served as a mock API until Ctrl-C, every
/// call logged; then the expected calls verified.
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Serve a workspace as a mock API: its requests' mock: answers, an OpenAPI document's examples, the history's responses.",
        usage: "courier mock <workspace> [<names> ...] [--port N] [--verify FILE]",
        discussion: """
            One route per request (method and URL path; {{vars}} and {param} segments are path \
            parameters). A call is answered by the request's mock: block, else the OpenAPI \
            document (--from, or the workspace's config.contract: an example, else a body made \
            from the response schema), else with --from-history the newest response in the \
            history. Unknown routes answer 404 with the list of routes. Ctrl-C (or SIGTERM) stops \
            it; then the expected calls (expect-calls: in the workspace, and --verify FILE) are \
            checked. Exit status: 0, 1 when an expected call was not made as expected, 2 bad input.
            """)

    @Argument(help: "The workspace (a YAML file or a folder).", completion: Completions.workspaceFiles) var workspace: String
    @Argument(help: "Requests (batches and chains: their requests) to serve; default: all, and the OpenAPI document's operations.")
    var names: [String] = []
    @Option(help: "Port to listen on; 0 picks a free one.") var port = 4010
    @Option(help: "Address to listen on (loopback by default).") var host = "127.0.0.1"
    @Option(help: ArgumentHelp("An OpenAPI 3.0/3.1 document whose examples and schemas answer (default: config.contract).", valueName: "file"))
    var from: String?
    @Flag(help: "Answer a request without another answer with its newest response in the history.") var fromHistory = false
    @Option(help: ArgumentHelp("The folder holding history.sqlite (default: $XDG_STATE_HOME/courier).", valueName: "dir"))
    var stateDir: String?
    @Option(name: [.customLong("env"), .customShort("e")], help: "The environment whose variables the answers' templates read.")
    var environment: String?
    @Option(help: ArgumentHelp("Expected calls to check when the mock stops (besides the workspace's expect-calls:).", valueName: "file"))
    var verify: String?
    @Flag(help: "Serve over TLS (HTTP/2 or HTTP/1.1 by ALPN) with a CA made now; its file is printed.") var tls = false
    @Flag(help: "Serve HTTP/2 without TLS (prior knowledge, as gRPC clients and curl --http2-prior-knowledge speak it).") var http2 = false
    @Flag(help: "One JSON object per line: the routes when listening, each call, the verdicts.") var json = false
    @Option(help: "Seed for fail: rates and jitter: delays (the same seed draws the same).") var seed: UInt64?

    func run() async throws {
        guard !(tls && http2) else {
            printError("courier mock: --tls already offers HTTP/2 (by ALPN); --http2 is HTTP/2 without TLS")
            throw ExitCode(2)
        }
        let loaded: Workspace
        var expectations: [CallExpectation]
        do {
            loaded = try Workspace.load(path: workspace)
            expectations = loaded.expectedCalls
            if let verify { expectations += try CallExpectation.load(file: verify) }
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        var settings = MockSettings()
        settings.names = names
        settings.openAPIFile = from
        settings.environment = environment
        settings.seed = seed
        if fromHistory {
            do {
                settings.history = try HistoryStore(stateDirectory: stateDir)
            } catch {
                printError("courier mock: the history cannot be read: \(error)")
                throw ExitCode(2)
            }
        }
        let json = self.json
        let service: MockService
        let server: MockServer
        do {
            service = try MockService.make(workspace: loaded, settings: settings) { call in
                StandardStreams.output((json ? MockOutput.jsonLine(call) : MockOutput.line(call)) + "\n")
            }
            server = try await MockServer.start(service, host: host, port: port, transport: tls ? .tls : (http2 ? .http2 : .http1))
        } catch {
            printError("courier mock: \(error)")
            throw ExitCode(2)
        }
        StandardStreams.output(json ? MockOutput.listeningJSON(server) : MockOutput.listening(server, workspace: loaded.name))
        let signal = await StopSignals.wait()
        await server.stop()
        let verdicts = service.verify(expectations)
        if json {
            StandardStreams.output(MockOutput.verdictsJSON(verdicts, signal: signal))
        } else {
            StandardStreams.output(MockOutput.verdicts(verdicts))
        }
        if verdicts.contains(where: { !$0.isMet }) { throw ExitCode(1) }
    }
}
