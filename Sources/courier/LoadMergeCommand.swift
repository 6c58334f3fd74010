import ArgumentParser
import CourierWorkspace
import Foundation

/// `courier load merge FILE… [--json] [--report FILE]`: runs made at once on several machines,
/// as one. `courier load` itself takes a workspace and a name, so `merge` is not its subcommand
/// (ArgumentParser would read it as the workspace, and a default subcommand loses the
/// completion of the workspace's names): ``CourierCommand/main()`` routes `load merge` here.
struct LoadMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge load runs made at the same time on several machines (the files courier load --json wrote).",
        usage: "courier load merge <files> ... [--json] [--report <FILE>]",
        discussion: """
            Counts are summed; percentiles come from the runs' HDR histograms added up, so they are \
            the percentiles of every request together, not an average of percentiles; the seconds \
            of the timelines are summed, aligned on each run's start. Start the runs with whatever \
            starts jobs on many machines (ssh, xargs -P, a Kubernetes Job) and merge their files.

            Exit status: 0 merged, 2 a file that is not a finished run with histograms, or a report \
            it cannot write.
            """
    )

    @Argument(help: "The runs: files courier load --json (or courier history load-run --json) wrote.", completion: .file(extensions: ["json"]))
    var files: [String]

    @Flag(help: "Print the merged run as one JSON object (which merge and --compare read again).")
    var json = false

    @Option(help: ArgumentHelp("Write the merged run as a self-contained HTML page.", valueName: "FILE"))
    var report: String?

    func run() throws {
        var merge = HeadlessLoadMerge(files: files)
        merge.json = json
        merge.reportPath = report
        let status = merge.run(output: { [json] line in print(json ? line : TerminalText.neutralized(line)) },
                               errors: { printError($0) })
        if status != 0 { throw ExitCode(status) }
    }
}
