import ArgumentParser
import CourierImport
import Foundation
import CourierWorkspace

/// `courier export http|postman|openapi|hurl|code WORKSPACE …`: a workspace (or a request) in another tool's format.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a workspace's requests in another format.",
        subcommands: [ExportHTTPFile.self, ExportPostman.self, ExportOpenAPI.self, ExportHurl.self, ExportCode.self]
    )
}

/// `courier export postman WORKSPACE [-o FILE] [--environments DIR]`.
struct ExportPostman: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postman", abstract: "The workspace as a Postman collection v2.1, its environments as Postman environment files.",
        usage: "courier export postman <workspace> [<options>]")
    @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the collection here instead of standard output.", valueName: "file"))
    var output: String?
    @Option(help: ArgumentHelp("Write each environment as NAME.postman_environment.json in this folder.", valueName: "dir"))
    var environments: String?

    func run() throws {
        let result: PostmanExport.Result
        do {
            result = PostmanExport.result(workspace: try Workspace.load(path: workspace))
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        do {
            if let output { try OutputFile.write(result.collection, to: output) } else { print(result.collection, terminator: "") }
            if let environments {
                try FileManager.default.createDirectory(atPath: environments, withIntermediateDirectories: true)
                for environment in result.environments {
                    let name = environment.name.replacingOccurrences(of: "/", with: "-")
                    try OutputFile.write(environment.text, to: environments + "/\(name).postman_environment.json")
                }
            }
        } catch {
            printError("courier export postman: \(error)")
            throw ExitCode(2)
        }
        if environments == nil, !result.environments.isEmpty {
            printError("courier export postman: \(result.environments.count) environment(s) not written: pass --environments DIR")
        }
        ImportOutput.printReport(result.report)
    }
}

struct ExportHTTPFile: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "http", abstract: "The workspace's requests (all, or the named ones) as a .http file.")
    @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
    @Argument(help: "Requests, batches or chains to export; all requests when omitted.", completion: Completions.targets) var names: [String] = []

    func run() throws {
        do {
            let loaded = try Workspace.load(path: workspace)
            print(try HTTPFileExport.text(workspace: loaded, names: names), terminator: "")
        } catch let error as WorkspaceError {
            printError(error.description)
            throw ExitCode(2)
        } catch {
            printError("courier export http: \(error)")
            throw ExitCode(2)
        }
    }
}

/// `courier export hurl WORKSPACE [NAME...] [-o FILE]`: what Hurl cannot express on standard error.
struct ExportHurl: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hurl",
                                                    abstract: "The workspace's requests (all, or the named ones) with their checks as a .hurl file.")
    @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
    @Argument(help: "Requests, batches or chains to export (a chain with its captures); all requests when omitted.",
              completion: Completions.targets) var names: [String] = []
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the file here instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let result: HurlExport.Result
        do {
            result = try HurlExport.result(workspace: try Workspace.load(path: workspace), names: names)
        } catch let error as WorkspaceError {
            printError(error.description)
            throw ExitCode(2)
        } catch {
            printError("courier export hurl: \(error)")
            throw ExitCode(2)
        }
        do {
            if let output { try OutputFile.write(result.text, to: output) } else { print(result.text, terminator: "") }
        } catch {
            printError("courier export hurl: \(error)")
            throw ExitCode(2)
        }
        if !result.notCarried.isEmpty {
            printError("not carried over:")
            result.notCarried.forEach { printError("  - " + $0) }
        }
    }
}
