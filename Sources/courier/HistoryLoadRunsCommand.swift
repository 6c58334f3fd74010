import ArgumentParser
import CourierWorkspace
import Foundation

/// `courier history load-runs [WORKSPACE] [--name N] [--last N]`: saved load runs, a line each.
struct HistoryLoadRuns: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "load-runs",
                                                    abstract: "List saved load runs (courier load), newest first, with their headline figures.",
                                                    usage: "courier history load-runs [<workspace>] [<options>]")

    @Argument(help: "The workspace (file or folder); all workspaces when omitted.", completion: Completions.workspaceFiles) var workspace: String?
    @Option(help: "Only this request, batch or chain.") var name: String?
    @Option(help: "At most N runs (default 50).") var last: Int = 50
    @OptionGroup var location: HistoryLocation

    func run() throws {
        let path = workspace.map(HistoryStore.workspacePath(ofFile:))
        let runs = try location.open().loadRuns(workspacePath: path, target: name, limit: max(1, last))
        if runs.isEmpty { printLine("no load runs saved" + (name.map { " of \($0)" } ?? "")) }
        runs.forEach { printLine(LoadReport.headline($0)) }
    }
}

/// `courier history load-run ID [--json]`: one saved load run's whole report.
struct HistoryLoadRun: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "load-run", abstract: "Show one saved load run's figures (the # in load-runs).")

    @Argument(help: "The run's number.") var id: Int64
    @Flag(help: "Print it as the JSON courier load --json writes (a file --compare takes).") var json = false
    @OptionGroup var location: HistoryLocation

    func run() throws {
        guard let result = try location.open().loadRun(id: id) else {
            printError("courier history: no load run #\(id)")
            throw ExitCode(1)
        }
        if json {
            print(String(decoding: try LoadResult.jsonData(result, pretty: true), as: UTF8.self))
        } else {
            LoadReport.lines(for: result).forEach(printLine)
        }
    }
}
