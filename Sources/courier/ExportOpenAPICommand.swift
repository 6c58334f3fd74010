import ArgumentParser
import CourierImport
import CourierWorkspace
import Foundation

/// `courier export openapi WORKSPACE [-o FILE] [--no-history] [--state-dir DIR]`.
struct ExportOpenAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "An OpenAPI 3.1 skeleton of the workspace: paths from its requests, examples and schemas from its history.",
        usage: "courier export openapi <workspace> [<options>]")
    @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the document here instead of standard output.", valueName: "file"))
    var output: String?
    @Flag(help: "Leave the history out: every operation gets a `default` response to fill in.")
    var noHistory = false
    @Option(help: ArgumentHelp("The folder holding history.sqlite (default: $XDG_STATE_HOME/courier).", valueName: "dir"))
    var stateDir: String?

    func run() throws {
        let loaded: Workspace
        do {
            loaded = try Workspace.load(path: workspace)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        var observed: [String: OpenAPIExport.Observed] = [:]
        if !noHistory {
            do {
                observed = try OpenAPIExport.observed(in: try HistoryStore(stateDirectory: stateDir), workspace: loaded)
            } catch {
                printError("courier export openapi: warning: the history could not be read (\(error)); no responses are described")
            }
        }
        let result = OpenAPIExport.result(workspace: loaded, observed: observed)
        do {
            if let output { try OutputFile.write(result.text, to: output) } else { print(result.text, terminator: "") }
        } catch {
            printError("courier export openapi: \(error)")
            throw ExitCode(2)
        }
        ImportOutput.printReport(result.report)
    }
}
