import CourierRunner
import Foundation

/// The JSON Lines history of earlier versions (one `NAME-HASH.jsonl` per workspace, outcomes
/// without headers or bodies), read into exchanges once, when the history database is first
/// migrated. The files are left where they are.
enum LegacyHistoryImport {
    /// The exchanges of every `.jsonl` file in `directory`, oldest first; unreadable lines are
    /// skipped, as the old reader did.
    static func exchanges(in directory: String) -> [HistoryExchange] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
        var exchanges: [HistoryExchange] = []
        for file in files {
            for entry in HistoryLog(file: directory + "/" + file).entries() {
                exchanges.append(exchange(entry, key: "jsonl:" + file))
            }
        }
        return exchanges.sorted { $0.date < $1.date }
    }

    /// What stands for the workspace file in imported rows: the old file's name, which is
    /// made from the workspace's path but cannot be turned back into it.
    static func key(forWorkspacePath path: String) -> String {
        "jsonl:" + (HistoryLog(workspacePath: path).file as NSString).lastPathComponent
    }

    private static func exchange(_ entry: HistoryLog.Entry, key: String) -> HistoryExchange {
        let result = entry.result
        var exchange = HistoryExchange(runID: "jsonl", date: entry.date, workspace: entry.workspace, workspacePath: key,
                                       request: result.name, method: result.method, url: result.url)
        exchange.status = result.status
        exchange.ok = result.ok
        exchange.fromCache = result.fromCache
        exchange.durationMs = result.durationMs
        exchange.responseBodyBytes = result.bytes
        exchange.errorFamily = result.error?.family
        exchange.errorCode = result.error?.code
        exchange.errorMessage = result.error?.message
        exchange.batch = result.batch
        exchange.chain = result.chain
        exchange.step = result.step
        exchange.file = result.file
        if let timings = result.timings {
            exchange.timings = HistoryExchange.Timings(milliseconds: timings)
        }
        return exchange
    }
}
