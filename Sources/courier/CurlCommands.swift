import ArgumentParser
import Courier
import Foundation
import CourierWorkspace

/// `courier import-curl 'curl …'`: prints the workspace YAML of an equivalent request.
struct ImportCurlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-curl",
        abstract: "Print the workspace YAML of the request a curl command sends.",
        discussion: "Paste it under requests: in a workspace. -k/--insecure is refused: Courier verifies TLS by default."
    )

    @Argument(help: "The curl command, quoted as one argument (or its words).")
    var command: [String]

    @Option(help: "The request's name in the YAML.")
    var name = "imported"

    func run() throws {
        let line = command.count == 1 ? command[0] : command.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        do {
            print(try CurlImport.yaml(from: line, name: name), terminator: "")
        } catch {
            printError("courier import-curl: \(error)")
            throw ExitCode(2)
        }
    }
}

/// `courier export-curl WORKSPACE NAME`: a curl command that sends the same request.
struct ExportCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-curl",
        abstract: "Print a curl command that sends the same request as a workspace request.",
        usage: "courier export-curl <workspace> <name> [<options>]",
        discussion: "{{demo}} becomes --demo-url (the URL `courier serve --port 8080` prints by default). Secrets are included: the command is meant to be run. An oauth2 or command token is a placeholder (<token from oauth2>) unless --fetch-token gets it."
    )

    @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
    @Argument(help: "The request's name.") var name: String
    @Option(help: "The environment whose variables apply.", completion: Completions.environments) var env: String?
    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable.", valueName: "name=value")) var variables: [String] = []
    @Option(help: "What {{demo}} stands for.") var demoURL = "http://127.0.0.1:8080"
    @Flag(help: "Get the request's oauth2 or command token (cached, fetched or the command run) and write it instead of a placeholder.")
    var fetchToken = false

    func run() async throws {
        do {
            let (request, token) = try await ExportedRequest.make(workspace: workspace, name: name, environment: env, variables: variables,
                                                                  demoURL: demoURL, fetchToken: fetchToken)
            print(try CurlExport.command(for: request, token: token))
        } catch let error as WorkspaceError {
            printError(error.description)
            throw ExitCode(2)
        } catch {
            printError("courier export-curl: \(error)")
            throw ExitCode(1)
        }
    }
}
