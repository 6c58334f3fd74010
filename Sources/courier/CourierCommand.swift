import ArgumentParser
import Courier

/// `courier`: the terminal request workbench and its tools.
@main
struct CourierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier",
        abstract: "A terminal request workbench on a YTKNetwork-style engine over libcurl.",
        version: courierVersion,
        subcommands: [WorkbenchCommand.self, RunCommand.self, CheckCommand.self, CacheCommand.self, HistoryCommand.self, ImportCommand.self, ExportCommand.self, ImportCurlCommand.self, ExportCurlCommand.self, DemoCommand.self, ServeCommand.self, LoadCommand.self, DownloadCommand.self, ConfigCommand.self, CookiesCommand.self],
        defaultSubcommand: WorkbenchCommand.self
    )
}
