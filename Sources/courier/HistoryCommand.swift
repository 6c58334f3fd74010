import ArgumentParser
import Courier
import Foundation
import CourierWorkspace

/// `courier history`: the exchanges the runner and the workbench recorded, secrets redacted.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List, show, export and prune the recorded exchanges (secrets redacted).",
        discussion: "History lives in $XDG_STATE_HOME/courier/history.sqlite (default ~/.local/state/courier/history.sqlite), 0600 in a 0700 folder. config.history.keep in a workspace sets how much of it is kept.",
        subcommands: [HistoryList.self, HistoryShow.self, HistoryPrune.self, HistoryLoadRuns.self, HistoryLoadRun.self],
        defaultSubcommand: HistoryList.self
    )
}

/// Where the history is, for every history subcommand.
struct HistoryLocation: ParsableArguments {
    @Option(help: ArgumentHelp("The folder holding history.sqlite (default: $XDG_STATE_HOME/courier).", valueName: "dir"))
    var stateDir: String?

    func open() throws -> HistoryStore {
        do {
            return try HistoryStore(stateDirectory: stateDir)
        } catch {
            printError("courier history: cannot open the history database: \(error)")
            throw ExitCode(1)
        }
    }
}

/// `courier history [WORKSPACE] [--name N] [--status 4xx] [--since 1h] [--failed] [--last N] [--json] [--har FILE]`.
struct HistoryList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List recorded exchanges, oldest first (the default).",
                                                    usage: "courier history [list] [<workspace>] [<options>]")

    @Argument(help: "The workspace (file or folder); all workspaces when omitted.", completion: Completions.workspaceFiles) var workspace: String?
    @Option(help: "Only this request.") var name: String?
    @Option(help: ArgumentHelp("Only these statuses: 500, 4xx or a list (4xx,503).", valueName: "status")) var status: String?
    @Option(help: ArgumentHelp("Only exchanges since: 90s, 15m, 1h, 2d, 1w ago, or a date (2026-11-01).", valueName: "when")) var since: String?
    @Flag(help: "Only failed exchanges.") var failed = false
    @Option(help: "Only the newest N.") var last: Int?
    @Flag(help: "Print JSON Lines, one exchange per line (without bodies).") var json = false
    @Option(help: ArgumentHelp("Write the selected exchanges, with bodies, as HAR 1.2.", valueName: "file")) var har: String?
    @OptionGroup var location: HistoryLocation

    func run() throws {
        var query = HistoryQuery(workspacePath: workspace.map(HistoryStore.workspacePath(ofFile:)), request: name)
        if let status {
            guard let filters = HistoryQuery.StatusFilter.parse(status) else {
                printError("courier history: --status expects a status (404), a class (4xx) or a list (4xx,503), got \"\(status)\"")
                throw ExitCode(2)
            }
            query.statuses = filters
        }
        if let since {
            guard let date = HistoryQuery.parseSince(since) else {
                printError("courier history: --since expects 90s, 15m, 1h, 2d, 1w or a date like 2026-11-01, got \"\(since)\"")
                throw ExitCode(2)
            }
            query.since = date
        }
        query.failedOnly = failed
        query.last = last
        let store = try location.open()
        if let har {
            let count: Int
            do {
                count = try HARExport.write(from: store, query: query, to: har, creatorVersion: courierVersion)
            } catch let error as OutputFileError {
                // Where it was to go cannot take it (a directory, a link, a full device): bad input.
                printError("courier history: \(error)")
                throw ExitCode(2)
            } catch {
                printError("courier history: \(error)")
                throw ExitCode(1)
            }
            printError("courier history: wrote \(count) exchange\(count == 1 ? "" : "s") to \(har) (HAR 1.2)")
            return
        }
        let exchanges = try store.exchanges(query)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.dataEncodingStrategy = .base64
        let dates = ISO8601DateFormatter()
        for exchange in exchanges {
            if json {
                print((try? encoder.encode(exchange)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
                continue
            }
            let place = exchange.chain.map { " [\($0) step \(exchange.step ?? 0)]" } ?? exchange.batch.map { " [\($0)]" } ?? ""
            printLine("#\(exchange.id ?? 0)  \(dates.string(from: exchange.date))  \(exchange.workspace)  \(exchange.request)\(place)  "
                + "\(exchange.method) \(exchange.url)  \(exchange.outcome)  \(String(format: "%.1f", exchange.durationMs)) ms"
                + "  \(exchange.responseBodyBytes) B\(exchange.fromCache ? "  (from cache)" : "")"
                + (exchange.failedChecks.isEmpty ? "" : "  " + HistoryExchange.checksVerdict(exchange.checks ?? [])))
        }
    }
}

/// `courier history show ID`: one exchange, whole, its body pretty-printed.
struct HistoryShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one exchange whole: request, response, headers, body and checks.")

    @Argument(help: "The exchange's number (the # in courier history).") var id: Int64
    @Flag(help: "Print it as JSON (bodies base64).") var json = false
    @OptionGroup var location: HistoryLocation

    func run() throws {
        let store = try location.open()
        guard let exchange = try store.exchange(id: id) else {
            printError("courier history: no exchange #\(id)")
            throw ExitCode(1)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try encoder.encode(exchange), as: UTF8.self))
            return
        }
        printLine("#\(id)  \(ISO8601DateFormatter().string(from: exchange.date))  \(exchange.workspace)  \(exchange.request)"
            + (exchange.environment.map { "  (env \($0))" } ?? ""))
        printLine("")
        printLine("\(exchange.method) \(exchange.url)")
        exchange.requestHeaders.forEach { printLine("\($0.name): \($0.value)") }
        if let body = exchange.requestBody { printLine(""); printBody(body, contentType: nil) }
        printLine("")
        if let status = exchange.status {
            printLine("\(exchange.httpVersion ?? "HTTP/1.1") \(status)")
            exchange.responseHeaders.forEach { printLine("\($0.name): \($0.value)") }
        }
        if let family = exchange.errorFamily { printLine("error: \(family) \(exchange.errorCode ?? 0): \(exchange.errorMessage ?? "")") }
        printLine("")
        if let body = exchange.responseBody {
            printBody(body, contentType: exchange.contentType)
        } else if let kept = store.keptBodyPath(of: exchange) {
            printLine("(\(exchange.responseBodyBytes) bytes, spooled; the history keeps it redacted in \(kept); SHA-256 of the body as "
                      + "received \(exchange.responseBodySHA256 ?? "?"))")
        } else if exchange.responseBodyBytes > 0 {
            printLine("(\(exchange.responseBodyBytes) bytes, over the history's body limit; SHA-256 \(exchange.responseBodySHA256 ?? "?"))")
        }
        if let trailers = exchange.responseTrailers, !trailers.isEmpty {
            printLine("")
            trailers.forEach { printLine("\($0.name): \($0.value)") }
        }
        if let checks = exchange.checks, !checks.isEmpty {
            printLine("")
            printLine("checks: " + HistoryExchange.checksVerdict(checks))
            // A failure says where the check is written; a pass is the check alone.
            checks.forEach { printLine("  " + $0.line + ($0.passed ? "" : "  (\($0.shortLocation))")) }
        }
        let timing = exchange.timings.map { timings in
            [("dns", timings.dns), ("connect", timings.connect), ("tls", timings.ssl), ("send", timings.send), ("wait", timings.wait),
             ("receive", timings.receive)].filter { $0.1 >= 0 }.map { " · \($0.0) \(String(format: "%.2f", $0.1)) ms" }.joined()
        } ?? ""
        printLine("")
        printLine("\(exchange.outcome) in \(String(format: "%.1f", exchange.durationMs)) ms\(exchange.fromCache ? " from cache" : "")\(timing)")
    }

    /// Each line on its own, control characters neutralized.
    private func printLines(_ text: String) {
        text.split(separator: "\n", omittingEmptySubsequences: false).forEach { printLine(String($0)) }
    }

    private func printBody(_ body: Data, contentType: String?) {
        if let json = try? JSONValue(parsing: body) {
            printLines(String(decoding: json.serialized(prettyPrinted: true), as: UTF8.self))
        } else if let text = String(data: body, encoding: .utf8) {
            printLines(text)
        } else {
            printLine("(\(body.count) bytes of binary data)")
        }
    }
}

/// `courier history prune [WORKSPACE] [--keep N] [--days D]`.
struct HistoryPrune: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "prune", abstract: "Delete old exchanges and load runs: beyond the newest N per request (or load target), or older than D days.",
                                                    usage: "courier history prune [<workspace>] [<options>]")

    @Argument(help: "The workspace, file or folder (its config.history.keep applies); all workspaces when omitted.", completion: Completions.workspaceFiles) var workspace: String?
    @Option(help: "Keep the newest N exchanges of each request, and N load runs of each target.") var keep: Int?
    @Option(help: "Delete exchanges and load runs older than D days.") var days: Int?
    @OptionGroup var location: HistoryLocation

    func run() throws {
        var retention = HistoryRetention(count: keep, days: days)
        if let workspace, keep == nil, days == nil {
            do {
                retention = try Workspace.load(path: workspace).config.historyRetention
            } catch {
                printError(error.description)
                throw ExitCode(2)
            }
        } else if keep == nil, days == nil {
            retention = .standard
        }
        if let keep, keep < 1 { printError("courier history prune: --keep must be at least 1"); throw ExitCode(2) }
        if let days, days < 1 { printError("courier history prune: --days must be at least 1"); throw ExitCode(2) }
        let path = workspace.map(HistoryStore.workspacePath(ofFile:))
        let store = try location.open()
        let deleted = try store.prune(retention, workspacePath: path)
        let loadRuns = try store.pruneLoadRuns(retention, workspacePath: path)
        printLine("deleted \(deleted) exchange\(deleted == 1 ? "" : "s") and \(loadRuns) load run\(loadRuns == 1 ? "" : "s")")
    }
}
