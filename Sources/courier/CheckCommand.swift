import ArgumentParser
import CourierDemoServer
import CourierWorkspace
import Foundation

/// `courier check WORKSPACE [NAME...]`: runs requests and reports how their responses drift
/// from the workspace's OpenAPI contract (`config.contract`).
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run requests and report where their responses drift from the workspace's OpenAPI contract.",
        usage: "courier check <workspace> [<names> ...] [<options>]",
        discussion: """
            Each request's response is matched to the contract's operation (method and path \
            template, then status, then content type) and its JSON body checked against the \
            response schema. One line per request: ✓ and the operation, or ✗ and each \
            violation with its JSON path and schema location. Without names, every request \
            of the workspace runs. The demo server starts when the workspace uses {{demo}}.

            Exit status: 0 every response matches, 1 drift (or a request without a response \
            to check), 2 bad input (unreadable workspace or contract, no contract, unknown name).
            """
    )

    @Argument(help: "The workspace (a YAML file or a folder) with config.contract.", completion: Completions.workspaceFiles)
    var workspace: String

    @Argument(help: "Requests, batches or chains to run (default: every request).", completion: Completions.targets)
    var names: [String] = []

    @Option(help: "The environment whose variables apply.", completion: Completions.environments)
    var env: String?

    @Option(name: .customLong("env-file"), help: ArgumentHelp("Read {{env.NAME}} values from a .env file (repeatable; an exported variable wins).", valueName: "file"))
    var envFiles: [String] = []

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable, over the workspace and environment.", valueName: "name=value"))
    var variables: [String] = []

    @Option(help: ArgumentHelp("Also write a self-contained HTML report to FILE: each response's verdict, timings and excerpt; secrets redacted.", valueName: "FILE"))
    var report: String?

    @Flag(help: "Do not record the exchanges in the history.")
    var noHistory = false

    func run() async throws {
        var run = HeadlessRun(workspacePath: workspace, names: names)
        run.environment = env
        run.variables = variables
        run.envFiles = envFiles
        run.ignoreCache = true
        run.recordsHistory = !noHistory
        run.checksContract = true
        run.reportPath = report
        let status = await run.run(startDemoServer: DemoServerHandle.embedded, output: { printLine($0) }, errors: { printError($0) })
        if status != 0 { throw ExitCode(status) }
    }
}
