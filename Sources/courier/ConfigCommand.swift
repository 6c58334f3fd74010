import ArgumentParser
import Foundation
import Workbench

/// `courier config path|show|check`: the user config of the workbench (theme, keys, editor,
/// default workspace, ASCII drawing, history).
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Find, show and check the workbench's config file (theme, keys, editor…).",
        discussion: """
            The file is --config PATH, else $COURIER_CONFIG, else $XDG_CONFIG_HOME/courier/config.yaml, \
            else ~/.config/courier/config.yaml. Without one the defaults apply.
            """,
        subcommands: [Path.self, Show.self, Check.self]
    )

    /// `--config PATH`, shared with `courier tui`.
    struct Location: ParsableArguments {
        @Option(name: .customLong("config"), help: ArgumentHelp("The config file, instead of the usual place.", valueName: "path"))
        var path: String?

        var location: ConfigLocation { ConfigLocation(option: path, environment: ProcessInfo.processInfo.environment) }
    }

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: "Print where the config file is looked for.")
        @OptionGroup var location: Location

        func run() {
            let path = location.location.path
            print(path)
            if !FileManager.default.fileExists(atPath: path) { printError("courier config: there is no file there; the defaults apply") }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print the config in effect, defaults included, as a config file.",
            discussion: "Every theme role's colour and every key binding, by the names the file uses. Exits 1 when the file has problems (then the defaults are printed: the workbench would use them).")
        @OptionGroup var location: Location

        func run() throws {
            let location = location.location
            switch UserConfig.read(location) {
            case .success(let config):
                print("# \(location.path)\(FileManager.default.fileExists(atPath: location.path) ? "" : " (not there: the defaults)")")
                print(config.yaml, terminator: "")
            case .failure(let problems):
                problems.errors.forEach { printError($0.description) }
                print("# \(location.path) has problems: the workbench uses the defaults")
                print(UserConfig().yaml, terminator: "")
                throw ExitCode(1)
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check the config file; print each problem as file:line:column.",
            discussion: "Exits 0 when the file is fine or absent, 1 when it has problems.")
        @OptionGroup var location: Location

        func run() throws {
            let location = location.location
            switch UserConfig.read(location) {
            case .success:
                let exists = FileManager.default.fileExists(atPath: location.path)
                print("\(location.path): \(exists ? "ok" : "no file; the defaults apply")")
            case .failure(let problems):
                problems.errors.forEach { printError($0.description) }
                throw ExitCode(1)
            }
        }
    }
}
