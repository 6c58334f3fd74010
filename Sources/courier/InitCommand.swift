import ArgumentParser
import CourierImport
import CourierWorkspace
import Foundation

/// `courier init [DIR]`: a starter workspace for the user's own API (``StarterWorkspace``),
/// its `.gitignore`, and what to run next.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a workspace for your own API: DIR/courier.yaml, .gitignore.",
        usage: """
            courier init [DIR] [--force]
                     [--base-url URL | --from-curl 'curl …' | --from [FORMAT:]FILE]
            """,
        discussion: """
            Writes DIR/courier.yaml (DIR: default the current folder, made if missing) with \
            an environment, a request carrying a check and a batch, and adds what Courier \
            writes beside a workspace (.courier/) to DIR/.gitignore. The requests come from \
            --base-url (a health request, GET /), --from-curl or --from (an importer: what it \
            cannot carry over goes to standard error). An existing courier.yaml is kept unless \
            --force. Exit status 2 on bad input.
            """
    )

    @Argument(help: ArgumentHelp("The folder, made if missing.", valueName: "dir"), completion: Completions.directories)
    var directory = "."

    @Option(help: ArgumentHelp("The API's base URL (default: http://localhost:8080).", valueName: "url"))
    var baseURL: String?

    @Option(name: .customLong("from-curl"), help: ArgumentHelp("Start from a curl command, quoted as one argument.", valueName: "command"))
    var curl: String?

    @Option(help: ArgumentHelp("Import an OpenAPI, Postman, Insomnia, .http, HAR or Hurl file, or a Bruno collection's folder (or FORMAT:FILE).",
                               valueName: "file"),
            completion: .file())
    var from: String?

    @Flag(help: "Overwrite an existing courier.yaml.")
    var force = false

    func run() throws {
        guard [baseURL, curl, from].compactMap({ $0 }).count <= 1 else {
            printError("courier init: give one of --base-url, --from-curl and --from")
            throw ExitCode(2)
        }
        let source: StarterWorkspace.Source
        if let curl {
            source = .curl(curl)
        } else if let from {
            source = try imported(from)
        } else {
            source = .baseURL(baseURL ?? StarterWorkspace.placeholderBaseURL)
        }
        let written: StarterWorkspace.Written
        do {
            written = try StarterWorkspace.write(source, into: directory, force: force)
        } catch {
            printError("courier init: \(error.description)")
            throw ExitCode(2)
        }
        let workspace = Self.shown(written.workspace)
        print("Wrote \(workspace)")
        switch written.gitignore {
        case .created: print("Wrote \(Self.shown(written.gitignorePath)) (.courier/ and .env stay out of git)")
        case .appended(let lines): print("Added \(lines.joined(separator: ", ")) to \(Self.shown(written.gitignorePath))")
        case .unchanged: break
        }
        if let curl, case let secrets = StarterWorkspace.environmentSecrets(inCurl: curl), !secrets.isEmpty {
            print("The curl command's secrets are read from the environment, not written in the file: "
                  + "export \(secrets.map { "\($0)=…" }.joined(separator: " ")) before you run it.")
        }
        if baseURL == nil, curl == nil, from == nil {
            print("The base URL is \(StarterWorkspace.placeholderBaseURL): change baseUrl in \(workspace) for your API.")
        }
        let first = (try? Workspace.load(path: written.workspace))?.targetNames.first ?? "NAME"
        print("Next: courier tui \(workspace)   (or: courier run \(workspace) \(first))")
    }

    /// The importer's workspace for `--from`, its report on standard error.
    private func imported(_ argument: String) throws -> StarterWorkspace.Source {
        do {
            if let folder = Self.brunoFolder(argument) {
                let result = try BrunoImport.result(folder: folder)
                printError("courier init: imported \(folder) as bruno")
                ImportOutput.printReport(result.report)
                return .imported(result.workspace, from: folder)
            }
            let (format, file) = try ImportFormat.detect(argument)
            let data = try ImportOutput.read(file)
            let result = try format.result(data, file: file, workspaceDirectory: directory)
            printError("courier init: imported \(file) as \(format.rawValue)")
            ImportOutput.printReport(result.report)
            return .imported(result.workspace, from: file)
        } catch let failure as ImportFailure {
            printError(failure.description)
            throw ExitCode(2)
        }
    }

    /// The folder of a Bruno collection named by `argument` (`bruno:FOLDER`, or any folder:
    /// Bruno's are the only collections that are folders; the importer says when it holds
    /// neither `bruno.json` nor `opencollection.yml`).
    private static func brunoFolder(_ argument: String) -> String? {
        let path = argument.lowercased().hasPrefix("bruno:") ? String(argument.dropFirst(6)) : argument
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? path : nil
    }

    /// `path` as the user would type it: `./courier.yaml` as `courier.yaml`.
    private static func shown(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}
