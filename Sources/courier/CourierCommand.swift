#if canImport(Glibc)
@preconcurrency import Glibc  // stdout, before any module that imports it
#endif
import ArgumentParser
import Courier
import CourierBuildInfo
import Foundation

/// `courier`: the terminal request workbench and its tools.
@main
struct CourierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier",
        abstract: "A terminal request workbench on a YTKNetwork-style engine over libcurl.",
        version: "courier \(buildVersion)\n\(LibcurlBuild.description)",
        subcommands: subcommands,
        defaultSubcommand: WorkbenchCommand.self
    )

    /// Every command; `grpc` when built with the GRPC trait (the default). Each one names itself
    /// (`commandName`): ArgumentParser otherwise derives the name from the type's with
    /// `String(describing:)`, whose conformance lookups, for every command at every launch, cost
    /// the workbench's start ~6 ms.
    static var subcommands: [any ParsableCommand.Type] {
        var commands: [any ParsableCommand.Type] = [
            WorkbenchCommand.self, InitCommand.self, RunCommand.self, CheckCommand.self, CacheCommand.self, HistoryCommand.self,
            ImportCommand.self, ExportCommand.self, ImportCurlCommand.self, ExportCurlCommand.self, DemoCommand.self,
            ServeCommand.self, MockCommand.self, RecordCommand.self, DiffCommand.self, LoadCommand.self, DownloadCommand.self, ConfigCommand.self, CookiesCommand.self, SecretsCommand.self,
        ]
        #if GRPC
        commands.append(GRPCCommand.self)
        #endif
        return commands
    }

    /// The version `make` stamped in (from `git describe`), or the engine's when built without it.
    static var buildVersion: String {
        let stamped = String(cString: courier_build_version())
        return stamped.isEmpty ? "\(courierVersion) (built without make: no git version)" : stamped
    }

    /// ArgumentParser's own `main`, after making standard output line-buffered: into a pipe
    /// or a file the C library buffers 4 KiB at a time, so `courier run … --json | jq` saw
    /// a stream's events only when the run ended. Each printed line now reaches the pipe as
    /// it is printed, as on a terminal.
    static func main() async {
        setvbuf(stdout, nil, _IOLBF, 0)
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.starts(with: ["load", "merge"]) {
            // ArgumentParser's `main` exits on an error only.
            LoadMergeCommand.main(Array(arguments.dropFirst(2)))
            Glibc.exit(EXIT_SUCCESS)
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
