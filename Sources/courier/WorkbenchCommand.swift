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
        usage: "courier [tui] [<workspace>] [<options>]",
        discussion: """
            Opens WORKSPACE in the terminal workbench, with the theme, keys and editor of the \
            config file (`courier config path`). Without one: the config's workspace, else \
            ./courier.yaml, else workspaces/demo.yaml (a checkout), else the start screen: \
            recent workspaces, `i` to start one here (as `courier init`), `d` for the demo. \
            When the workspace uses {{demo}}, the embedded demo server runs on loopback port \
            18080 (COURIER_DEMO_PORT=N for another, 0 for any free port; a free one when it is \
            taken) until you quit. Press ? inside for every key. Needs a terminal: for scripts \
            and CI use `courier run`.
            """
    )

    @Argument(help: "Workspace file (default: see above).", completion: Completions.workspaceFiles)
    var workspace: String?

    @OptionGroup var configLocation: ConfigCommand.Location

    @Option(help: "The environment whose variables apply.", completion: Completions.environments)
    var env: String?

    @Option(name: .customLong("env-file"), help: ArgumentHelp("Read {{env.NAME}} values from a .env file (repeatable; an exported variable wins).", valueName: "file"))
    var envFiles: [String] = []

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable, over the workspace and environment.", valueName: "name=value"))
    var variables: [String] = []

    @Flag(help: "Draw with ASCII only (for terminals without UTF-8).")
    var ascii = false

    @Flag(help: "Do not record sent requests in the history.")
    var noHistory = false

    @Flag(help: "Open the demo workspace (installed: a copy in $XDG_DATA_HOME/courier/demo).")
    var demo = false

    func run() async throws {
        let (fileConfig, configProblems) = readConfig()
        var config = fileConfig
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
        do {
            settings.dotenv = try DotEnvFile.values(ofFiles: envFiles)
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        settings.envFiles = envFiles
        if let problem = configProblems.errors.first {
            let more = configProblems.errors.count > 1 ? " (and \(configProblems.errors.count - 1) more)" : ""
            settings.openingNotice = "\(problem)\(more) — the config is not applied: courier config check"
        }
        var opening: (path: String, workspace: Workspace)?
        if let path = try workspaceToOpen(config: config) {
            do {
                opening = (path, try load(path, into: &settings))
            } catch {
                printError("\(error)")
                throw ExitCode(2)
            }
        }
        guard WorkbenchTerminal.isInteractive else {
            let named = opening.map { "courier run \($0.path) NAME…" } ?? "courier run WORKSPACE NAME…"
            printError("courier tui: needs a terminal (standard input or output is not one); use `\(named)` in scripts")
            throw ExitCode(2)
        }
        let failure: String?
        do {
            let session = try await TerminalSession(config: config)
            failure = await open(opening, settings: settings, config: config, in: session)
            await session.close()
        } catch {
            failure = "\(error)"
        }
        configProblems.errors.forEach { printError("courier tui: config not applied: \($0)") }
        if let failure {
            printError("courier tui: \(failure)")
            throw ExitCode(2)
        }
    }

    /// What to open without asking: `--demo`, the argument, the config's workspace,
    /// `./courier.yaml`, a checkout's `workspaces/demo.yaml`; nil for the start screen.
    private func workspaceToOpen(config: UserConfig) throws -> String? {
        if demo {
            do {
                return try DemoWorkspace.locate()
            } catch {
                printError("courier tui: \(error)")
                throw ExitCode(2)
            }
        }
        let files = FileManager.default
        return workspace ?? config.workspace
            ?? [StarterWorkspace.fileName, "workspaces/demo.yaml"].first { files.fileExists(atPath: $0) }
    }

    /// Reads the workspace (and its contract) as the workbench opens it.
    func load(_ path: String, into settings: inout WorkbenchSettings) throws -> Workspace {
        let loaded: Workspace
        (loaded, settings.openingContractRead) = try ContractRead.loading(path: path, extraVariables: Set(settings.overrides.keys))
        _ = try loaded.variables(environment: env)
        return loaded
    }

    /// The workbench on `opening`, or on what the start screen chose; the demo server runs
    /// meanwhile when the workspace uses it. A failure, in words.
    private func open(_ opening: (path: String, workspace: Workspace)?, settings: WorkbenchSettings, config: UserConfig,
                      in session: TerminalSession) async -> String? {
        var settings = settings
        var path: String
        let loaded: Workspace
        if let opening {
            (path, loaded) = opening
        } else {
            do {
                guard let chosen = try await chosen(in: session, settings: &settings) else { return nil }
                (path, loaded) = chosen
            } catch {
                return "\(error)"
            }
        }
        // A folder workspace is opened, watched and remembered by its courier.yaml.
        path = loaded.file
        try? RecentWorkspaces().record(path)
        if !noHistory && config.history { settings.history = { try HistoryStore() } }
        // The demo server runs in a process of its own, started once the first screen is
        // drawn (DemoServerChild): a request sent before it listens waits for it.
        var demo: DemoServerChild?
        if loaded.usesDemoServer {
            do {
                let child = try DemoServerChild()
                settings.demoServer = child.addresses
                settings.afterFirstScreen = { child.addresses.launch() }
                demo = child
            } catch {
                return "cannot start the demo server: \(error)"
            }
        }
        let ready = settings
        var failure: String?
        do {
            try await session.runWorkbench(workspacePath: path, workspace: loaded, settings: ready)
        } catch {
            failure = "\(error)"
        }
        await demo?.stop()
        return failure
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
    /// Never traps: `write(_: Data)` does on any error, EPIPE included (see `StandardStreams`).
    public func write(_ string: String) { try? write(contentsOf: Data(string.utf8)) }
}
