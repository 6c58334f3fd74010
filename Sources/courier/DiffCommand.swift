import ArgumentParser
import CourierFormatCore
import CourierWorkspace
import Foundation

/// `courier diff WORKSPACE --env a --env b [NAMES…]`: the collection sent in two environments
/// (or one, against a saved run) and its responses compared.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Send requests in two environments (or one, against a saved run) and compare their responses.",
        usage: "courier diff <workspace> --env A --env B [<names> ...] [<options>]",
        discussion: """
            Compares the status, chosen headers (Content-Type unless config.diff.headers says \
            others) and the body — path by path for JSON ($.items[0].price: 10 → 12), line by \
            line otherwise. diff: {ignore: [$.timestamp, "$.items[*].id", "header:Date"], \
            tolerance: {$.latency: 5%}} in config (or on a request) leaves paths out or lets \
            numbers differ. Requests are sent past the cache; streams, WebSocket sessions, gRPC \
            calls and downloads are left out. Exit status: 0 the same, 1 a difference, 2 bad input.
            """)

    @Argument(help: "The workspace (a YAML file or a folder).", completion: Completions.workspaceFiles) var workspace: String
    @Argument(help: "Requests, batches or chains to compare; default: every request.") var names: [String] = []
    @Option(name: [.customLong("env"), .customShort("e")], help: "An environment: twice (before, after), or once with --against.")
    var environments: [String] = []
    @Option(help: ArgumentHelp("A run saved with --save: compare the one environment with it.", valueName: "file")) var against: String?
    @Option(help: ArgumentHelp("Save the first environment's responses (redacted) for a later --against.", valueName: "file"))
    var save: String?
    @Option(name: [.customLong("var")], help: ArgumentHelp("Set a variable in both environments (repeatable).", valueName: "name=value"))
    var variables: [String] = []
    @Flag(help: "One JSON object per request, then a summary.") var json = false
    @Option(help: ArgumentHelp("Write an HTML report of the differences.", valueName: "file")) var report: String?
    @Flag(help: "Print only the requests that differ.") var quiet = false
    @Option(help: .hidden) var cacheDir: String?
    @Option(help: .hidden) var stateDir: String?

    func run() async throws {
        var diff = HeadlessDiff(workspacePath: workspace, names: names, environments: environments.map(Optional.some))
        diff.againstFile = against
        diff.saveFile = save
        diff.variables = variables
        diff.cacheDirectory = cacheDir
        diff.stateDirectory = stateDir
        switch await diff.run(startDemoServer: DemoServerHandle.embedded) {
        case .failure(let error):
            printError("courier diff: \(error.description)")
            throw ExitCode(2)
        case .success(let outcome):
            StandardStreams.output(json ? DiffOutput.jsonLines(outcome) : DiffOutput.text(outcome, quiet: quiet))
            if let report {
                do {
                    try OutputFile.write(DiffReport.html(outcome), to: report)
                } catch {
                    printError("courier diff: cannot write the report: \(error)")
                    throw ExitCode(2)
                }
            }
            if outcome.differing > 0 { throw ExitCode(1) }
        }
    }
}
