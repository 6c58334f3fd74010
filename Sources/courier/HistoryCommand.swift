import ArgumentParser
import Foundation
import Workbench

/// `courier history [WORKSPACE]`: the requests sent by the runner, secrets redacted.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show every request sent for a workspace (or for all of them), secrets redacted.",
        discussion: "History lives in $XDG_STATE_HOME/courier/history (default ~/.local/state/courier/history), one 0600 JSON Lines file per workspace."
    )

    @Argument(help: "The workspace file; all workspaces when omitted.")
    var workspace: String?

    @Flag(help: "Print the entries as JSON Lines.")
    var json = false

    @Option(help: "Show only the last N entries.")
    var last: Int?

    func run() throws {
        let logs: [HistoryLog]
        if let workspace {
            logs = [HistoryLog(workspacePath: workspace)]
        } else {
            let directory = HistoryLog.defaultDirectory
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            logs = files.filter { $0.hasSuffix(".jsonl") }.sorted().map { HistoryLog(file: directory + "/" + $0) }
        }
        var entries = logs.flatMap { $0.entries() }.sorted { $0.date < $1.date }
        if let last { entries = Array(entries.suffix(last)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let dates = ISO8601DateFormatter()
        for entry in entries {
            if json {
                print((try? encoder.encode(entry)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
                continue
            }
            let result = entry.result
            let outcome = result.ok ? "\(result.status ?? 0)" : result.error.map { "\($0.family) \($0.code)" } ?? "failed"
            let place = result.chain.map { " [\($0) step \(result.step ?? 0)]" } ?? ""
            printLine("\(dates.string(from: entry.date))  \(entry.workspace)  \(result.name)\(place)  \(result.method) \(result.url)  "
                + "\(outcome)  \(String(format: "%.1f", result.durationMs)) ms\(result.fromCache ? "  (from cache)" : "")")
        }
    }
}
