import ArgumentParser
import CourierWorkspace
import Foundation

/// `courier secrets check WORKSPACE`: fetches every `config.secrets` value from its provider and
/// says which came and which did not — never the values.
struct SecretsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "secrets",
        abstract: "Check where a workspace's {{secret.NAME}} values come from.",
        discussion: "Secrets are fetched when a request first uses them and kept in memory only; nothing here prints a value.",
        subcommands: [Check.self]
    )

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Fetch every secret the workspace defines; say which fail and why (exit 1 when one does).",
            usage: "courier secrets check <workspace>")
        @Argument(help: "The workspace (file or folder).", completion: Completions.workspaceFiles) var workspace: String

        func run() throws {
            let loaded: Workspace
            do {
                loaded = try Workspace.load(path: workspace)
            } catch {
                printError(error.description)
                throw ExitCode(2)
            }
            let secrets = loaded.config.secrets
            guard !secrets.isEmpty else {
                print("\(loaded.file): no secrets (config.secrets) to check")
                return
            }
            let results = SecretStore(definitions: secrets).checkAll()
            for (name, problem) in results {
                let definition = secrets[name]!
                if let problem {
                    print("✗ \(name)  \(problem)")
                } else {
                    print("✓ \(name)  \(definition.providerDescription): a value came (not shown)")
                }
            }
            let failed = results.filter { $0.problem != nil }.count
            print("\(results.count) secret\(results.count == 1 ? "" : "s"): \(results.count - failed) ok, \(failed) failed")
            if failed > 0 { throw ExitCode(1) }
        }
    }
}
