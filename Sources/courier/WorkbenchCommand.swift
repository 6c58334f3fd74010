import ArgumentParser
import CourierTUI
import Foundation
import CourierWorkspace
import Workbench

/// `courier tui`: the ncurses workbench (also what `courier` alone opens).
struct WorkbenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open the workbench: compose and fire requests, read responses (the default).",
        discussion: """
            Opens WORKSPACE (default: the config's workspace, else workspaces/demo.yaml) in the terminal \
            workbench, with the theme, keys and editor of the config file (`courier config path`). When the \
            workspace uses {{demo}}, the embedded demo server runs on loopback port 18080 \
            (COURIER_DEMO_PORT=N for another, 0 for any free port; a free one when it is \
            taken) until you quit. Press ? inside for every key. Needs a terminal: for scripts and CI use \
            `courier run`.
            """
    )

    @Argument(help: "Workspace file (default: the config's workspace, else workspaces/demo.yaml).", completion: Completions.workspaceFiles)
    var workspace: String?

    @OptionGroup var configLocation: ConfigCommand.Location

    @Option(help: "The environment whose variables apply.", completion: Completions.environments)
    var env: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable, over the workspace and environment.", valueName: "name=value"))
    var variables: [String] = []

    @Flag(help: "Draw with ASCII only (for terminals without UTF-8).")
    var ascii = false

    @Flag(help: "Do not record sent requests in the history.")
    var noHistory = false

    func run() async throws {
        let (fileConfig, configProblems) = readConfig()
        var config = fileConfig
        guard let path = workspace ?? config.workspace
                ?? (FileManager.default.fileExists(atPath: "workspaces/demo.yaml") ? "workspaces/demo.yaml" : nil) else {
            printError("courier tui: name a workspace file (there is no workspaces/demo.yaml here)")
            throw ExitCode(2)
        }
        if ascii { config.ascii = true }
        var settings = WorkbenchSettings()
        settings.environment = env
        for pair in variables {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                printError("courier tui: --var expects name=value, got \"\(pair)\"")
                throw ExitCode(2)
            }
            settings.overrides[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        let loaded: Workspace
        do {
            (loaded, settings.openingContractRead) = try ContractRead.loading(path: path, extraVariables: Set(settings.overrides.keys))
            _ = try loaded.variables(environment: env)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        guard WorkbenchTerminal.isInteractive else {
            printError("courier tui: needs a terminal (standard input or output is not one); use `courier run \(path) NAME…` in scripts")
            throw ExitCode(2)
        }
        if !noHistory && config.history { settings.history = { try HistoryStore() } }
        var demo: DemoServerHandle?
        if loaded.usesDemoServer {
            do {
                demo = try await DemoServerHandle.embedded()
                settings.demoURL = demo?.baseURL
                settings.demoTLS = demo?.tls
                let notices = [demo?.portFallback, demo?.tlsFailure.map { "the demo server's TLS listeners did not start: \($0)" }]
                settings.openingNotice = notices.contains { $0 != nil } ? notices.compactMap { $0 }.joined(separator: " · ") : nil
            } catch {
                printError("courier tui: cannot start the demo server: \(error)")
                throw ExitCode(2)
            }
        }
        if let problem = configProblems.errors.first {
            let more = configProblems.errors.count > 1 ? " (and \(configProblems.errors.count - 1) more)" : ""
            let notice = "\(problem)\(more) — the config is not applied: courier config check"
            settings.openingNotice = [notice, settings.openingNotice].compactMap { $0 }.joined(separator: " · ")
        }
        let ready = settings
        let readyConfig = config
        let failure: String? = await MainActor.run {
            do {
                try WorkbenchTerminal.run(workspacePath: path, workspace: loaded, settings: ready, config: readyConfig)
                return nil
            } catch {
                return "\(error)"
            }
        }
        await demo?.stop()
        configProblems.errors.forEach { printError("courier tui: config not applied: \($0)") }
        if let failure {
            printError("courier tui: \(failure)")
            throw ExitCode(2)
        }
    }

    /// The user config, or the defaults and why the file could not be used.
    private func readConfig() -> (UserConfig, ConfigProblems) {
        switch UserConfig.read(configLocation.location) {
        case .success(let config): return (config, ConfigProblems())
        case .failure(let problems): return (UserConfig(), problems)
        }
    }
}

extension FileHandle: @retroactive TextOutputStream {
    public func write(_ string: String) { write(Data(string.utf8)) }
}
