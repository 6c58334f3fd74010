import ArgumentParser
import Courier
import Foundation
import CourierWorkspace

/// `courier export code --lang LANG WORKSPACE NAME`: a program that sends the same request.
struct ExportCode: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "A program (or command) that sends the same request as a workspace request.",
        usage: "courier export code --lang <lang> <workspace> <name> [<options>]",
        discussion: """
            Languages: curl, httpie, python (requests), js (fetch, Node 18+), go (net/http), swift (URLSession), \
            courier (Swift on Courier's engine). Each program prints the response's body. Secrets (authorization, \
            cookies, API keys, sensitive values, {{secret.*}}, .env values) are read from environment variables \
            named in the program's first comment, unless --reveal writes them in. {{demo}} becomes --demo-url.
            """
    )

    @Option(help: ArgumentHelp("The language: \(CodeLanguage.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "lang"),
            completion: .list(CodeLanguage.allCases.map(\.rawValue)))
    var lang: String
    @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String
    @Argument(help: "The request's name.") var name: String
    @Option(help: "The environment whose variables apply.", completion: Completions.environments) var env: String?
    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable.", valueName: "name=value")) var variables: [String] = []
    @Option(help: "What {{demo}} stands for.") var demoURL = "http://127.0.0.1:8080"
    @Flag(help: "Write the secrets into the program instead of reading them from the environment.")
    var reveal = false
    @Flag(help: "Get the request's oauth2 or command token and write it instead of reading ACCESS_TOKEN (with --reveal).")
    var fetchToken = false

    func validate() throws {
        guard CodeLanguage(rawValue: lang) != nil else {
            throw ValidationError("unknown language \"\(lang)\": expected one of \(CodeLanguage.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if fetchToken && !reveal { throw ValidationError("--fetch-token writes the token into the program: add --reveal") }
    }

    func run() async throws {
        do {
            let (request, token) = try await ExportedRequest.make(workspace: workspace, name: name, environment: env, variables: variables,
                                                                  demoURL: demoURL, fetchToken: fetchToken)
            print(try CodeExport.program(for: request, language: CodeLanguage(rawValue: lang)!, revealingSecrets: reveal, token: token), terminator: "")
        } catch let error as WorkspaceError {
            printError(error.description)
            throw ExitCode(2)
        } catch {
            printError("courier export code: \(error)")
            throw ExitCode(1)
        }
    }
}
